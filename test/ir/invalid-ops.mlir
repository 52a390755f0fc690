// Invalid operations, SSA values, blocks and regions in the generic form: messages and positions as
// mlir-opt 22 reports them.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:8: error: use of undeclared SSA value name
// expected-error@+1 {{use of undeclared SSA value name}}
"t.op"(%undefined) : (i32) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 4]]:8: error: use of undeclared SSA value name
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:12: error: use of undeclared SSA value name
// Every undefined name is reported (one expectation matches both).
// expected-error@+1 {{use of undeclared SSA value name}}
"t.op"(%a, %b) : (i32, i32) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 5]]:1: error: redefinition of SSA value '%0'
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 1]]:1: note: previously defined here
%0 = "t.def"() : () -> i32
// expected-note@-1 {{previously defined here}}
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "t.def"() : () -> i32

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 5]]:9: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 1]]:1: note: prior use here
%0 = "t.def"() : () -> i32
// expected-note@-1 {{prior use here}}
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"t.use"(%0) : (i64) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 6]]:3: error: definition of SSA value '%x#0' has type 'i32'
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:11: note: previously used here with type 'i64'
"t.region"() ({
  // expected-note@+1 {{previously used here with type 'i64'}}
  "t.use"(%x) : (i64) -> ()
  // expected-error@+1 {{definition of SSA value '%x#0' has type 'i32'}}
  %x = "t.def"() : () -> i32
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:10: error: invalid SSA value result number
// expected-error@+1 {{invalid SSA value result number}}
"t.op"(%0#x) : (i32) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:4: error: expected named operation to have at least 1 result
// expected-error@+1 {{expected named operation to have at least 1 result}}
%0:0 = "t.op"() : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:4: error: expected integer number of results
// expected-error@+1 {{expected integer number of results}}
%0:x = "t.op"() : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:4: error: expected valid ssa identifier
// expected-error@+1 {{expected valid ssa identifier}}
%0, = "t.op"() : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:1: error: operation defines 1 results but was provided 2 to bind
// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "t.op"() : () -> i32

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:1: error: operation defines 2 results but was provided 1 to bind
// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "t.op"() : () -> (i32, i32)

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:5: error: expected operation name in quotes
// expected-error@+1 {{expected operation name in quotes}}
%0 = 1

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:1: error: empty operation name is invalid
// expected-error@+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:1: error: null character not allowed in operation name
// expected-error@+1 {{null character not allowed in operation name}}
"t.a\00b"() : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:7: error: expected '(' to start operand list
// expected-error@+1 {{expected '(' to start operand list}}
"t.op" : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:10: error: expected ')' to end operand list
// expected-error@+1 {{expected ')' to end operand list}}
"t.op"(%0 : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:18: error: expected '>' to close properties
// expected-error@+1 {{expected '>' to close properties}}
"t.op"() <{a = 1} : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:13: error: expected ')' to end region list
// expected-error@+1 {{expected ')' to end region list}}
"t.op"() ({}  : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:9: error: expected ':' followed by operation type
// expected-error@+1 {{expected ':' followed by operation type}}
"t.op"() i32

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:12: error: expected function type
// expected-error@+1 {{expected function type}}
"t.op"() : i32

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:18: error: expected 2 operand types but had 1
// expected-error@+1 {{expected 2 operand types but had 1}}
"t.op"(%x, %y) : (i32) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:20: error: expected operation name in quotes
// The attribute dictionary comes before the type.
// expected-error@+1 {{expected operation name in quotes}}
"t.op"() : () -> () {a = 1}

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:11: error: expected '{' to begin a region
// expected-error@+1 {{expected '{' to begin a region}}
"t.op"() (1) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 7]]:1: error: redefinition of block '^bb1'
"t.op"() ({
^bb0:
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.x"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:15: error: redefinition of SSA value '%a'
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:6: note: previously defined here
"t.op"() ({
^bb0(%a: i32, %a: i32):
  // expected-error@-1 {{redefinition of SSA value '%a'}}
  // expected-note@-2 {{previously defined here}}
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:8: error: expected ':' and type for SSA operand
"t.op"() ({
// expected-error@+1 {{expected ':' and type for SSA operand}}
^bb0(%a i32):
  "t.x"() : () -> ()
}) : () -> ()

// -----

// A block argument's name is read as an SSA use, with its words.
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:6: error: expected SSA operand
"t.op"() ({
// expected-error@+1 {{expected SSA operand}}
^bb0(a: i32):
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:5: error: expected ':' after block name
"t.op"() ({
// expected-error@+1 {{expected ':' after block name}}
^bb0
  "t.x"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:11: error: expected SSA operand
// expected-error@+1 {{expected SSA operand}}
"t.op"(%a, ) : (i32) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:8: error: expected ')' to end operand list
// expected-error@+1 {{expected ')' to end operand list}}
"t.op"(1) : (i32) -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:11: error: expected list element
// expected-error@+1 {{expected list element}}
"t.op"() [] : () -> ()

// -----

// An empty successor list is reported right after its '[', however much space comes before the ']'.
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:11: error: expected list element
// expected-error@+1 {{expected list element}}
"t.op"() [   ] : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:11: error: expected block name
// expected-error@+1 {{expected block name}}
"t.op"() [1] : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 5]]:42: error: successors in non-terminator
// Only a terminator takes successors; a registered op that is not one cannot have them.
"t.op"() ({
^bb0:
  // expected-error@+1 {{successors in non-terminator}}
  "builtin.unrealized_conversion_cast"() [^bb1] : () -> i32
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:1: error: cannot name an operation with no results
// expected-error@+1 {{cannot name an operation with no results}}
%0 = "t.op"() : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:1: error: cannot name an operation with no results
// expected-error@+1 {{cannot name an operation with no results}}
%0 = module {}

// -----

// MLIR's lexer reads `i32` as an integer type, not as a name: no op starts with it (here the function
// declaration ends before it, its `->` missing).
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 2]]:29: error: expected operation name in quotes
// expected-error@+1 {{expected operation name in quotes}}
func.func private @f(%c: i1) i32 {
}

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:17: error: expected ',' or ']'
"t.op"() ({
// expected-error@+1 {{expected ',' or ']'}}
  "t.br"() [^bb1 ^bb1] : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// A missing block name is reported right after what comes before it.
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:18: error: expected block name
"t.op"() ({
// expected-error@+1 {{expected block name}}
  "t.br"() [^bb1,  t] : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:13: error: expected ')'
"t.op"() ({
// expected-error@+1 {{expected ')'}}
^bb0(%a: i32
  "t.x"() : () -> ()
}) : () -> ()

// -----

// A region left open at the end of the input: the parser looks for another op there (this must stay the
// file's last case).
// CHECK: {{.*}}invalid-ops.mlir:[[# @LINE + 3]]:21: error: expected operation name in quotes
"t.op"() ({
// expected-error@+1 {{expected operation name in quotes}}
  "t.x"() : () -> ()
