// Verifier errors of the subgroup MMA ops. Both tools check the same expected-* comments: the messages are
// mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%m: memref<32x32xbf16>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float values of ranks 1 values, but got 'memref<32x32xbf16>'}}
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xbf16> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%m: memref<32x32xf16, strided<[1, 32]>>, %i: index) {
  // expected-error@+1 {{expected source memref most minor dim must have unit stride}}
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, strided<[1, 32]>> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op requires attribute 'leadDimension'}}
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op result #0 must be MMAMatrix type, but got 'vector<4xf16>'}}
  %a = "gpu.subgroup_mma_load_matrix"(%m, %i, %i) <{leadDimension = 32 : index}> : (memref<32x32xf16>, index, index) -> vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index, %x: !gpu.mma_matrix<16x16xf16, "AOp">) {
  // expected-error@+1 {{expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %x, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "AOp">, memref<32x32xf16>
  return
}

// -----

func.func @f(%m: memref<32x32xf16, strided<[1, 32]>>, %i: index, %x: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{expected destination memref most minor dim must have unit stride}}
  gpu.subgroup_mma_store_matrix %x, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, strided<[1, 32]>>
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x16xf16, "BOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "BOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{'gpu.subgroup_mma_compute' op failed to verify that all of {opC, res} have same type}}
  %d = "gpu.subgroup_mma_compute"(%a, %b, %c) : (!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x16xi32, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{'gpu.subgroup_mma_compute' op operand #0 must be gpu.mma_matrix of 8-bit signed integer or 8-bit unsigned integer or 16-bit float or 32-bit float or 64-bit float values, but got '!gpu.mma_matrix<16x16xi32, "AOp">'}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xi32, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_mma_constant_matrix' op failed to verify that value type matches element type of mma_matrix}}
  %e = "gpu.subgroup_mma_constant_matrix"(%v) : (f32) -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%v: bf16) {
  // expected-error@+1 {{'gpu.subgroup_mma_constant_matrix' op operand #0 must be 8-bit signed integer or 8-bit unsigned integer or 32-bit signless integer or 16-bit float or 32-bit float, but got 'bf16'}}
  %e = "gpu.subgroup_mma_constant_matrix"(%v) : (bf16) -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{'gpu.subgroup_mma_elementwise' op requires attribute 'opType'}}
  %e = "gpu.subgroup_mma_elementwise"(%a) : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%a: f16) {
  // expected-error@+1 {{'gpu.subgroup_mma_elementwise' op operand #0 must be variadic of MMAMatrix type, but got 'f16'}}
  %e = "gpu.subgroup_mma_elementwise"(%a) <{opType = #gpu<mma_element_wise addf>}> : (f16) -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @f(%z: !gpu.mma_matrix<16x16xsi8, "BOp">, %c: !gpu.mma_matrix<16x16xsi8, "COp">, %a: !gpu.mma_matrix<16x16xsi8, "AOp">) {
  // expected-error@+1 {{'gpu.subgroup_mma_compute' op operand #2 must be gpu.mma_matrix of 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float values, but got '!gpu.mma_matrix<16x16xsi8, "COp">'}}
  %d = gpu.subgroup_mma_compute %a, %z, %c : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xsi8, "COp">
  return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index, %x: f16) {
  // expected-error@+1 {{'gpu.subgroup_mma_store_matrix' op operand #0 must be gpu.mma_matrix of 8-bit signed integer or 8-bit unsigned integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float values, but got 'f16'}}
  "gpu.subgroup_mma_store_matrix"(%x, %m, %i, %i) <{leadDimension = 32 : index}> : (f16, memref<32x32xf16>, index, index) -> ()
  return
}

// -----

func.func @f(%v: memref<32xf16>, %i: index) {
  // The result's type is read as any type (MLIR's GPU_MMAMatrix has no class of its own) and checked by the verifier.
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op result #0 must be MMAMatrix type, but got 'f32'}}
  %cv = gpu.subgroup_mma_load_matrix %v[%i] {leadDimension = 8 : index} : memref<32xf16> -> f32
  return
}

// -----

func.func @f(%m: !gpu.mma_matrix<16x16xf32, "COp">, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_extract_thread_local' op failed to verify that value type matches element type of mma_matrix}}
  %v = gpu.subgroup_mma_extract_thread_local %m[%i] : !gpu.mma_matrix<16x16xf32, "COp"> -> f16
  return
}

// -----

func.func @f(%m: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error@+1 {{'gpu.subgroup_mma_extract_thread_local' op result #0 must be Integer or Float, but got 'index'}}
  %v = gpu.subgroup_mma_extract_thread_local %m[] : !gpu.mma_matrix<16x16xf32, "COp"> -> index
  return
}

// -----

func.func @f(%m: f32, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_extract_thread_local' op operand #0 must be MMAMatrix type, but got 'f32'}}
  %v = gpu.subgroup_mma_extract_thread_local %m[%i] : f32 -> f32
  return
}

// -----

func.func @f(%m: !gpu.mma_matrix<16x16xf32, "COp">, %x: f16, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_insert_thread_local' op failed to verify that value type matches element type of mma_matrix}}
  %n = gpu.subgroup_mma_insert_thread_local %x, %m[%i] : f16, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @f(%m: !gpu.mma_matrix<16x16xf32, "COp">, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_insert_thread_local' op operand #0 must be Integer or Float, but got 'index'}}
  %n = gpu.subgroup_mma_insert_thread_local %i, %m[%i] : index, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}
