// Modules: the implicit top-level module, explicit and named modules, nested modules, and the last op of a
// module body (which, not being a terminator, is always printed).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK:      module {
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT: }
// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "t.a"() : () -> ()
// GENERIC-NEXT:   "t.b"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
"t.a"() : () -> ()
"t.b"() : () -> ()

// -----

// CHECK:      module {
// CHECK-NEXT:   "t.c"() : () -> ()
// CHECK-NEXT: }
module {
  "t.c"() : () -> ()
}

// -----

// CHECK:      module @named attributes {t.attr = 1 : i32} {
// CHECK-NEXT: }
// GENERIC:    "builtin.module"() <{sym_name = "named"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) {t.attr = 1 : i32} : () -> ()
module @named attributes {t.attr = 1 : i32} {
}

// -----

// CHECK:      module {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     "t.d"() ({
// CHECK-NEXT:       "t.e"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  module @inner {
    "t.d"() ({
      "t.e"() : () -> ()
    }) : () -> ()
  }
}

// -----

// An empty module body is an empty entry block: the custom form shows nothing, the generic form its label.
// CHECK:      module @props {
// CHECK-NEXT: }
// GENERIC:    "builtin.module"() <{sym_name = "props"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
"builtin.module"() <{sym_name = "props"}> ({
^bb0:
}) : () -> ()

// -----

// A module's properties are its name and visibility: written in its attribute dictionary they move there (the
// visibility prints among the attributes of the custom form), and other keys of `<{...}>` are dropped.
// CHECK:      module @vis attributes {sym_visibility = "private", t.x = 1 : i64} {
// CHECK-NEXT: }
// GENERIC:      "builtin.module"() <{sym_name = "vis", sym_visibility = "private"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) {t.x = 1 : i64} : () -> ()
module @vis attributes {sym_visibility = "private", t.x = 1} {
}

// -----

// CHECK:      module @m attributes {t.a = 1 : i64} {
// GENERIC:      "builtin.module"() <{sym_name = "m"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) {t.a = 1 : i64} : () -> ()
"builtin.module"() <{unknown = 1}> ({
^bb0:
}) {sym_name = "m", t.a = 1} : () -> ()

// -----

// The properties win over the same names in the dictionary.
// CHECK:      module @p attributes {sym_visibility = "private"} {
// GENERIC:      "builtin.module"() <{sym_name = "p", sym_visibility = "private"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
"builtin.module"() <{sym_name = "p", sym_visibility = "private"}> ({
^bb0:
}) {sym_name = "q"} : () -> ()
