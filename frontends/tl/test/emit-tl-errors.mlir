// --emit=tl prints tl functions only, and the tensor language has no syntax for discardable attributes: IR it
// cannot hold is an error located at the op, exit code 1, rather than text that silently lacks it (a gemm's
// schedule attribute, dropped, changed what --lower-to-krnl did with the printed text).
// RUN: not tl-opt %s --split-input-file --emit=tl 2>&1 | FileCheck %s

// CHECK: emit-tl-errors.mlir:[[@LINE+8]]:5: error: 'tl.gemm' has the attribute 'schedule', which the tensor language cannot hold (--emit=tl would drop it)
// CHECK-NEXT: {{^}}    "tl.gemm"
// CHECK-NEXT: {{^}}    ^
"builtin.module"() ({
  "tl.func"() <{function_type = (!tl.memref<f32x8x8>, !tl.memref<f32x8x8>) -> (), sym_name = "a"}> ({
  ^bb0(%arg0: !tl.memref<f32x8x8>, %arg1: !tl.memref<f32x8x8>):
    %0 = "tl.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %1 = "tl.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    "tl.gemm"(%0, %arg0, %arg0, %1, %arg1) <{transA = 0 : i32, transB = 0 : i32}> {schedule = "tile-k=2"} : (f32, !tl.memref<f32x8x8>, !tl.memref<f32x8x8>, f32, !tl.memref<f32x8x8>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

// CHECK: emit-tl-errors.mlir:[[@LINE+1]]:1: error: 'tl.func' has the attribute 'my.note', which the tensor language cannot hold
"tl.func"() <{function_type = () -> (), sym_name = "b"}> ({
^bb0:
}) {my.note = 1 : i32} : () -> ()

// -----

// Properties `func @name(...)` cannot write: the visibility, attributes of the arguments.
// CHECK: emit-tl-errors.mlir:[[@LINE+1]]:1: error: 'tl.func' has the attribute 'sym_visibility', which the tensor language cannot hold
"tl.func"() <{function_type = () -> (), sym_name = "b2", sym_visibility = "private"}> ({
^bb0:
}) : () -> ()

// -----

// CHECK: emit-tl-errors.mlir:[[@LINE+1]]:1: error: 'tl.func' has the attribute 'arg_attrs', which the tensor language cannot hold
"tl.func"() <{function_type = (i32) -> (), sym_name = "b3", arg_attrs = [{my.a = 1 : i32}]}> ({
^bb0(%a: i32):
}) : () -> ()

// -----

// CHECK: emit-tl-errors.mlir:[[@LINE+1]]:1: error: 'builtin.module' has the attribute 'my.note', which the tensor language cannot hold
module attributes {my.note = 1 : i32} {
  "tl.func"() <{function_type = () -> (), sym_name = "c"}> ({
  ^bb0:
  }) : () -> ()
}

// -----

// CHECK: emit-tl-errors.mlir:[[@LINE+1]]:1: error: 'func.func' has no tensor-language form (--emit=tl prints tl functions only)
func.func @d() {
  return
}

// -----

// What it can hold prints: a tl function with its work-group size (empty argument attributes hold nothing).
// CHECK: func @e(%0: i32) work_group_size(4,2) {
// CHECK-NEXT: }
"tl.func"() <{function_type = (i32) -> (), sym_name = "e", work_group_size = array<i32: 4, 2>, arg_attrs = [{}]}> ({
^bb0(%a: i32):
}) : () -> ()
