// Verifier errors of the loop ops of the krnl dialect: define_loops, block, permute, unroll, parallel (with its GPU
// mapping), get_induction_var_value, iterate and its terminators.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

// ==== krnl.define_loops ====

// expected-error@+1 {{'krnl.define_loops' op defines 2 loops ('num_loops'), but has 1 results}}
%0 = "krnl.define_loops"() <{num_loops = 2 : i64}> : () -> !krnl.loop

// -----

// expected-error@+1 {{'krnl.define_loops' op result #0 must be variadic of krnl loop handle, but got 'index'}}
%0 = "krnl.define_loops"() <{num_loops = 1 : i64}> : () -> index

// -----

// expected-error@+1 {{'krnl.define_loops' op requires attribute 'num_loops'}}
%0 = "krnl.define_loops"() : () -> !krnl.loop

// ==== krnl.block ====

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{'krnl.block' op expects a positive tile size, but got 0}}
%b, %t = krnl.block %l 0 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'krnl.block' op operand #0 must be krnl loop handle, but got 'index'}}
  %b:2 = "krnl.block"(%i) <{tile_size = 4 : i64}> : (index) -> (!krnl.loop, !krnl.loop)
  return
}

// ==== krnl.permute ====

// -----

%a, %b = krnl.define_loops 2
// expected-error@+1 {{'krnl.permute' op expects a map of 2 positions (one per loop), but got 3}}
krnl.permute(%a, %b) [0, 1, 2] : !krnl.loop, !krnl.loop

// -----

%a, %b = krnl.define_loops 2
// expected-error@+1 {{'krnl.permute' op expects map entries in [0, 1], but entry #1 is 2}}
krnl.permute(%a, %b) [0, 2] : !krnl.loop, !krnl.loop

// -----

%a, %b, %c = krnl.define_loops 3
// expected-error@+1 {{'krnl.permute' op expects a permutation, but position 1 appears twice in the map}}
krnl.permute(%a, %b, %c) [1, 0, 1] : !krnl.loop, !krnl.loop, !krnl.loop

// -----

%a, %b = krnl.define_loops 2
// expected-error@+1 {{'krnl.permute' op expects distinct loops, but loop #2 is loop #0}}
krnl.permute(%a, %b, %a) [2, 0, 1] : !krnl.loop, !krnl.loop, !krnl.loop

// -----

// expected-error@+1 {{'krnl.permute' op expects at least one loop}}
"krnl.permute"() <{map = []}> : () -> ()

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.permute' op attribute 'map' failed to satisfy constraint: 64-bit integer array attribute}}
"krnl.permute"(%a) {map = [0 : i32]} : (!krnl.loop) -> ()

// ==== krnl.unroll ====

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'krnl.unroll' op operand #0 must be krnl loop handle, but got 'index'}}
  "krnl.unroll"(%i) : (index) -> ()
  return
}

// ==== krnl.parallel ====

// -----

%a = krnl.define_loops 1
// expected-note@+1 {{marked parallel here}}
krnl.parallel %a : !krnl.loop
// expected-error@+1 {{'krnl.parallel' op marks a loop that another krnl.parallel already marks}}
krnl.parallel %a mapping workitem_x : !krnl.loop

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.parallel' op attribute 'mapping' failed to satisfy constraint: processor dimension of a parallel loop}}
"krnl.parallel"(%a) {mapping = "workitem_x"} : (!krnl.loop) -> ()

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{invalid properties {mapping = "workitem_x"} for op krnl.parallel: Invalid attribute `mapping` in property conversion: "workitem_x"}}
"krnl.parallel"(%a) <{mapping = "workitem_x"}> : (!krnl.loop) -> ()

// -----

%a, %b = krnl.define_loops 2
krnl.parallel %a mapping workitem_y : !krnl.loop
krnl.parallel %b mapping workitem_y : !krnl.loop
// expected-error@+1 {{'krnl.iterate' op maps loops #0 and #1 to the same processor workitem_y}}
krnl.iterate(%a, %b) with (%a -> %i = 0 to 4, %b -> %j = 0 to 4) {
}

// ==== krnl.get_induction_var_value ====

// -----

