// func dialect: public, private and nested declarations, argument and result attributes, direct and indirect
// calls, func.constant. Checks that mlir-opt 22 and tl-opt agree on the generic form in both directions.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref -o %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.tl -o %t.back
// RUN: diff %t.ref %t.back
// RUN: diff %t.ref %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.loc -o %t.tl.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tl.loc -o %t.back.loc
// RUN: diff %t.ref.loc %t.back.loc
// RUN: diff %t.ref.loc %t.tl.loc

func.func private @external(i32, f32) -> i32
func.func private @no_args()
func.func private @multi_result(index) -> (i1, i64, f64)
func.func private @variadic_like(memref<?xf32>, tensor<*xi8>) -> vector<4xf32> attributes {llvm.emit_c_interface}
func.func nested @nested_decl(i8)

func.func @public_no_args() {
  return
}

func.func @identity(%arg0: i32) -> i32 {
  return %arg0 : i32
}

func.func @arg_attrs(%a: i32 {test.name = "a", test.nonneg}, %b: memref<4xf32> {llvm.noalias, llvm.align = 16 : i64})
    -> (i32 {test.result = 0 : i32}, f32) {
  %c = arith.constant 1.5 : f32
  return %a, %c : i32, f32
}

func.func private @decl_with_attrs(i32 {llvm.signext}, !llvm.ptr {llvm.nocapture}) -> (i32 {llvm.zeroext})

func.func @calls(%x: i32, %y: f32) -> (i32, i1) {
  func.call @no_args() : () -> ()
  %r = func.call @external(%x, %y) : (i32, f32) -> i32
  %c0 = arith.constant 0 : index
  %m:3 = call @multi_result(%c0) : (index) -> (i1, i64, f64)
  %t = func.call @tail() {test.hint} : () -> i32
  return %r, %m#0 : i32, i1
}

func.func private @tail() -> i32

func.func @indirect(%x: i32, %y: f32) -> i32 {
  %f = func.constant @external : (i32, f32) -> i32
  %r = func.call_indirect %f(%x, %y) : (i32, f32) -> i32
  return %r : i32
}

func.func @with_attributes() attributes {test.flag, test.level = 3 : i32} {
  return
}

func.func @recursive(%n: index) -> index {
  %r = call @recursive(%n) : (index) -> index
  return %r : index
}

func.func @function_types(%f: (i32) -> (), %g: () -> (i1, (f32) -> f32)) -> ((i32) -> ()) {
  return %f : (i32) -> ()
}

func.func @many_blocks(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %one = arith.constant 1 : i32
  return %one : i32
^bb2:
  %two = arith.constant 2 : i32
  return %two : i32
}

module @inner attributes {test.inner} {
  func.func @in_module() -> i64 {
    %c = arith.constant -1 : i64
    return %c : i64
  }
}
