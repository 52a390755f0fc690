// RUN: not tl-translate %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not tl-translate --mlir-to-wgsl --wgsl-features=subgroups,doubles %s 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not tl-translate --mlir-to-wgsl %s -o %t.wgsl 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not tl-translate --mlir-to-wgsl %s --kernel=nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tl-translate --mlir-to-wgsl %S/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tl-translate --mlir-to-wgsl %s --kernel=@second -o %t.wgsl --manifest %T 2>&1 | FileCheck %s --check-prefix=MANIFEST-DIR
// RUN: not tl-translate --mlir-to-wgsl %s --kernel=@second -o %T 2>&1 | FileCheck %s --check-prefix=OUTPUT-DIR
// RUN: tl-translate --mlir-to-wgsl %s | FileCheck %s --check-prefix=BOTH
// RUN: tl-translate --mlir-to-wgsl %s --kernel=@second -o %t.wgsl --manifest %t.json
// RUN: FileCheck %s --check-prefix=SECOND < %t.wgsl
// RUN: tl-translate --help | FileCheck %s --check-prefix=HELP

// NONE: tl-translate: no translation given (use --mlir-to-wgsl; see --help)
// FEATURE: tl-translate: unknown WebGPU feature 'doubles' (known: shader-f16, subgroups)
// ONE: tl-translate: -o needs exactly one kernel; the input has 2 (@first, @second): choose one with --kernel
// UNKNOWN: command-line.mlir:[[@LINE+15]]:1: error: no kernel named 'nope' (the kernels: @first, @second)
// MISSING: tl-translate: could not open input file '{{.*}}does-not-exist.mlir': No such file or directory
// MANIFEST-DIR: tl-translate: could not open output file '{{.*}}': Is a directory
// OUTPUT-DIR: tl-translate: could not open output file '{{.*}}': Is a directory

// Several kernels go to standard output one after the other, separated by '// -----' lines.
// BOTH: fn first(
// BOTH: {{^}}// -----{{$}}
// BOTH: fn second(

// SECOND-NOT: fn first(
// SECOND: fn second(

// HELP: USAGE: tl-translate --mlir-to-wgsl [options] <input file>

module {
  gpu.module @m {
    gpu.func @first(%x: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
    gpu.func @second(%x: memref<4xi32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
}
