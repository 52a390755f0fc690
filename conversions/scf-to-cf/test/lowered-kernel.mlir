// A real kernel through the whole lowering and then convert-scf-to-cf: no scf op is left, mlir-opt 22 reads the
// result, and the interpreter running it (every work-item of every work-group, branches and all) computes what the
// tensor-language kernel computes. WGSL has no branches, so the webgpu backend refuses it at the kernel.
// RUN: tl-opt %S/../../../examples/kernels/tall-and-skinny-gemm.tl --lower-to-krnl --lower-to-gpu --convert-scf-to-cf -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir
// RUN: mlir-opt %t.mlir > /dev/null
// RUN: tl-run %t.mlir --backend interpreter --random --kernel tall_and_skinny --shape A=200x8 --shape C=200x4 --groups 4 \
// RUN:   --check --reference %S/../../../examples/kernels/tall-and-skinny-gemm.tl | FileCheck %s --check-prefix=INTERP
// RUN: not tl-run %t.mlir --random --kernel tall_and_skinny --shape A=200x8 --shape C=200x4 --groups 4 2>&1 | FileCheck %s --check-prefix=WGSL
// CHECK-NOT: scf.
// CHECK: gpu.func @tall_and_skinny(
// CHECK: cf.cond_br
// CHECK-NOT: scf.
// INTERP: check: ok
// WGSL: error: the kernel @tall_and_skinny has several blocks: WGSL has structured control flow only (no branches)
