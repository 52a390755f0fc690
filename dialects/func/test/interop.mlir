// func dialect interop with mlir-opt 22, both ways: what tl-opt prints (custom or generic) mlir-opt reads to the
// same module, and tl-opt reads what mlir-opt prints; with and without locations.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// The same with locations:
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -

!big = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>

func.func private @external(i32, f32) -> i32
func.func private @no_args()
func.func private @multi_result(index) -> (i1, i64, f64)
func.func private @shaped(memref<?xf32>, tensor<*xi8>) -> vector<4xf32> attributes {llvm.emit_c_interface}
func.func nested @nested_decl(i8)
// An alias inside the function type property (mlir-opt looks for aliases in registered ops' properties).
func.func private @aliased(!big) -> !big
func.func private @decl_with_attrs(i32 {llvm.signext}, !llvm.ptr {llvm.nocapture}) -> (i32 {llvm.zeroext})
func.func private @noinline() attributes {no_inline}

func.func @identity(%arg0: i32 loc("arg0.mlir":1:2)) -> i32 {
  return %arg0 : i32 loc("ret.mlir":3:4)
}

func.func @arg_attrs(%a: i32 {t.name = "a", t.nonneg}, %b: memref<4xf32> {llvm.noalias, llvm.align = 16 : i64})
    -> (i32 {t.result = 0 : i32}, memref<4xf32>) {
  return %a, %b : i32, memref<4xf32>
}

func.func @calls(%x: i32, %y: f32, %i: index) -> (i32, i1) {
  func.call @no_args() : () -> ()
  %r = func.call @external(%x, %y) : (i32, f32) -> i32
  %m:3 = call @multi_result(%i) : (index) -> (i1, i64, f64)
  %t = func.call @external(%r, %y) {t.hint, no_inline} : (i32, f32) -> i32 loc(fused["a.mlir":1:1, "b.mlir":2:2])
  return %t, %m#0 : i32, i1
}

func.func @indirect(%x: i32, %y: f32) -> i32 {
  %f = func.constant @external : (i32, f32) -> i32
  %g = func.constant @external : (i32, f32) -> i32
  %r = func.call_indirect %f(%x, %y) : (i32, f32) -> i32
  %s = func.call_indirect %g(%r, %y) {t.note} : (i32, f32) -> i32
  return %s : i32
}

func.func @with_attributes() attributes {t.flag, t.level = 3 : i32} {
  return
}

func.func @recursive(%n: index) -> index {
  %r = call @recursive(%n) : (index) -> index
  return %r : index
}

func.func @blocks(%c: i1, %v: i32) -> i32 {
  "t.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  return %v : i32
^bb2(%w: i32):
  return %w : i32
}

module @inner attributes {t.inner} {
  func.func @in_module() -> i64 {
    %c = "t.constant"() {value = -1 : i64} : () -> i64
    return %c : i64
  }
}
