// The generic passes on krnl IR, through the effects the ops declare: loop handles are never merged or hoisted
// (two define_loops or blocks make different loops), induction variable queries of the same loop are merged,
// loop-invariant pure ops leave a krnl.iterate, unused loads and queries are removed, and a function named by an
// entry point is kept.
// RUN: tl-opt --allow-unregistered-dialect --cse %s | FileCheck %s --check-prefix=CSE
// RUN: tl-opt --allow-unregistered-dialect --loop-invariant-code-motion %s | FileCheck %s --check-prefix=LICM
// RUN: tl-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s --check-prefix=CANON
// RUN: tl-opt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s --check-prefix=SYMDCE

// SYMDCE: func.func private @entry(
// SYMDCE: "krnl.entry_point"() <{func = @entry
func.func private @entry(%m: memref<4xf32>) {
  return
}
"krnl.entry_point"() {func = @entry, numInputs = 1 : i32, numOutputs = 0 : i32, signature = ""} : () -> ()

// CSE-LABEL: func.func @f(
// CSE-NEXT:    %[[A:.*]] = krnl.define_loops 1
// CSE-NEXT:    %[[B:.*]] = krnl.define_loops 1
// CSE-NEXT:    %{{.*}}, %{{.*}} = krnl.block %[[A]] 4
// CSE-NEXT:    %{{.*}}, %{{.*}} = krnl.block %[[A]] 4
// CSE-NEXT:    krnl.iterate(%[[A]]) with
// CSE-NEXT:      %[[V:.*]] = krnl.get_induction_var_value(%[[A]])
// CSE-NOT:       krnl.get_induction_var_value
// CSE:           krnl.store %{{.*}}, %arg0[%[[V]]] : memref<16xf32>
// CSE-NEXT:      "t.use"
// CSE-NEXT:    }
// CSE-NEXT:    return

// LICM-LABEL: func.func @f(
// LICM:         %[[INV:.*]] = arith.addf %arg1, %arg1 : f32
// LICM-NEXT:    %[[C:.*]] = arith.addi %arg2, %arg2 : index
// LICM-NEXT:    krnl.iterate
// LICM-NEXT:      krnl.get_induction_var_value
// LICM-NEXT:      krnl.get_induction_var_value
// LICM-NEXT:      krnl.get_induction_var_value
// LICM-NEXT:      krnl.load %arg0[%arg2]
// LICM-NEXT:      krnl.load

// CANON-LABEL: func.func @f(
// CANON-NEXT:    %[[A:.*]] = krnl.define_loops 1
// CANON-NEXT:    krnl.define_loops 1
// CANON-NEXT:    krnl.block %[[A]] 4
// CANON-NEXT:    krnl.block %[[A]] 4
// CANON-NEXT:    krnl.iterate(%[[A]]) with
// CANON-NEXT:      %[[V:.*]] = krnl.get_induction_var_value(%[[A]])
// CANON-NEXT:      arith.addf
// CANON-NEXT:      arith.addi
// CANON-NEXT:      krnl.load %arg0[%arg2]
// CANON-NEXT:      arith.addf
// CANON-NEXT:      krnl.store %{{.*}}, %arg0[%[[V]]]
// CANON-NEXT:      "t.use"
// CANON-NEXT:    }
// CANON-NEXT:    return
func.func @f(%A: memref<16xf32>, %x: f32, %n: index) -> f32 {
  %a = krnl.define_loops 1
  %b = krnl.define_loops 1
  %t1, %l1 = krnl.block %a 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %t2, %l2 = krnl.block %a 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%a) with (%a -> %i = 0 to 16) {
    %v1 = krnl.get_induction_var_value(%a) : (!krnl.loop) -> index
    %v2 = krnl.get_induction_var_value(%a) : (!krnl.loop) -> index
    %unused = krnl.get_induction_var_value(%a) : (!krnl.loop) -> index
    %inv = arith.addf %x, %x : f32
    %c = arith.addi %n, %n : index
    %ld = krnl.load %A[%n] : memref<16xf32>
    %dl = krnl.load %A[%v1] : memref<16xf32>
    %s = arith.addf %inv, %ld : f32
    krnl.store %s, %A[%v2] : memref<16xf32>
    "t.use"(%c) : (index) -> ()
  }
  // An empty loop nest does nothing: the passes remove it (not its loop handle).
  krnl.iterate(%b) with (%b -> %j = 0 to 16) {
  }
  return %x : f32
}
