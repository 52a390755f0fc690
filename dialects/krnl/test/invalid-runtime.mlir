// Verifier errors of the other krnl ops: scalar math, calls into the runtime, entry points, printing, strings,
// sequences, krnl.region and krnl.movable.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== scalar math ====

func.func @f(%x: f32) {
  // expected-error@+1 {{'krnl.erf' op requires the same type for all operands and results}}
  %y = "krnl.erf"(%x) : (f32) -> f64
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'krnl.tan' op operand #0 must be floating-point, but got 'i32'}}
  %y = "krnl.tan"(%x) : (i32) -> i32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'krnl.isnan' op result #0 must be 1-bit signless integer, but got 'i8'}}
  %y = "krnl.isnan"(%x) : (f32) -> i8
  return
}

// -----

func.func @f(%x: vector<4xf32>) {
  // expected-error@+1 {{'krnl.isinf' op operand #0 must be floating-point, but got 'vector<4xf32>'}}
  %y = "krnl.isinf"(%x) : (vector<4xf32>) -> i1
  return
}

// ==== krnl.call ====

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'krnl.call' op expects 'numOfOutput' between 0 and the number of parameters (1), but got 2}}
  "krnl.call"(%m) {funcName = "g", numOfOutput = 2 : si64} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: f32, %m: memref<4xf32>) {
  // expected-error@+1 {{'krnl.call' op expects output parameter #0 to be a memref, but got 'f32'}}
  "krnl.call"(%x, %m) {funcName = "g", numOfOutput = 1 : si64} : (f32, memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'krnl.call' op attribute 'numOfOutput' failed to satisfy constraint: 64-bit signed integer attribute}}
  "krnl.call"(%m) {funcName = "g", numOfOutput = 1 : i64} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'krnl.call' op requires attribute 'funcName'}}
  "krnl.call"(%m) {numOfOutput = 1 : si64} : (memref<4xf32>) -> ()
  return
}

// ==== krnl.entry_point ====

// -----

// expected-error@+1 {{'krnl.entry_point' op 'missing' does not reference a valid function}}
"krnl.entry_point"() {func = @missing, numInputs = 1 : i32, numOutputs = 1 : i32, signature = ""} : () -> ()

// -----

func.func private @g(memref<4xf32>) -> memref<4xf32>
// expected-error@+1 {{'krnl.entry_point' op expects 2 inputs and 1 outputs, but 'g' has 1 arguments and 1 results}}
"krnl.entry_point"() {func = @g, numInputs = 2 : i32, numOutputs = 1 : i32, signature = ""} : () -> ()

// -----

%c = "t.symbol"() {sym_name = "data"} : () -> i32
// expected-error@+1 {{'krnl.entry_point' op 'data' does not reference a valid function}}
"krnl.entry_point"() {func = @data, numInputs = 0 : i32, numOutputs = 0 : i32, signature = ""} : () -> ()

// -----

func.func private @g()
// expected-error@+1 {{'krnl.entry_point' op expects non-negative 'numInputs' and 'numOutputs', but got -1 and 0}}
"krnl.entry_point"() {func = @g, numInputs = -1 : i32, numOutputs = 0 : i32, signature = ""} : () -> ()

// -----

func.func private @g()
// expected-error@+1 {{'krnl.entry_point' op attribute 'func' failed to satisfy constraint: flat symbol reference attribute}}
"krnl.entry_point"() {func = "g", numInputs = 0 : i32, numOutputs = 0 : i32, signature = ""} : () -> ()

// ==== printing, instrumentation, random numbers ====

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'krnl.print' op requires attribute 'format'}}
  "krnl.print"(%x) : (f32) -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'krnl.print' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  "krnl.print"(%x, %x) {format = "%f %f"} : (f32, f32) -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'krnl.print_tensor' op operand #0 must be memref of any type values, but got 'f32'}}
  "krnl.print_tensor"(%x) {msg = "%d"} : (f32) -> ()
  return
}

// -----