%a, %b = krnl.define_loops 2
krnl.iterate(%a) with (%a -> %i = 0 to 4) {
  // expected-error@+1 {{'krnl.get_induction_var_value' op expects one result per loop, but has 1 loops and 2 results}}
  %x:2 = "krnl.get_induction_var_value"(%a) : (!krnl.loop) -> (index, index)
}

// -----

%a, %b = krnl.define_loops 2
krnl.iterate(%a) with (%a -> %i = 0 to 4, %b -> %j = 0 to 4) {
  // expected-error@+1 {{'krnl.get_induction_var_value' op expects loop #1 to be run by an enclosing 'krnl.iterate'}}
  %x, %y = krnl.get_induction_var_value(%a, %b) : (!krnl.loop, !krnl.loop) -> (index, index)
}

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.get_induction_var_value' op expects loop #0 to be run by an enclosing 'krnl.iterate'}}
%x = krnl.get_induction_var_value(%a) : (!krnl.loop) -> index

// -----

%a = krnl.define_loops 1
krnl.iterate(%a) with (%a -> %i = 0 to 4) {
  // expected-error@+1 {{'krnl.get_induction_var_value' op result #0 must be variadic of index, but got 'i32'}}
  %x = krnl.get_induction_var_value(%a) : (!krnl.loop) -> i32
}

// ==== krnl.iterate ====

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op expects one lower bound per bound loop (1), but 'staticLowerBound' has 2}}
"krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 4>}> ({
^bb0(%i: index):
  "krnl.terminate"() : () -> ()
}) : (!krnl.loop, !krnl.loop) -> ()

// -----

func.func @f(%n: index) {
  %a = krnl.define_loops 1
  // expected-error@+1 {{'krnl.iterate' op expects 0 dynamic upper bounds (one per kDynamic in 'staticUpperBound'), but got 1}}
  "krnl.iterate"(%a, %a, %n) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "krnl.terminate"() : () -> ()
  }) : (!krnl.loop, !krnl.loop, index) -> ()
  return
}

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op requires attribute 'staticUpperBound'}}
"krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>}> ({
^bb0(%i: index):
  "krnl.terminate"() : () -> ()
}) : (!krnl.loop, !krnl.loop) -> ()

// -----

func.func @f(%x: f32) {
  %a = krnl.define_loops 1
  // expected-error@+1 {{'krnl.iterate' op mismatch in number of loop-carried values and defined values}}
  "krnl.iterate"(%a, %a, %x) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %acc: f32):
    "krnl.yield"() : () -> ()
  }) : (!krnl.loop, !krnl.loop, f32) -> ()
  return
}

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op expects the body to have 1 arguments (1 induction variables, then 0 loop-carried values), but it has 2}}
"krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
^bb0(%i: index, %j: index):
  "krnl.terminate"() : () -> ()
}) : (!krnl.loop, !krnl.loop) -> ()

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op expects induction variable #0 to be of index type, but got 'i64'}}
"krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
^bb0(%i: i64):
  "krnl.terminate"() : () -> ()
}) : (!krnl.loop, !krnl.loop) -> ()

// -----

func.func @f(%m: memref<4xf32>, %c: index) {
  %a = krnl.define_loops 1
  // expected-error@+2 {{'krnl.iterate' op expects the body to end with 'krnl.terminate' or 'krnl.yield', found 'krnl.load'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'krnl.terminate'}}
  "krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    %v = krnl.load %m[%i] : memref<4xf32>
  }) : (!krnl.loop, !krnl.loop) -> ()
  return
}

// -----

func.func @f(%x: f32) -> f32 {
  %a = krnl.define_loops 1
  // expected-error@+1 {{'krnl.iterate' op expects the body to end with 'krnl.yield' to pass on its 1 loop-carried values}}
  %r = krnl.iterate(%a) with (%a -> %i = 0 to 4) iter_args(%acc = %x) -> (f32) {
  }
  return %r : f32
}

// -----

func.func @f(%x: f32) -> f32 {
  %a = krnl.define_loops 1
  %r = krnl.iterate(%a) with (%a -> %i = 0 to 4) iter_args(%acc = %x) -> (f32) {
    // expected-error@+1 {{'krnl.yield' op operand #0 has type 'index', but result #0 of the parent 'krnl.iterate' has type 'f32'}}
    krnl.yield %i : index
  }
  return %r : f32
}

