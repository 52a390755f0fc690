// gpu.dynamic_shared_memory: the bytes of workgroup memory a launch's dynamic_shared_memory_size gives, viewed
// with memref.view. mlir-opt 22 and tl-opt print the same module (custom and generic forms), and report the same
// errors (both check the expected-* comments of the second part).
// RUN: mlir-opt %s --split-input-file -o %t.ref
// RUN: tl-opt %s --split-input-file | diff %t.ref -
// RUN: mlir-opt %s --split-input-file --mlir-print-op-generic -o %t.ref.generic
// RUN: tl-opt %s --split-input-file --mlir-print-op-generic | diff %t.ref.generic -
// RUN: tl-opt %t.ref --split-input-file | diff %t.ref -
// RUN: tl-opt %S/Inputs/dynamic-shared-memory-invalid.mlir --split-input-file --verify-diagnostics
// RUN: mlir-opt %S/Inputs/dynamic-shared-memory-invalid.mlir --split-input-file --verify-diagnostics

func.func @tiles(%bytes: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c4096 = arith.constant 4096 : index
    %a = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x32xf32, #gpu.address_space<workgroup>>
    %b = memref.view %raw[%c4096][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel {
      %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
