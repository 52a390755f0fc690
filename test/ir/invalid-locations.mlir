// Invalid locations: messages and positions as mlir-opt 22 reports them.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:25: error: expected location instance
// expected-error@+1 {{expected location instance}}
"t.op"() : () -> () loc(

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:25: error: expected location instance
// expected-error@+1 {{expected location instance}}
"t.op"() : () -> () loc(foo)

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:24: error: expected '(' in location
// expected-error@+1 {{expected '(' in location}}
"t.op"() : () -> () loc "f.mlir":1:2

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:32: error: expected ')' in location
// expected-error@+1 {{expected ')' in location}}
"t.op"() : () -> () loc(unknown

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:34: error: expected integer line number in FileLineColRange
// expected-error@+1 {{expected integer line number in FileLineColRange}}
"t.op"() : () -> () loc("f.mlir":x:1)

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:36: error: expected integer column number in FileLineColRange
// expected-error@+1 {{expected integer column number in FileLineColRange}}
"t.op"() : () -> () loc("f.mlir":1:x)

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 3]]:34: error: expected integer line number in FileLineColRange
// Lines and columns are 32-bit unsigned.
// expected-error@+1 {{expected integer line number in FileLineColRange}}
"t.op"() : () -> () loc("f.mlir":4294967296:1)

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:42: error: expected either integer or `:` post `to` in FileLineColRange
// expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"t.op"() : () -> () loc("f.mlir":1:2 to 3)

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:42: error: expected integer column number in FileLineColRange
// expected-error@+1 {{expected integer column number in FileLineColRange}}
"t.op"() : () -> () loc("f.mlir":1:2 to :x)

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:39: error: expected ')' after child location of NameLoc
// expected-error@+1 {{expected ')' after child location of NameLoc}}
"t.op"() : () -> () loc("name"(unknown unknown))

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:33: error: expected '(' in callsite location
// expected-error@+1 {{expected '(' in callsite location}}
"t.op"() : () -> () loc(callsite "a" at "b")

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:37: error: expected 'at' in callsite location
// expected-error@+1 {{expected 'at' in callsite location}}
"t.op"() : () -> () loc(callsite("a" "b"))

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:44: error: expected ')' in callsite location
// expected-error@+1 {{expected ')' in callsite location}}
"t.op"() : () -> () loc(callsite("a" at "b" "c"))

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:32: error: expected '>' after fused location metadata
// expected-error@+1 {{expected '>' after fused location metadata}}
"t.op"() : () -> () loc(fused<1 ["a"])

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:30: error: expected '[' in fused location
// expected-error@+1 {{expected '[' in fused location}}
"t.op"() : () -> () loc(fused("a"))

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:34: error: expected ']' in fused location
// expected-error@+1 {{expected ']' in fused location}}
"t.op"() : () -> () loc(fused["a" "b"])

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:25: error: operation location alias was never defined
// expected-error@+1 {{operation location alias was never defined}}
"t.op"() : () -> () loc(#never)

// -----

// A location alias's value is an attribute: the inline location's words.
// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:18: error: expected ')' in inline location
// expected-error@+1 {{expected ')' in inline location}}
#l = loc("a.mlir"dense<42:24)

// -----

// An attribute alias is not a location: where an op's location may name an alias defined later, the alias
// is reported where it is used ...
#one = 1 : i32
// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:25: error: expected location, but found '1 : i32'
// expected-error@+1 {{expected location, but found '1 : i32'}}
"t.op"() : () -> () loc(#one)

// -----

// ... also when it is defined after the op ...
// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:25: error: expected location, but found '2 : i32'
// expected-error@+1 {{expected location, but found '2 : i32'}}
"t.op"() : () -> () loc(#two)
#two = 2 : i32

// -----

// ... and in a location attribute, after it, as is a dialect attribute.
#three = 3 : i32
// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:25: error: expected location attribute, but got3 : i32
// expected-error@+1 {{expected location attribute, but got3 : i32}}
"t.op"() {x = loc(#three)} : () -> ()

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:40: error: expected location attribute, but got#arith.fastmath<nnan>
// expected-error@+1 {{expected location attribute, but got#arith.fastmath<nnan>}}
"t.op"() {x = loc(#arith.fastmath<nnan>)} : () -> ()

// -----

// CHECK: {{.*}}invalid-locations.mlir:[[# @LINE + 2]]:46: error: expected location attribute, but got#arith.fastmath<nnan>
// expected-error@+1 {{expected location attribute, but got#arith.fastmath<nnan>}}
"t.op"() : () -> () loc(#arith.fastmath<nnan>)
