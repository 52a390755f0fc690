// The tl-opt command line: input from a file or standard input, output to standard output or a file (-o),
// --help and --version, and the errors for bad arguments, unreadable input and unwritable output (reported
// as "tl-opt: ...", exit code 1).
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=OUT
// RUN: tl-opt --allow-unregistered-dialect - < %s | FileCheck %s --check-prefix=OUT
// RUN: cat %s | tl-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=OUT
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.out && FileCheck %s --check-prefix=OUT < %t.out
// RUN: tl-opt --allow-unregistered-dialect -o=%t.eq %s && FileCheck %s --check-prefix=OUT < %t.eq
// RUN: tl-opt -allow-unregistered-dialect %s -o - | FileCheck %s --check-prefix=OUT
// OUT:      module {
// OUT-NEXT:   "t.op"() : () -> ()
// OUT-NEXT: }

// Diagnostics name the input; standard input is "<stdin>".
// RUN: not tl-opt %s 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not tl-opt - < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// FILE:  cli.mlir:[[# @LINE + 2]]:1: error: operation 't.op' is not registered
// STDIN: <stdin>:[[# @LINE + 1]]:1: error: operation 't.op' is not registered
"t.op"() : () -> ()

// RUN: tl-opt --help | FileCheck %s --check-prefix=HELP
// RUN: tl-opt -h | FileCheck %s --check-prefix=HELP
// HELP: USAGE: tl-opt [options] <input file (default: -, standard input)>
// HELP: -o <filename>
// HELP: --split-input-file[=<marker>]
// HELP: --output-split-marker=<marker>
// HELP: --verify-diagnostics[=all|only-expected]
// HELP: --mlir-print-op-generic
// HELP: --mlir-print-debuginfo
// HELP: --allow-unregistered-dialect
// HELP: --verify-each
// RUN: tl-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: tl-opt (tlir) {{[0-9]+\.[0-9]+\.[0-9]+}}

// RUN: not tl-opt --bogus %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tl-opt: Unknown command line argument '--bogus'.  Try: 'tl-opt --help'
// RUN: not tl-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: tl-opt: Too many positional arguments specified: '{{.*}}cli.mlir' (one input file is expected, and '{{.*}}cli.mlir' was given)
// RUN: not tl-opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: tl-opt: option '-o' needs a value
// RUN: not tl-opt --mlir-print-op-generic=maybe %s 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: tl-opt: for the --mlir-print-op-generic option: invalid value 'maybe' (expected true or false)
// RUN: not tl-opt --verify-diagnostics=bogus %s 2>&1 | FileCheck %s --check-prefix=LEVEL
// LEVEL: tl-opt: for the --verify-diagnostics option: Cannot find option named 'bogus'!

// RUN: not tl-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tl-opt: could not open input file '{{.*}}does-not-exist': No such file or directory
// RUN: not tl-opt %S 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: tl-opt: could not open input file '{{.*}}': Is a directory
// RUN: not tl-opt --allow-unregistered-dialect %s -o %t.no-such-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: tl-opt: could not open output file '{{.*}}no-such-dir/out.mlir': No such file or directory
// RUN: not tl-opt --allow-unregistered-dialect %s -o %S 2>&1 | FileCheck %s --check-prefix=OUTDIR
// OUTDIR: tl-opt: could not open output file '{{.*}}': Is a directory

// When the input has errors no output file is written, as with mlir-opt.
// RUN: rm -f %t.failed && not tl-opt %s -o %t.failed 2>/dev/null && not test -e %t.failed

// --verify-each=false skips the verification after each pass, not the input's, as in mlir-opt (invalid input
// went to the passes, which crashed on it with internal errors); --mlir-print-op-generic=false is the default.
// RUN: not tl-opt --verify-each=false %S/Inputs/invalid-module.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not mlir-opt --verify-each=false %S/Inputs/invalid-module.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not tl-opt --verify-each=true %S/Inputs/invalid-module.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not tl-opt --verify-each=false --canonicalize %S/Inputs/invalid-addi.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY-ADDI
// RUN: not mlir-opt --verify-each=false --canonicalize %S/Inputs/invalid-addi.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY-ADDI
// VERIFY: error: 'builtin.module' op requires one region
// VERIFY-ADDI: invalid-addi.mlir:3:8: error: 'arith.addi' op expected 2 operands, but found 1
// VERIFY-ADDI-NOT: internal error
