// tl-opt's pass options: pass flags in order, --pass-pipeline / -p, --dump-pass-pipeline, the IR printing
// flags, --mlir-timing, --mlir-pass-statistics, --help, --show-dialects, failing passes and --verify-each.
// The ops come from the test dialect plugin (test/lib/test-dialect.mjs).

// Pass flags run in order on the module; an anchored pass nests (here, none is): same as the pipeline.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s --canonicalize --cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP:      Pass Manager with 2 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// DUMP-NEXT:   cse
// DUMP-NEXT: )
// DUMP-EMPTY:
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(test.func(cse,canonicalize{top-down=false}),any(cse))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP2
// DUMP2:      Pass Manager with 2 passes:
// DUMP2-NEXT: builtin.module(
// DUMP2-NEXT:   test.func(
// DUMP2-NEXT:     cse,
// DUMP2-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false}
// DUMP2-NEXT:   ),
// DUMP2-NEXT:   any(
// DUMP2-NEXT:     cse
// DUMP2-NEXT:   )
// DUMP2-NEXT: )

// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(test.func(cse))' | FileCheck %s --check-prefix=RESULT
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s --cse | FileCheck %s --check-prefix=RESULT
// RESULT:      %[[A:.*]] = "test.addi"(%arg0, %arg0) : (i32, i32) -> i32
// RESULT-NEXT: "test.return"(%[[A]], %[[A]]) : (i32, i32) -> ()

// IR dumps go to stderr, headed as in mlir-opt: before/after given passes, all, only on change.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(test.func(cse,canonicalize))' \
// RUN:   --mlir-print-ir-before=cse --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT:      // -----// IR Dump Before CSE (cse) //----- //
// PRINT-NEXT: "test.func"() <{sym_name = "f"}> ({
// PRINT:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// PRINT-NEXT: "test.func"() <{sym_name = "f"}> ({
// PRINT-NOT:  IR Dump
// A pass name these flags do not know is an error, as in mlir-opt (a misspelt one would silently print nothing).
// RUN: not tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s --cse --mlir-print-ir-before=cse,csee 2>&1 | FileCheck %s --check-prefix=PRINT-UNKNOWN
// RUN: not mlir-opt --allow-unregistered-dialect %s --cse --mlir-print-ir-before=cse,csee 2>&1 | FileCheck %s --check-prefix=PRINT-UNKNOWN
// PRINT-UNKNOWN: for the --mlir-print-ir-before option: Cannot find option named 'csee'!
// PRINT-UNKNOWN-NOT: IR Dump
// RUN: not tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s --mlir-print-ir-after=canonicalise 2>&1 | FileCheck %s --check-prefix=PRINT-UNKNOWN-AFTER
// RUN: not mlir-opt --allow-unregistered-dialect %s --mlir-print-ir-after=canonicalise 2>&1 | FileCheck %s --check-prefix=PRINT-UNKNOWN-AFTER
// PRINT-UNKNOWN-AFTER: for the --mlir-print-ir-after option: Cannot find option named 'canonicalise'!
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(test.func(cse,canonicalize))' \
// RUN:   --mlir-print-ir-after-all --mlir-print-ir-after-change --mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE:      // -----// IR Dump After CSE (cse) ('test.func' operation: @f) //----- //
// CHANGE-NEXT: module {
// CHANGE-NOT:  IR Dump
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(test.func(cse))' --mlir-print-ir-before-all \
// RUN:   --mlir-print-op-generic -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFOREALL
// BEFOREALL:      // -----// IR Dump Before CSE (cse) //----- //
// BEFOREALL-NEXT: "test.func"() <{sym_name = "f"}> ({

// A failing pass: its error, the IR after it with --mlir-print-ir-after-failure, exit code 1, no output.
// RUN: not tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(cse,test.func(symbol-dce),cse)' \
// RUN:   --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL:      error: 'test.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
// FAIL:      // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// FAIL-NEXT: "test.func"() <{sym_name = "f"}> ({
// FAIL-NOT:  module {