// expected-error@+1 {{'krnl.runtime_instrument' op attribute 'tag' failed to satisfy constraint: 64-bit signless integer attribute}}
"krnl.runtime_instrument"() {opName = "onnx.Add", tag = "5"} : () -> ()

// -----

func.func @f(%m: memref<4xi32>, %n: index, %x: f32) {
  // expected-error@+1 {{'krnl.random_normal' op expects 'output' to be a memref of floating-point values, but got 'memref<4xi32>'}}
  "krnl.random_normal"(%m, %n, %x, %x, %x) : (memref<4xi32>, index, f32, f32, f32) -> ()
  return
}

// ==== strings ====

// -----

func.func @f(%s: i64) {
  // expected-error@+1 {{'krnl.strlen' op operand #0 must be string type, but got 'i64'}}
  %n = "krnl.strlen"(%s) : (i64) -> i64
  return
}

// -----

func.func @f(%s: !krnl.string, %n: i32) {
  // expected-error@+1 {{'krnl.strncmp' op operand #2 must be 64-bit signless integer, but got 'i32'}}
  %c = "krnl.strncmp"(%s, %s, %n) : (!krnl.string, !krnl.string, i32) -> i32
  return
}

// -----

func.func @f(%k: i32, %g: memref<10xi32>, %len: i32) {
  // expected-error@+1 {{'krnl.find_index' op operand #0 must be string type or 64-bit signless integer, but got 'i32'}}
  %i = "krnl.find_index"(%k, %g, %g, %len) : (i32, memref<10xi32>, memref<10xi32>, i32) -> index
  return
}

// -----

func.func @f(%k: i64, %g: memref<10xi64>, %len: i32) {
  // expected-error@+1 {{'krnl.find_index' op operand #1 must be memref of 32-bit signless integer values, but got 'memref<10xi64>'}}
  %i = "krnl.find_index"(%k, %g, %g, %len) : (i64, memref<10xi64>, memref<10xi64>, i32) -> index
  return
}

// ==== sequences ====

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'krnl.seqalloc' op expects a memref of memrefs, but got 'memref<?xf32>'}}
  %s = "krnl.seqalloc"(%n) : (index) -> memref<?xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'krnl.seqalloc' op expects 1 lengths (one per dynamic dimension), but got 2}}
  %s = "krnl.seqalloc"(%n, %n) : (index, index) -> memref<?xmemref<?xf32>>
  return
}

// -----

func.func @f(%s: memref<?xmemref<?xf32>>, %i: index) {
  // expected-error@+1 {{'krnl.seqextract' op attribute 'copy' failed to satisfy constraint: 1-bit unsigned integer attribute}}
  %e = "krnl.seqextract"(%s, %i) {copy = true} : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
  return
}

// -----

func.func @f(%e: memref<?xf32>, %s: memref<?xmemref<?xf32>>, %i: i32) {
  // expected-error@+1 {{'krnl.seqstore' op operand #2 must be index, but got 'i32'}}
  "krnl.seqstore"(%e, %s, %i) : (memref<?xf32>, memref<?xmemref<?xf32>>, i32) -> ()
  return
}

// -----

func.func @f(%s: tensor<?xf32>) {
  // expected-error@+1 {{'krnl.seqdealloc' op operand #0 must be memref of any type values, but got 'tensor<?xf32>'}}
  "krnl.seqdealloc"(%s) : (tensor<?xf32>) -> ()
  return
}

// ==== krnl.region, krnl.movable ====

// -----

// expected-error@+1 {{'krnl.region' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"krnl.region"() ({
}) : () -> ()

// -----

"krnl.region"() ({
  // expected-error@+1 {{'krnl.terminate' op expects parent op to be one of 'krnl.iterate, krnl.movable'}}
  "krnl.terminate"() : () -> ()
}) : () -> ()

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  "krnl.movable"() ({
    // expected-error@+1 {{block with no terminator}}
    %v = krnl.load %m[%i] : memref<4xf32>
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+2 {{'krnl.movable' op expects regions to end with 'krnl.terminate', found 't.end'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'krnl.terminate'}}
  "krnl.movable"() ({
    "t.end"() : () -> ()
  }) : () -> ()
  return
}
