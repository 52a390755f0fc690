// SSA dominance: a value must be defined before its uses in its block, in a block that dominates the use,
// or in an enclosing region; the note says where the definition is. Regions of several blocks are checked
// whatever their op; a single-block region of an unregistered op may be a graph region and is not (as in
// mlir-opt 22), nor is the body of a module (a graph region). Messages and locations as mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 5]]:3: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 6]]:8: note: operand defined here (op in the same block)
"t.func"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%v) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %v = "t.def"() : () -> i32
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 11]]:3: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 6]]:8: note: operand defined here (op in the same region)
"t.func"() ({
^bb0:
  "t.cond_br"() [^bb1, ^bb2] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %v = "t.def"() : () -> i32
  "t.br"() [^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%v) : (i32) -> ()
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 6]]:5: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 8]]:8: note: operand defined here (op in a parent region)
"t.func"() ({
^bb0:
  "t.holder"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%v) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = "t.def"() : () -> i32
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 6]]:3: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 8]]:10: note: operand defined here (op in a child region)
// A use before a definition in a nested region: the name refers to the value defined inside.
"t.func"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%v) : (i32) -> ()
  "t.holder"() ({
    // expected-note@+1 {{operand defined here (op in a child region)}}
    %v = "t.def"() : () -> i32
  }) : () -> ()
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 6]]:5: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 9]]:10: note: operand defined here (op is neither in a parent nor in a child region)
"t.func"() ({
^bb0:
  "t.a"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%v) : (i32) -> ()
  }) : () -> ()
  "t.b"() ({
    // expected-note@+1 {{operand defined here (op is neither in a parent nor in a child region)}}
    %v = "t.def"() : () -> i32
  }) : () -> ()
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 10]]:3: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 2]]:1: note: operand defined as a block argument (block #1 in the same region)
// expected-note@+1 {{operand defined as a block argument (block #1 in the same region)}}
"t.func"() ({
^bb0:
  "t.br"() [^bb2] : () -> ()
^bb1(%a: i32):
  "t.br"() [^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%a) : (i32) -> ()
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 11]]:5: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 2]]:1: note: operand defined as a block argument (block #1 in a parent region)
// expected-note@+1 {{operand defined as a block argument (block #1 in a parent region)}}
"t.func"() ({
^bb0:
  "t.br"() [^bb2] : () -> ()
^bb1(%a: i32):
  "t.br"() [^bb2] : () -> ()
^bb2:
  "t.holder"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%a) : (i32) -> ()
  }) : () -> ()
  "t.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 7]]:8: error: operand #0 does not dominate this use
// CHECK: {{.*}}verifier-dominance.mlir:[[# @LINE + 6]]:8: note: operand defined here (op in the same block)
// An op cannot use its own result in an SSA region.
"t.func"() ({
^bb0:
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %v = "t.self"(%v) : (i32) -> i32
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()
}) : () -> ()

// -----

// Unreachable blocks are not checked.
"t.func"() ({
^bb0:
  "t.return"() : () -> ()
^bb1:
  "t.use"(%v) : (i32) -> ()
  %v = "t.def"() : () -> i32
  "t.br"() [^bb1] : () -> ()
}) : () -> ()

// -----

// No order in a graph region (a module's body) nor in a single-block region of an unregistered op; an op may
// use its own result there, even from inside its regions.
"t.use"(%later) : (i32) -> ()
%later = "t.def"() : () -> i32
%self = "t.self"(%self) : (i32) -> i32
%holder = "t.holder"() ({
  "t.use"(%holder) : (i32) -> ()
}) : () -> i32
"t.unregistered"() ({
  "t.use"(%x) : (i32) -> ()
  %x = "t.def"() : () -> i32
}) : () -> ()
