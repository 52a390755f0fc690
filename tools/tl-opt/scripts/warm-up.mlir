// The input of the warm-up run that makes tl-opt's V8 code cache (see bundle.mjs): ops of the common dialects in
// the custom and the generic form, an unregistered op, several blocks, so that the usual paths of parsing,
// verification and printing are compiled into the cache.
module {
  func.func private @callee(i32, f32) -> (i32, f32)
  func.func @kernel(%a: i32, %b: i64, %x: f32, %m: memref<16x16xf32>, %flag: i1) -> i32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant 7 : i32
    %f = arith.constant 1.500000e+00 : f32
    %s = arith.addi %a, %k overflow<nsw> : i32
    %t = arith.muli %s, %a : i32
    %u = arith.subi %t, %k : i32
    %w = arith.extsi %u : i32 to i64
    %v = arith.divsi %w, %b : i64
    %cmp = arith.cmpi slt, %s, %t : i32
    %sel = arith.select %cmp, %s, %t : i32
    %g = arith.addf %x, %f fastmath<fast> : f32
    %h = arith.mulf %g, %x : f32
    %fc = arith.cmpf olt, %g, %h : f32
    %i = arith.index_cast %sel : i32 to index
    %e = memref.load %m[%i, %c0] : memref<16x16xf32>
    memref.store %h, %m[%c0, %i] : memref<16x16xf32>
    %sv = memref.subview %m[1, 0] [7, 12] [2, 1] : memref<16x16xf32> to memref<7x12xf32, strided<[32, 1], offset: 16>>
    %al = memref.alloc() {alignment = 64 : i64} : memref<8xi32>
    %r:2 = func.call @callee(%sel, %e) : (i32, f32) -> (i32, f32)
    %acc = scf.for %iv = %c0 to %c4 step %c1 iter_args(%it = %r#0) -> (i32) {
      %n = arith.addi %it, %k : i32
      scf.yield %n : i32
    }
    %z = scf.if %flag -> (i32) {
      scf.yield %acc : i32
    } else {
      scf.yield %k : i32
    }
    memref.dealloc %al : memref<8xi32>
    %q = "arith.xori"(%z, %k) : (i32, i32) -> i32
    "test.branch"(%q)[^bb1] : (i32) -> ()
  ^bb1:
    %gen = "arith.addi"(%q, %q) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    return %gen : i32
  }
}
