// The verifier runs after each pass (unless the pass preserved all analyses); --verify-each=false turns that
// off. The pass that breaks the IR here is a pass plugin (Inputs/break-terminator-plugin.mjs).
// RUN: not tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../lib/test-dialect.mjs --load-pass-plugin=%S/Inputs/break-terminator-plugin.mjs %s \
// RUN:   --break-terminator --cse 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY:     error: 'test.return' op must be the last operation in the parent block
// VERIFY-NOT: module
// RUN: tl-opt --allow-unregistered-dialect --load-dialect-plugin=%S/../lib/test-dialect.mjs --load-pass-plugin=%S/Inputs/break-terminator-plugin.mjs %s \
// RUN:   --break-terminator --verify-each=false --mlir-print-op-generic | FileCheck %s --check-prefix=NOVERIFY
// NOVERIFY: "test.return"() : () -> ()
// NOVERIFY-NEXT: "test.op"() : () -> ()
"test.func"() <{sym_name = "f"}> ({
  "test.op"() : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
