// Structural verification: terminators and successors, entry blocks, and the builtin ops' traits (region
// and block counts, region arguments, symbol tables). Messages and locations as mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 3]]:1: error: empty block: expect at least a terminator
// A block of a region with several blocks needs a terminator.
// expected-error@+1 {{empty block: expect at least a terminator}}
"t.op"() ({
^bb0:
  "t.br"() [^bb1] : () -> ()
^bb1:
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 4]]:3: error: operation with block successors must terminate its parent block
"t.op"() ({
^bb0:
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "t.br"() [^bb1] : () -> ()
  "t.after"() : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 7]]:8: error: block with no terminator, has %0 = "builtin.unrealized_conversion_cast"() : () -> i32
// A registered op that is not a terminator cannot end a block that needs one (an unregistered op might be one).
"t.op"() ({
^bb0:
  "t.br"() [^bb1] : () -> ()
^bb1:
  // expected-error@+1 {{block with no terminator, has %0 = "builtin.unrealized_conversion_cast"() : () -> i32}}
  %0 = builtin.unrealized_conversion_cast to i32
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: entry block of region may not have predecessors
// expected-error@+1 {{entry block of region may not have predecessors}}
"t.op"() ({
^bb0:
  "t.br"() [^bb0] : () -> ()
}) : () -> ()

// -----

// A single-block region of an unregistered op needs no terminator, and may be empty.
"t.op"() ({
  "t.not_a_terminator"() : () -> ()
}, {
^bb0:
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op requires one region
// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op requires one region
// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() ({
  "t.a"() : () -> ()
}, {
  "t.b"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks
// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op region should have no arguments
// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%x: i32):
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.unrealized_conversion_cast' op requires zero regions
// expected-error@+1 {{'builtin.unrealized_conversion_cast' op requires zero regions}}
"builtin.unrealized_conversion_cast"() ({
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.unrealized_conversion_cast' op expected at least one result for cast operation
// expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'a'
// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'a'}}
module attributes {a = 1} {}

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 7]]:3: error: redefinition of symbol named 'a'
// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 4]]:3: note: see existing symbol definition here
// Symbol names are unique in a symbol table (a module), whatever the ops that define them.
module {
  // expected-note@+1 {{see existing symbol definition here}}
  "t.x"() {sym_name = "a"} : () -> ()
  // expected-error@+1 {{redefinition of symbol named 'a'}}
  "t.y"() {sym_name = "a"} : () -> ()
}

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 6]]:3: error: redefinition of symbol named 'm'
// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 3]]:3: note: see existing symbol definition here
module {
  // expected-note@+1 {{see existing symbol definition here}}
  module @m {}
  // expected-error@+1 {{redefinition of symbol named 'm'}}
  module @m {}
}

// -----

// CHECK: {{.*}}verifier-structure.mlir:[[# @LINE + 3]]:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks
// The module's region must have its block.
// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()
