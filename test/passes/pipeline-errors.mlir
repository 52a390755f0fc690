// Errors in pass pipelines and pass options, reported as mlir-opt 22 words them (columns count from the start
// of the whole pipeline text), with exit code 1 and no output.
// RUN: not tl-opt %s -p 'builtin.module(foo)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:16: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(foo)
// UNKNOWN-NEXT: {{^}}               ^
// UNKNOWN-NOT:  module

// RUN: not tl-opt %s -p 'cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not tl-opt %s --pass-pipeline='' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not tl-opt %s -p 'builtin.module(cse))' 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: 1:20: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline

// RUN: not tl-opt %s -p 'builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: 1:15: error: encountered unbalanced parentheses while parsing pipeline

// RUN: not tl-opt %s -p 'builtin.module(cse,,cse)' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: 1:20: error: '' does not refer to a registered pass or pass pipeline

// RUN: not tl-opt %s -p 'builtin.module(canonicalize{max-iterations=3 top-down)' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: 1:28: error: missing closing '}' while processing pass options

// RUN: not tl-opt %s -p 'builtin.module(canonicalize{max-iterations=x})' 2>&1 | FileCheck %s --check-prefix=BADVALUE
// BADVALUE: error: failed to add `canonicalize` with options `max-iterations=x`: for the --max-iterations option: 'x' value invalid for long argument!

// An integer out of the option's range is an error, as in mlir-opt, not a rounded value: 2^64 for a long,
// 2^32 for a uint (a list element too).
// RUN: not tl-opt %s -p 'builtin.module(canonicalize{max-iterations=99999999999999999999})' 2>&1 | FileCheck %s --check-prefix=BIGLONG
// BIGLONG: for the --max-iterations option: '99999999999999999999' value invalid for long argument!
// RUN: not tl-opt %s -p 'builtin.module(view-op-graph{max-label-len=4294967296})' 2>&1 | FileCheck %s --check-prefix=BIGUINT
// BIGUINT: for the --max-label-len option: '4294967296' value invalid for uint argument!
// RUN: not tl-opt %s --lower-to-krnl='work-group-size=99999999999999999999,1' 2>&1 | FileCheck %s --check-prefix=BIGLIST
// BIGLIST: for the --work-group-size option: '99999999999999999999' value invalid for uint argument!

// RUN: not tl-opt %s -p 'builtin.module(canonicalize{top-down=maybe})' 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 or 1

// RUN: not tl-opt %s -p 'builtin.module(canonicalize{region-simplify=always})' 2>&1 | FileCheck %s --check-prefix=BADENUM
// BADENUM: for the --region-simplify option: Cannot find option named 'always'!

// RUN: not tl-opt %s -p 'builtin.module(cse{a=1})' 2>&1 | FileCheck %s --check-prefix=NOOPTION
// NOOPTION: MLIR Textual PassPipeline Parser:1:20: error: failed to add `cse` with options `a=1`: no such option 'a' (this pass takes no options)
// NOOPTION-NEXT: {{^}}builtin.module(cse{a=1})
// NOOPTION-NEXT: {{^}}                   ^

// The same errors for pass flags.
// RUN: not tl-opt %s --canonicalize='foo=1' 2>&1 | FileCheck %s --check-prefix=FLAGOPTION
// FLAGOPTION:      <command line>:1:16: error: no such option 'foo' (valid options: disable-patterns, enable-patterns, max-iterations, max-num-rewrites, region-simplify, test-convergence, top-down)
// FLAGOPTION-NEXT: {{^}}--canonicalize=foo=1
// FLAGOPTION-NEXT: {{^}}               ^
// FLAGOPTION-NEXT: failed to add `canonicalize` with options `foo=1`

// An unknown option close to a valid one: "did you mean", at its place in the flag.
// RUN: not tl-opt %s --canonicalize='top-down=1 max-iteration=3' 2>&1 | FileCheck %s --check-prefix=DIDYOUMEAN
// DIDYOUMEAN:      <command line>:1:27: error: no such option 'max-iteration'; did you mean 'max-iterations'? (valid options:
// DIDYOUMEAN-NEXT: {{^}}--canonicalize=top-down=1 max-iteration=3
// DIDYOUMEAN-NEXT: {{^}}                          ^

// RUN: not tl-opt %s --cse -p 'builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// RUN: not tl-opt %s -p 'builtin.module(cse)' -p 'builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: tl-opt: for the --pass-pipeline option: may only occur zero or one times!

// A pipeline anchored on another op than the module.
// RUN: not tl-opt --allow-unregistered-dialect %s -p 'func.func(cse)' 2>&1 | FileCheck %s --check-prefix=WRONGOP
// WRONGOP: pipeline-errors.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op
"test.op"() : () -> ()
