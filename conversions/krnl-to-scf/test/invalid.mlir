// What convert-krnl-to-scf reports, at the op at fault: schedules that cannot run as written, loops that cannot be
// unrolled fully, and krnl ops with no scf form (the runtime's, vector casts, views no memref op expresses).
// RUN: tl-opt --allow-unregistered-dialect --convert-krnl-to-scf --split-input-file --verify-diagnostics %s

func.func @point_outside_tile() {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il) [1, 0] : !krnl.loop, !krnl.loop
  // expected-error@+1 {{'krnl.iterate' op runs the point loop of the krnl.block at}}
  krnl.iterate(%ib, %il) with (%ii -> %i = 0 to 10) {
  }
  return
}

// -----

func.func @induction_variable_outside_its_loop() {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ib) with (%ii -> %i = 0 to 10) {
    // expected-error@+1 {{'test.use' op uses induction variable #0 of the 'krnl.iterate' at}}
    "test.use"(%i) : (index) -> ()
    krnl.iterate(%il) with () {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}

// -----

func.func @blocked_twice() {
  %ii = krnl.define_loops 1
  %a, %b = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  // expected-error@+1 {{'krnl.block' op blocks loop #0 of the krnl.define_loops at}}
  %c, %d = krnl.block %ii 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%a, %b) with (%ii -> %i = 0 to 10) {
  }
  return
}

// -----

func.func @skipped_loop() {
  %ii, %jj = krnl.define_loops 2
  // expected-error@+1 {{'krnl.iterate' op runs loop #1 of the krnl.define_loops at}}
  krnl.iterate(%jj) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to 3) {
  }
  return
}

// -----

func.func @parallel_with_iter_args(%x: f32) -> f32 {
  %ii = krnl.define_loops 1
  // expected-error@+1 {{'krnl.parallel' op makes loop #0 of the krnl.define_loops at}}
  krnl.parallel %ii : !krnl.loop
  %r = krnl.iterate(%ii) with (%ii -> %i = 0 to 10) iter_args(%a = %x) -> (f32) {
    krnl.yield %a : f32
  }
  return %r : f32
}

// -----

func.func @unroll_unbounded(%n: index) {
  %ii = krnl.define_loops 1
  // expected-error@+1 {{'krnl.unroll' op cannot unroll its loop fully: its trip count is not bounded by a constant}}
  krnl.unroll %ii : !krnl.loop
  krnl.iterate(%ii) with (%ii -> %i = 0 to %n) {
  }
  return
}

// -----

func.func @runtime(%x: f32) {
  // expected-error@+1 {{'krnl.print' op cannot be lowered to scf: it calls the runtime library}}
  "krnl.print"(%x) {format = "%f\n"} : (f32) -> ()
  return
}

// -----

func.func @vector_cast(%m: memref<4x16xf32>) -> memref<4x2xvector<8xf32>> {
  // expected-error@+1 {{'krnl.vector_type_cast' op cannot be lowered to scf: scf has no vector memrefs}}
  %v = krnl.vector_type_cast %m : memref<4x16xf32> to memref<4x2xvector<8xf32>>
  return %v : memref<4x2xvector<8xf32>>
}

// -----

func.func @getref_of_a_float_pool(%pool: memref<64xf32>, %off: i64) -> memref<4x4xf32> {
  // expected-error@+1 {{'krnl.getref' op cannot be lowered to scf: no memref op views a pool of type 'memref<64xf32>' as 'memref<4x4xf32>'}}
  %v = "krnl.getref"(%pool, %off) : (memref<64xf32>, i64) -> memref<4x4xf32>
  return %v : memref<4x4xf32>
}

// -----

func.func @loop_handle_escapes() {
  // expected-error@+1 {{'krnl.define_loops' op cannot be lowered to scf: its loop is used by 'test.keep', which is not a krnl op}}
  %ii = krnl.define_loops 1
  "test.keep"(%ii) : (!krnl.loop) -> ()
  return
}