// -----

func.func @f(%x: f32) -> f32 {
  %a = krnl.define_loops 1
  %r = krnl.iterate(%a) with (%a -> %i = 0 to 4) iter_args(%acc = %x) -> (f32) {
    // expected-error@+1 {{'krnl.yield' op has 2 operands, but the parent 'krnl.iterate' has 1 results}}
    krnl.yield %acc, %acc : f32, f32
  }
  return %r : f32
}

// -----

func.func @f(%x: f32) {
  %a = krnl.define_loops 1
  // expected-error@+1 {{'krnl.iterate' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "krnl.iterate"(%a, %a, %x) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %acc: i32):
    "krnl.yield"(%x) : (f32) -> ()
  }) : (!krnl.loop, !krnl.loop, f32) -> f32
  return
}

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op expects distinct loops, but loop #1 is loop #0}}
krnl.iterate(%a, %a) with (%a -> %i = 0 to 4) {
}

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op expects distinct bound loops, but bound loop #1 is bound loop #0}}
krnl.iterate(%a) with (%a -> %i = 0 to 4, %a -> %j = 0 to 4) {
}

// -----

%a = krnl.define_loops 1
%t, %l = krnl.block %a 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
// expected-error@+1 {{'krnl.iterate' op expects bound loop #0 to be an original loop, but it is a tile loop of 'krnl.block'}}
krnl.iterate(%t) with (%t -> %i = 0 to 4) {
}

// -----

%a = krnl.define_loops 1
%t, %l = krnl.block %a 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
krnl.iterate(%t) with (%a -> %i = 0 to 4) {
  // expected-error@+1 {{'krnl.iterate' op bound loop #0 is already bound by an enclosing 'krnl.iterate'}}
  krnl.iterate(%l) with (%a -> %j = 0 to 4) {
  }
}

// -----

%a, %b = krnl.define_loops 2
%t, %l = krnl.block %b 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
// expected-error@+1 {{'krnl.iterate' op loop #1 does not come from a loop bound by this or an enclosing 'krnl.iterate'}}
krnl.iterate(%a, %l) with (%a -> %i = 0 to 4) {
}

// -----

func.func @f(%l: !krnl.loop, %m: !krnl.loop) {
  krnl.iterate(%l) with (%l -> %i = 0 to 4) {
  }
  // A loop bound by a sibling (not enclosing) krnl.iterate does not count.
  krnl.iterate(%m) with (%m -> %i = 0 to 4) {
    // expected-error@+1 {{'krnl.iterate' op loop #0 does not come from a loop bound by this or an enclosing 'krnl.iterate'}}
    krnl.iterate(%l) with () {
    }
  }
  return
}

// -----

func.func @f(%i: index) {
  %a = krnl.define_loops 1
  // expected-error@+1 {{'krnl.iterate' op operand #1 must be variadic of krnl loop handle, but got 'index'}}
  "krnl.iterate"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%j: index):
    "krnl.terminate"() : () -> ()
  }) : (!krnl.loop, index) -> ()
  return
}

// -----

%a = krnl.define_loops 1
// expected-error@+1 {{'krnl.iterate' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
}) : (!krnl.loop, !krnl.loop) -> ()

// ==== krnl.terminate, krnl.yield ====

// -----

func.func @f() {
  // expected-error@+1 {{'krnl.terminate' op expects parent op to be one of 'krnl.iterate, krnl.movable'}}
  "krnl.terminate"() : () -> ()
  return
}

// -----

krnl.movable {
  // expected-error@+1 {{'krnl.yield' op expects parent op 'krnl.iterate'}}
  krnl.yield
}

// -----

%a = krnl.define_loops 1
// Bounds are kept exactly only within 2^53 - 2 in magnitude; the generic form checks them too.
// expected-error@+1 {{'krnl.iterate' op expects integer lower bounds at most 2^53 - 2 in magnitude, but 'staticLowerBound' has -9007199254740991}}
"krnl.iterate"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: -9007199254740991>, staticUpperBound = array<i64: 4>}> ({
^bb0(%i: index):
  "krnl.terminate"() : () -> ()
}) : (!krnl.loop, !krnl.loop) -> ()