// Statistics and timing, reported at the end on stderr.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s -p 'builtin.module(test.func(cse),canonicalize)' \
// RUN:   --mlir-pass-statistics --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORTS
// REPORTS:      ===-------------------------------------------------------------------------===
// REPORTS-NEXT:                          ... Pass statistics report ...
// REPORTS-NEXT: ===-------------------------------------------------------------------------===
// REPORTS-NEXT: 'test.func' Pipeline
// REPORTS-NEXT:   CSE
// REPORTS-NEXT:     (S) 1 num-cse - Number of operations CSE'd
// REPORTS-NEXT:     (S) 0 num-dce - Number of operations DCE'd
// REPORTS-NEXT: Canonicalizer
// REPORTS-NEXT: ===-------------------------------------------------------------------------===
// REPORTS-NEXT:                          ... Execution time report ...
// REPORTS-NEXT: ===-------------------------------------------------------------------------===
// REPORTS-NEXT:   Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// REPORTS-EMPTY:
// REPORTS-NEXT:   ----Wall Time----  ----Name----
// REPORTS-NEXT:   {{.*}}  Parser
// REPORTS-NEXT:   {{.*}}  'test.func' Pipeline
// REPORTS-NEXT:   {{.*}}    CSE
// REPORTS-NEXT:   {{.*}}      (A) DominanceInfo
// REPORTS-NEXT:   {{.*}}  Canonicalizer
// REPORTS-NEXT:   {{.*}}  Output
// REPORTS-NEXT:   {{.*}}  Rest
// REPORTS-NEXT:   {{.*}}(100.0%)  Total
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs %s --cse --cse --mlir-pass-statistics --mlir-pass-statistics-display=list \
// RUN:   --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LISTS
// LISTS:      CSE
// LISTS-NEXT:   (S) 1 num-cse - Number of operations CSE'd
// LISTS:      ----Wall Time----  ----Name----
// LISTS-DAG:  Parser
// LISTS-DAG:  CSE
// LISTS-DAG:  (A) DominanceInfo
// LISTS-DAG:  Output
// LISTS:      Rest

// --help lists the passes with their options (enumerations with their values), and the pipelines.
// RUN: tl-opt --help | FileCheck %s --check-prefix=HELP
// HELP:      --pass-pipeline=<string>
// HELP:      --mlir-print-ir-after-change
// HELP:      Compiler passes to run
// HELP-NEXT:   Passes:
// HELP-NEXT:     --canonicalize {{ *}}-   Canonicalize operations
// HELP-NEXT:       --disable-patterns=<string>,... {{ *}}- Labels of patterns that should be filtered out during application
// HELP:            --region-simplify=<value> {{ *}}- Perform control flow optimizations to the region tree
// HELP-NEXT:         =disabled {{ *}}-   Don't run any control-flow simplification.
// HELP:          --cse {{ *}}-   Eliminate common sub-expressions
// HELP:          --dce {{ *}}-   Eliminate dead code
// HELP:          --loop-invariant-code-motion {{ *}}-   Hoist loop invariant instructions outside of the loop
// HELP:          --reconcile-unrealized-casts {{ *}}-   Simplify and eliminate unrealized conversion casts
// HELP:          --symbol-dce {{ *}}-   Eliminate dead symbols
// HELP:          --view-op-graph {{ *}}-   Print Graphviz visualization of an operation
// HELP:        Pass Pipelines:

// RUN: tl-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: {{([a-z]+,)*}}builtin{{$|,}}

"test.func"() <{sym_name = "f"}> ({
^bb0(%x: i32):
  %a = "test.addi"(%x, %x) : (i32, i32) -> i32
  %b = "test.addi"(%x, %x) : (i32, i32) -> i32
  "test.return"(%a, %b) : (i32, i32) -> ()
}) : () -> ()
