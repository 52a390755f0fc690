// Plugins: --load-dialect-plugin and --load-pass-plugin load ES modules that register dialects and passes with
// the framework tl-opt hands them; their passes become flags and pipeline elements. The example plugin is
// examples/plugins/demo-plugin.mjs.
// RUN: tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs \
// RUN:   --load-pass-plugin %S/../../examples/plugins/demo-plugin.mjs --demo-expand-double --demo-count-ops=by-dialect \
// RUN:   %S/../../examples/plugins/demo.mlir 2>&1 | FileCheck %s
// The report goes to stderr during the run, the IR to stdout at the end.
// CHECK:      op counts:
// CHECK-NEXT:   builtin: 1
// CHECK-NEXT:   demo: 2
// CHECK-NEXT:   ex: 2
// CHECK:      "ex.func"() ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:   %[[A:.*]] = "demo.add"(%[[X]], %[[X]]) : (i32, i32) -> i32
// CHECK-NEXT:   %[[B:.*]] = "demo.add"(%[[A]], %[[A]]) : (i32, i32) -> i32
// CHECK-NEXT:   "ex.return"(%[[B]]) : (i32) -> ()

// A pass that builds ops of another dialect (arith, from host.dialects); mlir-opt reads what it prints.
// RUN: tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs \
// RUN:   --load-pass-plugin=%S/../../examples/plugins/demo-plugin.mjs --demo-to-arith \
// RUN:   %S/../../examples/plugins/demo.mlir | FileCheck %s --check-prefix=ARITH
// RUN: tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs \
// RUN:   --load-pass-plugin=%S/../../examples/plugins/demo-plugin.mjs --demo-to-arith \
// RUN:   %S/../../examples/plugins/demo.mlir | mlir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=ARITH
// ARITH:      ^bb0(%[[X:.*]]: i32):
// ARITH-NEXT:   %[[TWO:.*]] = arith.constant 2 : i32
// ARITH-NEXT:   %[[A:.*]] = arith.muli %[[X]], %[[TWO]] : i32
// ARITH-NEXT:   %[[B:.*]] = arith.muli %[[A]], %[[TWO]] : i32
// ARITH-NEXT:   "ex.return"(%[[B]]) : (i32) -> ()

// The same passes in a pipeline; --help and --show-dialects show what plugins added.
// RUN: tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs \
// RUN:   --load-pass-plugin=%S/../../examples/plugins/demo-plugin.mjs -p 'builtin.module(demo-expand-double,cse)' \
// RUN:   %S/../../examples/plugins/demo.mlir | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: "demo.add"
// RUN: tl-opt --load-pass-plugin=%S/../../examples/plugins/demo-plugin.mjs --help | FileCheck %s --check-prefix=HELP
// HELP: --demo-count-ops {{ *}}-   Print how many ops of each name (or dialect) the IR holds
// HELP-NEXT: --by-dialect {{ *}}- Count per dialect rather than per op name
// HELP: --demo-expand-double {{ *}}-   Rewrite demo.double(x) as demo.add(x, x)
// HELP: --demo-to-arith {{ *}}-   Lower demo.double and demo.add to the arith dialect
// RUN: tl-opt --load-dialect-plugin=%S/../../examples/plugins/demo-plugin.mjs --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: {{([a-z]+,)*}}builtin,{{([a-z]+,)*}}demo,

// Without the plugin, the pass flag is unknown.
// RUN: not tl-opt --demo-expand-double %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: tl-opt: Unknown command line argument '--demo-expand-double'.  Try: 'tl-opt --help'

// Errors loading plugins.
// RUN: not tl-opt --load-pass-plugin=%S/Inputs/no-such-plugin.mjs %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tl-opt: could not load pass plugin '{{.*}}no-such-plugin.mjs': No such file or directory
// RUN: not tl-opt --load-pass-plugin=%S/../lib/test-dialect.mjs %s 2>&1 | FileCheck %s --check-prefix=NOEXPORT
// NOEXPORT: tl-opt: pass plugin '{{.*}}test-dialect.mjs' does not export a function 'registerPasses'
// RUN: not tl-opt --load-pass-plugin=%S/Inputs/throwing-plugin.mjs %s 2>&1 | FileCheck %s --check-prefix=THROWS
// THROWS: tl-opt: pass plugin '{{.*}}throwing-plugin.mjs' failed to register: a pass or pipeline named 'cse' is already registered
// RUN: not tl-opt --load-dialect-plugin=%S/Inputs/duplicate-dialect-plugin.mjs %s 2>&1 | FileCheck %s --check-prefix=DUPLICATE
// DUPLICATE: tl-opt: dialect plugin '{{.*}}duplicate-dialect-plugin.mjs' failed to register: a dialect named 'func' is already registered
"test.op"() : () -> ()

// Failures in plugin code are the plugin's: located at the plugin's frame (file:line:col, its source line and a
// caret), naming the pass that ran, and exit code 1; never "a bug in tlir".
// RUN: not tl-opt --load-pass-plugin=%S/Inputs/crashing-pass-plugin.mjs -p 'builtin.module(func.func(crash-on-func))' \
// RUN:   %S/Inputs/one-function.mlir 2>&1 | FileCheck %s --check-prefix=CRASH --implicit-check-not=tlir
// CRASH: {{.*}}crashing-pass-plugin.mjs:9:49: error: pass 'crash-on-func' of plugin '{{.*}}crashing-pass-plugin.mjs' failed: TypeError: cannot handle func.func
// CRASH-NEXT: {{^}}          if (inner.name === 'func.func') throw new TypeError('cannot handle func.func');
// CRASH-NEXT: {{^}}                                                ^
// CRASH-NOT: func.func @
// RUN: not tl-opt --load-pass-plugin=%S/Inputs/syntax-error-plugin.mjs %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: {{.*}}syntax-error-plugin.mjs:4:58: error: could not load plugin: SyntaxError: Unexpected identifier 'summary'
// SYNTAX-NEXT: {{^}}  registry.registerPass(pass.definePass({ argument: name summary: 'x', run() {} }));
// SYNTAX-NEXT: {{^}}                                                         ^
// RUN: not tl-opt --load-pass-plugin=%S/Inputs/register-throws-plugin.mjs %s 2>&1 | FileCheck %s --check-prefix=REGISTER
// REGISTER: {{.*}}register-throws-plugin.mjs:4:16: error: pass plugin '{{.*}}register-throws-plugin.mjs' failed to register: Cannot read properties of undefined (reading 'passes')
