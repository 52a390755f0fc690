// The errors of gpu.binary and #gpu.object (checked by ../binary.mlir with both tools).

// expected-error@+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @none []

// -----

// expected-error@+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @not_objects [#gpu.object<#nvvm.target, "a">, "b"]

// -----

// expected-error@+1 {{'gpu.binary' op attribute 'offloadingHandler' failed to satisfy constraint: any attribute with the `OffloadingTranslationAttrTrait` trait.}}
gpu.binary @handler <2> [#gpu.object<#nvvm.target, "a">]

// -----

// expected-error@+1 {{the target attribute must implement or promise the `gpu::TargetAttrInterface`}}
gpu.binary @target [#gpu.object<"nvvm", "a">]

// -----

// expected-error@+1 {{expected keyword for GPU object format}}
gpu.binary @format [#gpu.object<#nvvm.target, elf = "a">]

// -----

// expected-error@+1 {{the target attribute must be a GPU Target attribute}}
gpu.binary @select <#gpu.select_object<"first">> [#gpu.object<#nvvm.target, "a">]

// -----

func.func @nested() {
  // expected-error@+1 {{'gpu.binary' op symbol's parent must have the SymbolTable trait}}
  gpu.binary @inside [#gpu.object<#nvvm.target, "a">]
  return
}
