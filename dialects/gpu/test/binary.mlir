// gpu.binary and #gpu.object: serialized objects for targets tlir keeps as written (nvvm and rocdl are not tlir
// dialects: tl-opt runs with --allow-unregistered-dialect and keeps them as written; mlir-opt knows them).
// mlir-opt 22 and tl-opt print the same module, in the custom and the generic form, and report the same errors.
// RUN: mlir-opt %s --split-input-file -o %t.ref
// RUN: tl-opt %s --split-input-file --allow-unregistered-dialect | diff %t.ref -
// RUN: mlir-opt %s --split-input-file --mlir-print-op-generic -o %t.ref.generic
// RUN: tl-opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | diff %t.ref.generic -
// RUN: tl-opt %t.ref.generic --split-input-file --allow-unregistered-dialect | diff %t.ref -
// RUN: tl-opt %S/Inputs/binary-invalid.mlir --split-input-file --allow-unregistered-dialect --verify-diagnostics
// RUN: mlir-opt %S/Inputs/binary-invalid.mlir --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  // The default handler (the first object) is not printed; neither is the default format, fatbin.
  gpu.binary @one [#gpu.object<#nvvm.target, "\7FELF\00\01">]
  gpu.binary @by_index <#gpu.select_object<1>> [#gpu.object<#nvvm.target<chip = "sm_80">, bin = "cubin">, #gpu.object<#rocdl.target, offload = "bitcode">]
  gpu.binary @by_target <#gpu.select_object<#rocdl.target>> [
    #gpu.object<#nvvm.target, properties = {O = 3 : i32, note = "fast"}, assembly = "ptx text">,
    #gpu.object<#rocdl.target<chip = "gfx90a">, fatbin = "hsaco">
  ]
  gpu.binary @first_explicitly <#gpu.select_object<0>> {tag = 7 : i64} [#gpu.object<#nvvm.target, "">]
  func.func private @host()
}
