// The sparse linear algebra ops of the gpu dialect (handles of dense tensors and sparse matrices, SpMV, SpMM, SDDMM,
// SpGEMM and their buffer-size queries): mlir-opt 22 and tl-opt print the same module, in the custom and the
// generic form, and report the same errors.
// RUN: mlir-opt %s -o %t.ref
// RUN: tl-opt %s | diff %t.ref -
// RUN: mlir-opt %s --mlir-print-op-generic -o %t.ref.generic
// RUN: tl-opt %s --mlir-print-op-generic | diff %t.ref.generic -
// RUN: tl-opt %t.ref.generic | diff %t.ref -
// RUN: tl-opt %S/Inputs/sparse-invalid.mlir --split-input-file --verify-diagnostics
// RUN: mlir-opt %S/Inputs/sparse-invalid.mlir --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  func.func @vector_product(%n: index, %nnz: index, %rows: memref<?xindex>, %cols: memref<?xindex>, %vals: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %buf: memref<?xi8>) -> index {
    %t0 = gpu.wait async
    %a, %t1 = gpu.create_coo async [%t0] %n, %n, %nnz, %rows, %cols, %vals : memref<?xindex>, memref<?xindex>, memref<?xf32>
    %dx, %t2 = gpu.create_dn_tensor async [%t1] %x, %n : index into memref<?xf32>
    %dy, %t3 = gpu.create_dn_tensor async [%t2] %y, %n : index into memref<?xf32>
    %size, %t4 = gpu.spmv_buffer_size async [%t3] %a{TRANSPOSE}, %dx, %dy into f32
    %t5 = gpu.spmv async [%t4] %a, %dx, %dy, %buf : memref<?xi8> into f32
    %t6 = gpu.destroy_dn_tensor async [%t5] %dx
    %t7 = gpu.destroy_dn_tensor async [%t6] %dy
    %t8 = gpu.destroy_sp_mat async [%t7] %a
    gpu.wait [%t8]
    return %size : index
  }

  func.func @matrix_products(%m: index, %k: index, %nnz: index, %pos: memref<?xindex>, %idx: memref<?xindex>, %vals: memref<?xf64>, %dense: memref<?x?xf64>, %buf: memref<?xi8>, %buf2: memref<?xi8>) {
    %a = gpu.create_csr %m, %k, %nnz, %pos, %idx, %vals : memref<?xindex>, memref<?xindex>, memref<?xf64>
    %c = gpu.create_csc %m, %k, %nnz, %pos, %idx, %vals : memref<?xindex>, memref<?xindex>, memref<?xf64>
    %b = gpu.create_dn_tensor %dense, %k, %m : index, index into memref<?x?xf64>
    %s1, %s2 = gpu.spmm_buffer_size %a{CONJUGATE_TRANSPOSE}, %b{TRANSPOSE}, %b : index, index into f64
    gpu.spmm %a, %b{TRANSPOSE}, %b, %buf, %buf2 : memref<?xi8>, memref<?xi8> into f64
    %s3 = gpu.sddmm_buffer_size %b, %b{TRANSPOSE}, %c into f64
    gpu.sddmm %b{TRANSPOSE}, %b, %c, %buf : memref<?xi8> into f64
    gpu.destroy_sp_mat %a
    gpu.destroy_sp_mat %c
    gpu.destroy_dn_tensor %b
    return
  }

  func.func @other_formats(%n: index, %nnz: index, %idxs: memref<?xindex>, %vals: memref<?xf16>, %d: memref<?x?xf16>) {
    %aos = gpu.create_coo_aos %n, %n, %nnz, %idxs, %vals : memref<?xindex>, memref<?xf16>
    %bsr = gpu.create_bsr %n, %n, %nnz, %n, %n, %idxs, %idxs, %vals : memref<?xindex>, memref<?xindex>, memref<?xf16>
    %pruned = gpu.create_2to4_spmat {PRUNE_ONLY} %n, %n, %d : memref<?x?xf16>
    %kept = gpu.create_2to4_spmat {NONE} %n, %n, %d : memref<?x?xf16>
    %checked = gpu.create_2to4_spmat {PRUNE_AND_CHECK} %n, %n, %d : memref<?x?xf16>
    %rows, %cols, %count = gpu.spmat_get_size %bsr
    return
  }

  func.func @spgemm(%n: index, %pos: memref<?xindex>, %idx: memref<?xindex>, %vals: memref<?xf32>, %buf: memref<0xi8>, %t: !gpu.async.token) -> !gpu.async.token {
    %c0 = arith.constant 0 : index
    %a, %t1 = gpu.create_csr async [%t] %n, %n, %n, %pos, %idx, %vals : memref<?xindex>, memref<?xindex>, memref<?xf32>
    %desc, %t2 = gpu.spgemm_create_descr async [%t1]
    %size, %t3 = gpu.spgemm_work_estimation_or_compute async [%t2]{WORK_ESTIMATION} %a, %a{TRANSPOSE}, %a, %desc, %c0, %buf : f32 into memref<0xi8>
    %size2, %t4 = gpu.spgemm_work_estimation_or_compute async [%t3]{COMPUTE} %a, %a, %a, %desc, %size, %buf : f32 into memref<0xi8>
    %t5 = gpu.set_csr_pointers async [%t4] %a, %pos, %idx, %vals : memref<?xindex>, memref<?xindex>, memref<?xf32>
    %t6 = gpu.spgemm_copy async [%t5] %a{TRANSPOSE}, %a, %a, %desc : f32
    %t7 = gpu.spgemm_destroy_descr async [%t6] %desc
    return %t7 : !gpu.async.token
  }
}
