// Parse errors of the custom forms of the krnl dialect, with their locations: each is reported at the offending
// token, with the source line and a caret, and tl-opt exits with 1.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --split-input-file %s 2>&1 | FileCheck %s

// CHECK: invalid-syntax.mlir:[[@LINE+3]]:24: error: custom op 'krnl.define_loops' expected a number of loops between 0 and 1000000, but got -1
// CHECK-NEXT: {{^}}%l = krnl.define_loops -1
// CHECK-NEXT: {{^}}                       ^
%l = krnl.define_loops -1
// expected-error@-1 {{custom op 'krnl.define_loops' expected a number of loops between 0 and 1000000, but got -1}}

// -----

// expected-error@+1 {{expected integer value}}
%l = krnl.define_loops n

// -----

// expected-error@+1 {{operation defines 3 results but was provided 2 to bind}}
%a, %b = krnl.define_loops 3

// -----

%l = krnl.define_loops 1
// CHECK: invalid-syntax.mlir:[[@LINE+1]]:35: error: custom op 'krnl.iterate' expected an SSA value or an integer as loop bound
krnl.iterate(%l) with (%l -> %i = foo to 10) {
// expected-error@-1 {{custom op 'krnl.iterate' expected an SSA value or an integer as loop bound}}
}

// -----

// onnx-mlir's affine map bounds.
func.func @f(%i: index, %j: index) {
  %l = krnl.define_loops 1
  // expected-error@+1 {{custom op 'krnl.iterate' affine map bounds are not supported (tlir has no affine maps): compute the bound with arith ops before the loop}}
  krnl.iterate(%l) with (%l -> %k = affine_map<(d0, d1)->(d0 - d1)>(%i, %j) to 10) {
  }
  return
}

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{expected 'with'}}
krnl.iterate(%l) (%l -> %i = 0 to 10) {
}

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{expected '->'}}
krnl.iterate(%l) with (%l = 0 to 10) {
}

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{expected 'to'}}
krnl.iterate(%l) with (%l -> %i = 0 : 10) {
}

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{custom op 'krnl.iterate' loop bound 9007199254740991 is out of range (at most 2^53 - 2 in magnitude)}}
krnl.iterate(%l) with (%l -> %i = 0 to 9007199254740991) {
}

// -----

%l = krnl.define_loops 1
// A bound cannot use the induction variable of its own loop.
// expected-error@+1 {{use of undeclared SSA value name}}
krnl.iterate(%l) with (%l -> %i = 0 to %i) {
}

// -----

func.func @f(%x: f32) {
  %l = krnl.define_loops 1
  // expected-error@+1 {{custom op 'krnl.iterate' mismatch in number of loop-carried values and defined values}}
  %r = krnl.iterate(%l) with (%l -> %i = 0 to 4) iter_args(%a = %x) -> (f32, f32) {
    krnl.yield %a : f32
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%x: f32) {
  %l = krnl.define_loops 1
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'f32'}}
  %r = krnl.iterate(%l) with (%l -> %i = 0 to 4) iter_args(%a = %x) -> (i32) {
    krnl.yield %a : i32
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%n: f32) {
  %l = krnl.define_loops 1
  // expected-error@+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'f32'}}
  krnl.iterate(%l) with (%l -> %i = 0 to %n) {
  }
  return
}

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{custom op 'krnl.parallel' expected Processor to be one of: workgroup_x, workgroup_y, workgroup_z, workitem_x, workitem_y, workitem_z}}
krnl.parallel %l mapping workitem_w : !krnl.loop

// -----

%a, %b = krnl.define_loops 2
// expected-error@+1 {{integer literal not valid for specified type}}
krnl.permute(%a, %b) 1 : !krnl.loop, !krnl.loop

// -----

%l = krnl.define_loops 1
// expected-error@+1 {{expected ':'}}
%t, %u = krnl.block %l 4
