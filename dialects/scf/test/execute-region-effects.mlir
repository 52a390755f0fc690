// scf.execute_region has the memory effects of its region (MLIR's RecursiveMemoryEffects): unused and without
// effects inside, it is dead, and CSE and canonicalize erase it; one that calls a function or stores stays. mlir-opt 22
// gives the same modules (the compare RUN lines).
// RUN: tl-opt %s --cse --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --cse --allow-unregistered-dialect
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t.canon --canonicalize --allow-unregistered-dialect

func.func private @sink(i32)

// CHECK-LABEL: func.func @regions
// CHECK-NOT:     arith.addi
// CHECK:         scf.execute_region
// CHECK-NEXT:      func.call @sink
// CHECK:         scf.execute_region
// CHECK-NEXT:      memref.store
// CHECK-NOT:     scf.execute_region
// CHECK:         return
func.func @regions(%x: i32, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %dead = scf.execute_region -> i32 {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  %calls = scf.execute_region -> i32 {
    func.call @sink(%x) : (i32) -> ()
    scf.yield %x : i32
  }
  %stores = scf.execute_region -> i32 {
    memref.store %x, %m[%c0] : memref<4xi32>
    scf.yield %x : i32
  }
  return
}
