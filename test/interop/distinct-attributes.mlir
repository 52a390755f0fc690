// `distinct[N]<attr>`: an attribute equal only to itself. The N of the text only names it within the file; both
// tools renumber them 0, 1, ... in the order they print them, give those that wrap something an alias
// (`#distinct`, `#distinct1`; `distinct[N]<>` gets none) and keep two distinct attributes apart even when they
// wrap the same value. Both ways, custom and generic forms.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect %s | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref.generic | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// The aliases come in the order first printed, numbered as they are printed.
// CHECK: #distinct = distinct[0]<"tag">
// CHECK: #distinct1 = distinct[1]<{kind = 3 : i32}>
// CHECK: #distinct2 = distinct[2]<"tag">
#shared = distinct[17]<{kind = 3 : i32}>

// CHECK: "t.use"() {a = #distinct, b = #distinct1, c = distinct[3]<>, d = [#distinct1, #distinct2, distinct[3]<>]}
"t.use"() {a = distinct[5]<"tag">, b = #shared, c = distinct[99]<>, d = [#shared, distinct[6]<"tag">, distinct[99]<>]} : () -> ()

// The same wrapped value under another number is another attribute; the same number is the same one.
// CHECK: "t.use"() {again = #distinct, other = distinct[4]<>}
"t.use"() {again = distinct[5]<"tag">, other = distinct[100]<>} : () -> ()
