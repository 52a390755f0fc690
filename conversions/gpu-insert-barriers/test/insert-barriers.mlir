// gpu-insert-barriers: a barrier before each step of uniform control flow that reads what an earlier step may have
// written, or writes what an earlier step may have read or written, in workgroup or global memory; the barrier
// lists the memory it makes visible. Loops are analysed to a fixed point: what a buffer's next iteration
// overwrites waits for this iteration's reads.
// RUN: tl-opt %s --gpu-insert-barriers | FileCheck %s
// RUN: tl-opt %s --gpu-insert-barriers --mlir-print-op-generic | mlir-opt > /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @phases(
    gpu.func @phases(%A: memref<64xf32>, %B: memref<64xf32>, %k: index) workgroup(%tile : memref<8xf32, #gpu.address_space<workgroup>>, %other : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %mine = memref.alloca() : memref<2xf32>
      // Each work-item stores one element of the tile, then reads its neighbour's: a barrier between (workgroup).
      // CHECK:         memref.store %{{.+}}, %{{.+}}[%[[T:.+]]] : memref<8xf32, #gpu.address_space<workgroup>>
      // CHECK-NEXT:    %[[N:.+]] = arith.addi
      // CHECK-NEXT:    %[[NB:.+]] = arith.remui
      // CHECK-NEXT:    gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
      // CHECK-NEXT:    %[[V:.+]] = memref.load %{{.+}}[%[[NB]]] : memref<8xf32, #gpu.address_space<workgroup>>
      %x = memref.load %A[%t] : memref<64xf32>
      memref.store %x, %tile[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      %n = arith.addi %t, %c1 : index
      %nb = arith.remui %n, %c8 : index
      %v = memref.load %tile[%nb] : memref<8xf32, #gpu.address_space<workgroup>>
      // Private memory and another buffer: no barrier.
      // CHECK-NEXT:    memref.store %[[V]], %{{.+}}[%{{.+}}] : memref<2xf32>
      // CHECK-NEXT:    memref.store %[[V]], %{{.+}}[%{{.+}}] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %mine[%c0] : memref<2xf32>
      memref.store %v, %other[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      // Global memory written, then read by another work-item: a barrier for global memory. Kernel arguments are
      // distinct memory (as tinytc assumes): the store to B waits for nothing that read A.
      // CHECK-NEXT:    memref.store %[[V]], %arg1[%{{.+}}] : memref<64xf32>
      // CHECK-NEXT:    gpu.barrier {address_spaces = [#gpu.address_space<global>]}
      // CHECK-NEXT:    memref.load %arg1[%{{.+}}] : memref<64xf32>
      memref.store %v, %B[%t] : memref<64xf32>
      %w = memref.load %B[%nb] : memref<64xf32>
      // Reads after reads: nothing. The store to %other above waits for its read here; an existing barrier
      // synchronizes what comes before it.
      // CHECK-NEXT:    gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
      // CHECK-NEXT:    memref.load %{{.+}}[%{{.+}}] : memref<8xf32, #gpu.address_space<workgroup>>
      // CHECK-NEXT:    gpu.barrier
      // CHECK-NEXT:    memref.store %{{.+}}, %{{.+}}[%{{.+}}] : memref<8xf32, #gpu.address_space<workgroup>>
      // CHECK-NEXT:    memref.store %{{.+}}, %arg0[%{{.+}}] : memref<64xf32>
      %u = memref.load %other[%nb] : memref<8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %u, %other[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %A[%t] : memref<64xf32>
      gpu.return
    }

    // A K loop: each iteration fills the tile, then every work-item reads all of it. The reads need the fill
    // (a barrier before them: before their loop, not in it); the next fill must wait for this iteration's reads (a
    // barrier before it, in the K loop).
    // CHECK-LABEL: gpu.func @k_loop(
    // CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (f32) {
    // CHECK-NEXT:      %[[I:.+]] = arith.addi
    // CHECK-NEXT:      %[[X:.+]] = memref.load %arg0[%[[I]]] : memref<64xf32>
    // CHECK-NEXT:      gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
    // CHECK-NEXT:      memref.store %[[X]], %{{.+}}[%{{.+}}] : memref<8xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT:      gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
    // CHECK-NEXT:      scf.for
    // CHECK-NEXT:        memref.load
    // CHECK-NEXT:        arith.addf
    // CHECK-NEXT:        scf.yield
    // CHECK-NEXT:      }
    // CHECK-NEXT:      scf.yield
    // CHECK-NEXT:    }
    // After the loop the results go to global memory: no barrier (nothing shared is read after).
    // CHECK:         memref.store %{{.+}}, %arg1[%{{.+}}] : memref<64xf32>
    // CHECK-NEXT:    gpu.return
    gpu.func @k_loop(%A: memref<64xf32>, %C: memref<64xf32>, %kt: index) workgroup(%tile : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %sum = scf.for %kb = %c0 to %kt step %c8 iter_args(%acc = %zero) -> (f32) {
        %i = arith.addi %kb, %t : index
        %x = memref.load %A[%i] : memref<64xf32>
        memref.store %x, %tile[%t] : memref<8xf32, #gpu.address_space<workgroup>>
        %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (f32) {
          %y = memref.load %tile[%j] : memref<8xf32, #gpu.address_space<workgroup>>
          %b = arith.addf %a, %y : f32
          scf.yield %b : f32
        }
        scf.yield %s : f32
      }
      memref.store %sum, %C[%t] : memref<64xf32>
      gpu.return
    }

    // Steps under control that depends on the work-item are single steps; barriers go between them, in uniform
    // control flow. What a uniform scf.if meets from before it waits before it.
    // CHECK-LABEL: gpu.func @branches(
    // CHECK:         scf.if %[[FIRST:.+]] {
    // CHECK-NEXT:      memref.store
    // CHECK-NEXT:    }
    // CHECK-NEXT:    gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
    // CHECK-NEXT:    scf.if %arg1 {
    // CHECK-NEXT:      memref.load
    // CHECK-NEXT:    } else {
    // CHECK-NEXT:      memref.store
    // CHECK-NEXT:    }
    gpu.func @branches(%A: memref<64xf32>, %flag: i1) workgroup(%tile : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %one, %tile[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
      }
      scf.if %flag {
        %v = memref.load %tile[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
      } else {
        memref.store %one, %tile[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      }
      gpu.return
    }

    // One work-item (every thread id 0) makes both steps: program order is enough. Another work-item reading what it
    // stored needs the barrier.
    // CHECK-LABEL: gpu.func @first_work_item(
    // CHECK:         scf.if %[[F:.+]] {
    // CHECK-NEXT:      memref.store
    // CHECK-NEXT:    }
    // CHECK-NEXT:    scf.if %[[F]] {
    // CHECK-NEXT:      memref.load
    // CHECK-NEXT:      memref.store
    // CHECK-NEXT:    }
    // CHECK-NEXT:    gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    // CHECK-NEXT:    memref.load %arg0
    gpu.func @first_work_item(%A: memref<8xf32>) kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %x0 = arith.cmpi eq, %tx, %c0 : index
      %y0 = arith.cmpi eq, %ty, %c0 : index
      %first = arith.andi %x0, %y0 : i1
      scf.if %first {
        memref.store %one, %A[%c0] : memref<8xf32>
      }
      scf.if %first {
        %v = memref.load %A[%c0] : memref<8xf32>
        memref.store %v, %A[%c1] : memref<8xf32>
      }
      %w = memref.load %A[%c1] : memref<8xf32>
      memref.store %w, %A[%tx] : memref<8xf32>
      gpu.return
    }

    // The rounds of a loop dealt to work-items (a foreach larger than the work-group): each round stores the rows
    // [%r, min(%r + 8, %n)), one per work-item; rounds store different rows, so they need no barrier. A round that
    // reads a row of the next one does.
    // CHECK-LABEL: gpu.func @rounds(
    // CHECK:         scf.for
    // CHECK-NOT:       gpu.barrier
    // CHECK:           memref.store
    // CHECK:         scf.for
    // CHECK:           gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    // CHECK-NEXT:      scf.if
    gpu.func @rounds(%A: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        scf.if %in {
          memref.store %one, %A[%i] : memref<?xf32>
        }
      }
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        scf.if %in {
          %next = arith.addi %i, %c8 : index
          %v = memref.load %A[%next] : memref<?xf32>
          memref.store %v, %A[%i] : memref<?xf32>
        }
      }
      gpu.return
    }

    // The same rounds as gpu-map-work-items writes them where %r + %tx could wrap in a 32-bit index: the round's end
    // %r + minui(%n - %r, 8), tested as %tx < minui(%n - %r, 8) (rows [%r, %n), within [%r, %r + 8)); and a round
    // under lb < ub and off < ub - lb. Rounds that read and write their own rows need no barrier between them; a
    // round of nine rows in a loop of step 8 reaches into the next one.
    // CHECK-LABEL: gpu.func @rounds_tested_by_their_span(
    // CHECK:         scf.for
    // CHECK-NOT:       gpu.barrier
    // CHECK:           memref.store
    // CHECK:         scf.for
    // CHECK-NOT:       gpu.barrier
    // CHECK:           memref.store
    // CHECK:         scf.for
    // CHECK:           gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    // CHECK-NEXT:      scf.if
    gpu.func @rounds_tested_by_their_span(%A: memref<?xf32>, %n: index, %g: f32) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %left = arith.subi %n, %r : index
        %m = arith.minui %left, %c8 : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %tx, %m : index
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          %w = arith.addf %v, %g : f32
          memref.store %w, %A[%i] : memref<?xf32>
        }
      }
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %nonempty = arith.cmpi slt, %r, %u : index
        %span = arith.subi %u, %r : index
        %inspan = arith.cmpi ult, %tx, %span : index
        %in = arith.andi %nonempty, %inspan : i1
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          %w = arith.addf %v, %g : f32
          memref.store %w, %A[%i] : memref<?xf32>
        }
      }
      scf.for %r = %c0 to %n step %c8 {
        %left = arith.subi %n, %r : index
        %m = arith.minui %left, %c9 : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %tx, %m : index
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          %w = arith.addf %v, %g : f32
          memref.store %w, %A[%i] : memref<?xf32>
        }
      }
      gpu.return
    }

    // Rounds that read and write their own rows (a foreach `x[i] = x[i] + g` larger than the work-group) touch rows
    // no other round touches: no barrier between them. A round that also reads a row every round reads (%A[0]),
    // or reads its rows through a view made in the loop (other rows in each round), waits for the round before.
    // CHECK-LABEL: gpu.func @rounds_read_write(
    // CHECK:         scf.for
    // CHECK-NOT:       gpu.barrier
    // CHECK:           memref.store
    // CHECK:         scf.for
    // CHECK:           gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    // CHECK-NEXT:      scf.if
    // CHECK:         scf.for
    // CHECK:           memref.subview
    // CHECK-NEXT:      gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    // CHECK-NEXT:      scf.if
    gpu.func @rounds_read_write(%A: memref<?xf32>, %n: index, %g: f32) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          %s = arith.addf %v, %g : f32
          memref.store %s, %A[%i] : memref<?xf32>
        }
      }
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          %f = memref.load %A[%c0] : memref<?xf32>
          %s = arith.addf %v, %f : f32
          memref.store %s, %A[%i] : memref<?xf32>
        }
      }
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        // Round r touches elements n + r/2 + t: rounds overlap, by other work-items.
        %half = arith.divui %r, %c2 : index
        %back = arith.subi %n, %half : index
        %view = memref.subview %A[%back] [%c8] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
        scf.if %in {
          %v = memref.load %view[%i] : memref<?xf32, strided<[1], offset: ?>>
          %s = arith.addf %v, %g : f32
          memref.store %s, %view[%i] : memref<?xf32, strided<[1], offset: ?>>
        }
      }
      gpu.return
    }

    // A round writes rows [%r, %r + 4), then rows [%r + 4, %n). Within one iteration they meet nowhere, and the
    // first rows never meet those of another iteration; but [%r + 4, %n) of an earlier iteration reaches into the
    // first rows of the next ones (its bounds are other values then). So the barrier goes before the first store
    // of each iteration: none is needed between the two stores.
    // CHECK-LABEL: gpu.func @moving_bound(
    // CHECK:         scf.for
    // CHECK-NEXT:      arith.addi
    // CHECK-NEXT:      arith.addi
    // CHECK-NEXT:      arith.cmpi
    // CHECK-NEXT:      gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    // CHECK-NEXT:      scf.if
    // CHECK-NOT:       gpu.barrier
    // CHECK:         gpu.return
    gpu.func @moving_bound(%A: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %mid = arith.addi %r, %c4 : index
        %i = arith.addi %r, %tx : index
        %first = arith.cmpi slt, %i, %mid : index
        scf.if %first {
          memref.store %zero, %A[%i] : memref<?xf32>
        }
        %j = arith.addi %mid, %tx : index
        %rest = arith.cmpi slt, %j, %n : index
        scf.if %rest {
          memref.store %zero, %A[%j] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
