// Every verifier error of the arith dialect. Both tools check the same expected-* comments: the messages and
// their locations are mlir-opt 22's.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

// ==== arith.constant ====

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = "foo"}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() <{value = "foo" : i32}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = [1]} : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = "arith.constant"() <{value = dense<[1, 2]> : vector<[2]xi32>}> : () -> vector<[2]xi32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires one result}}
  "arith.constant"() <{value = 1 : i32}> : () -> ()
  return
}

// ==== integer and float arithmetic ====

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @f(%a: i32, %b: f32) {
  // expected-error@+1 {{'arith.subi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.subi"(%a, %b) : (i32, f32) -> i32
  return
}

// -----

func.func @f(%a: si32) {
  // expected-error@+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = arith.muli %a, %a : si32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.divsi' op result #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.divsi"(%a, %a) : (i32, i32) -> f32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.andi' op requires the same type for all operands and results}}
  %0 = "arith.andi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @f(%a: vector<4xi32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'arith.ori' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.ori"(%a, %b) : (vector<4xi32>, tensor<4xi32>) -> vector<4xi32>
  return
}

// -----

func.func @f(%a: i32, %v: vector<4xi32>) {
  // expected-error@+1 {{'arith.xori' op requires the same type for all operands and results}}
  %0 = "arith.xori"(%a, %v) : (i32, vector<4xi32>) -> i32
  return
}

// -----

func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) {
  // expected-error@+2 {{'arith.addi' op inferred type(s) 'tensor<?xi32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  // expected-error@+1 {{'arith.addi' op failed to infer returned types}}
  %0 = "arith.addi"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'arith.mulf' op requires the same type for all operands and results}}
  %0 = "arith.mulf"(%a, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.negf' op requires the same type for all operands and results}}
  %0 = "arith.negf"(%a) : (f32) -> f64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (f32) -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1 : i32} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%a, %a) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{invalid properties {fastmath = 1 : i32} for op arith.addf: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "arith.addf"(%a, %a) <{fastmath = 1 : i32}> : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.divui' op attribute 'isExact' failed to satisfy constraint: unit attribute}}
  %0 = "arith.divui"(%a, %a) {isExact = 1 : i32} : (i32, i32) -> i32
  return
}

// ==== extended arithmetic ====

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%a, %b) : (i32, i64) -> (i32, i1)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32, %b: f32) {
  // expected-error@+1 {{'arith.mulsi_extended' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0:2 = "arith.mulsi_extended"(%a, %b) : (i32, f32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mului_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @f(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = "arith.addui_extended"(%a, %a) : (vector<4xi32>, vector<4xi32>) -> (vector<4xi32>, i1)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op expected 2 results}}
  %0 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> i32
  return
}

// ==== casts ====

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.extsi %a : f32 to i64
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extui %a : index to i64
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i64' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i64 to i64
  return
}

// -----

func.func @f(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<4xi32> to vector<5xi64>
  return
}

// -----

func.func @f(%a: tensor<?xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<?xi32> to tensor<4xi64>
  return
}

// -----

func.func @f(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : vector<4xi32> to tensor<4xi64>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : i32 to vector<4xi64>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @f(%a: f16) {
  // expected-error@+1 {{'arith.extf' op operand type 'f16' and result type 'bf16' are cast incompatible}}
  %0 = arith.extf %a : f16 to bf16
  return
}

// -----

func.func @f(%a: f8E4M3FN) {
  // expected-error@+1 {{'arith.extf' op operand type 'f8E4M3FN' and result type 'f8E5M2' are cast incompatible}}
  %0 = arith.extf %a : f8E4M3FN to f8E5M2
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f32' are cast incompatible}}
  %0 = arith.truncf %a : f32 to f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%a) {roundingmode = 7 : i32} : (f32) -> f16
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %a : f32 to f64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.uitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.uitofp"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.sitofp' op operand type 'tensor<4xi32>' and result type 'tensor<4xf32, "enc">' are cast incompatible}}
  %0 = arith.sitofp %a : tensor<4xi32> to tensor<4xf32, "enc">
  return
}

// -----

func.func @f(%a: tensor<*xi32>) {
  // expected-error@+1 {{'arith.sitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.sitofp %a : tensor<*xi32> to tensor<4xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.fptosi %a : f32 to index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.fptoui' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptoui %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %a : i32 to f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'arith.index_castui' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_castui %a : index to index
  return
}

// -----

func.func @f(%a: memref<4xi32>) {
  // expected-error@+1 {{'arith.index_cast' op requires the same shape for all operands and results}}
  %0 = arith.index_cast %a : memref<4xi32> to memref<5xindex>
  return
}

// -----

func.func @f(%a: memref<4xf32>) {
  // expected-error@+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'memref<4xf32>'}}
  %0 = arith.index_cast %a : memref<4xf32> to memref<4xindex>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : f32 to f64
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %a : index to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op requires the same shape for all operands and results}}
  %0 = arith.bitcast %a : i32 to vector<1xf32>
  return
}

// -----

func.func @f(%a: f32, %s: f32) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f32 to f16
  return
}

// -----

func.func @f(%a: f16, %s: f16) {
  // expected-error@+1 {{'arith.scaling_truncf' op operand types 'f16', 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.scaling_truncf %a, %s : f16, f16 to f32
  return
}

// ==== comparisons ====

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 0 : i64} : (i32, i64) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i64'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i32, i32) -> i64
  return
}

// -----

func.func @f(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (vector<4xi32>, vector<4xi32>) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 42 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 0 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xi1>
  return
}

// ==== select ====

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @f(%c: i1, %a: i64, %b: i1) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i64, i1) -> i64
  return
}

// -----

func.func @f(%c: i1, %a: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %a) : (i1, i64, i64) -> i1
  return
}

// -----

func.func @f(%c: vector<3xi1>, %v: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %v, %v : vector<3xi1>, vector<4xf32>
  return
}

// -----

func.func @f(%c: tensor<4xi1>, %v: tensor<?xf32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %v, %v : tensor<4xi1>, tensor<?xf32>
  return
}

// -----

func.func @f(%c: tensor<4xi1>, %v: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.select"(%c, %v, %v) : (tensor<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
