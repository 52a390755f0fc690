// Symbol DCE: private symbols nothing live refers to are erased (public ones stay, with what they use),
// in nested symbol tables too; references through nested tables (@t::@s) keep their targets.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect --symbol-dce --split-input-file %s | FileCheck %s
// RUN: not tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect %s --split-input-file \
// RUN:   -p 'builtin.module(test.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-NOT: @dead
// CHECK-DAG: sym_name = "public"
// CHECK-DAG: sym_name = "used"
// CHECK-DAG: sym_name = "used_by_used"
// CHECK-DAG: sym_name = "table"
// CHECK-DAG: sym_name = "nested_used"
// CHECK-NOT: "dead
"test.func"() <{sym_name = "public"}> ({
  "test.call"() {callee = @used} : () -> ()
  "test.call"() {callee = [@table::@nested_used]} : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
"test.func"() <{sym_name = "used", sym_visibility = "private"}> ({
  "test.call"() {callee = @used_by_used} : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
"test.symbol"() <{sym_name = "used_by_used", sym_visibility = "private"}> : () -> ()
"test.symbol"() <{sym_name = "dead_private", sym_visibility = "private"}> : () -> ()
"test.func"() <{sym_name = "dead_calls", sym_visibility = "private"}> ({
  "test.call"() {callee = @dead_too} : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
"test.symbol"() <{sym_name = "dead_too", sym_visibility = "private"}> : () -> ()
"test.symbol_table"() <{sym_name = "table", sym_visibility = "private"}> ({
  "test.symbol"() <{sym_name = "nested_used"}> : () -> ()
  "test.symbol"() <{sym_name = "dead_nested", sym_visibility = "private"}> : () -> ()
}) : () -> ()

// -----

// The pass must run on a symbol table.
// ERR: error: 'test.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
"test.func"() <{sym_name = "f"}> ({
  "test.return"() : () -> ()
}) : () -> ()
