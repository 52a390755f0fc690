// tl-opt's bin compiles its bundle from the V8 code cache `pnpm build` made for the Node options it runs with
// (tools/tl-opt/bin/tl-opt.js); TLIR_NO_CODE_CACHE=1 loads the bundle without it. Both give the same output, and
// plugins (imported through the bin) load either way.
// RUN: tl-opt %s | FileCheck %s
// RUN: env TLIR_NO_CODE_CACHE=1 tl-opt %s | FileCheck %s
// RUN: env TLIR_NO_CODE_CACHE=1 tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs \
// RUN:   --load-pass-plugin %S/../../examples/plugins/demo-plugin.mjs --demo-count-ops %S/../../examples/plugins/demo.mlir 2>&1 | FileCheck %s --check-prefix=PLUGIN
// RUN: tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs \
// RUN:   --load-pass-plugin %S/../../examples/plugins/demo-plugin.mjs --demo-count-ops %S/../../examples/plugins/demo.mlir 2>&1 | FileCheck %s --check-prefix=PLUGIN

// CHECK: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// PLUGIN: op counts:
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
