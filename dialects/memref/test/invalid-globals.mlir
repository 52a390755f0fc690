// Verifier errors of memref.global and memref.get_global, and of the memref ops that query or annotate a memref:
// extract_strided_metadata, assume_alignment, alloca_scope. Both tools check the same expected-* comments: the
// messages and their locations are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== memref.global ====

// expected-error@+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "g", type = i32}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 3 : i32}}
"memref.global"() <{sym_name = "g", type = memref<4xf32>, initial_value = 3 : i32}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 4 but was 2}}
"memref.global"() <{sym_name = "g", type = memref<4xf32>, initial_value = dense<1.0> : tensor<2xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 2, 3 but was 3, 2}}
"memref.global"() <{sym_name = "g", type = memref<2x3xf32>, initial_value = dense<1.0> : tensor<3x2xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{sym_name = "g", type = memref<4xf32>, initial_value = dense<1> : tensor<4xi32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
memref.global @g : memref<4xf32> = dense<1.0> {alignment = 3}

// -----

// expected-error@+1 {{'memref.global' op requires attribute 'sym_name'}}
"memref.global"() <{type = memref<4xf32>}> : () -> ()

// -----

// expected-error@+1 {{invalid properties {constant = 1 : i32, sym_name = "g", type = memref<4xf32>} for op memref.global: Invalid attribute `constant` in property conversion: 1 : i32}}
"memref.global"() <{sym_name = "g", type = memref<4xf32>, constant = 1 : i32}> : () -> ()

// -----

memref.global @g : memref<4xf32>
// expected-error@+2 {{redefinition of symbol named 'g'}}
// expected-note@-2 {{see existing symbol definition here}}
memref.global @g : memref<4xf32> = uninitialized

// ==== memref.get_global ====

// -----

func.func @f() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}

// -----

memref.global @g : memref<4xf32>
func.func @f() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<5xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<5xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'memref.get_global' op 'f' does not reference a valid global memref}}
  %0 = memref.get_global @f : memref<5xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = memref.get_global @f : memref<?xf32>
  return
}

// ==== memref.extract_strided_metadata ====

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op expected 2 or more results}}
  %0 = "memref.extract_strided_metadata"(%m) : (memref<8x16xf32>) -> (memref<f32>)
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #0 must be strided memref of any type values of rank 0, but got 'memref<1xf32>'}}
  %a, %b, %c:2, %d:2 = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<1xf32>, index, index, index, index, index
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #1 must be index, but got 'i32'}}
  %0:6 = "memref.extract_strided_metadata"(%m) : (memref<8x16xf32>) -> (memref<f32>, i32, index, index, index, index)
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #2 must be variadic of index, but got 'i32'}}
  %0:6 = "memref.extract_strided_metadata"(%m) : (memref<8x16xf32>) -> (memref<f32>, index, i32, index, index, index)
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+2 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index', 'index'}}
  // expected-error@+1 {{'memref.extract_strided_metadata' op failed to infer returned types}}
  %a, %b, %c, %d = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<f32>, index, index, index
  return
}

// -----

func.func @f(%m: memref<8x16xf32, 3>) {
  // expected-error@+2 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32, 3>', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index', 'index', 'index', 'index'}}
  // expected-error@+1 {{'memref.extract_strided_metadata' op failed to infer returned types}}
  %0:6 = "memref.extract_strided_metadata"(%m) : (memref<8x16xf32, 3>) -> (memref<f32>, index, index, index, index, index)
  return
}

// ==== memref.assume_alignment ====

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 12 : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = memref.assume_alignment %m, 0 : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op requires the same type for all operands and results}}
  %0 = "memref.assume_alignment"(%m) <{alignment = 16 : i32}> : (memref<4xf32>) -> memref<4xi32>
  return
}

// ==== memref.alloca_scope ====

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  memref.alloca_scope {
    // expected-note@+1 {{region branch point}}
    memref.alloca_scope.return %n : index
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
  memref.alloca_scope.return %n : index
}
