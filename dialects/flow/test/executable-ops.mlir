// flow.executable, flow.executable.export (aliases, visibility, workgroup count regions) and flow.executable_end in
// IREE's forms: custom and generic forms read back to the same IR, and the output is a fixed point.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.custom
// RUN: tl-opt %t.custom | diff %t.custom -
// RUN: tl-opt %s --mlir-print-op-generic -o %t.generic
// RUN: tl-opt %t.generic | diff %t.custom -
// RUN: tl-opt %t.generic --mlir-print-op-generic | diff %t.generic -
// RUN: tl-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// An export without visibility prints as public (as IREE prints it); the executable_end is left out.
// CHECK-LABEL: flow.executable public @dispatch_ex {
// CHECK-NEXT:    builtin.module {
// CHECK-NEXT:      func.func @dispatch0() {
// CHECK:         flow.executable.export public @dispatch0{{$}}
// CHECK-NEXT:    flow.executable.export private @dispatch0 as("dispatch0_alias"){{$}}
// CHECK-NEXT:  }
// GENERIC-LABEL: "flow.executable"() <{sym_name = "dispatch_ex"}> ({
// GENERIC:         "flow.executable.export"() <{function_ref = @dispatch0, sym_name = "dispatch0"}> ({
// GENERIC-NEXT:    }) : () -> ()
// GENERIC-NEXT:    "flow.executable.export"() <{function_ref = @dispatch0, sym_name = "dispatch0_alias", sym_visibility = "private"}> ({
// GENERIC:         "flow.executable_end"() : () -> ()
flow.executable @dispatch_ex {
  builtin.module {
    func.func @dispatch0() {
      return
    }
  }
  flow.executable.export @dispatch0
  flow.executable.export private @dispatch0 as("dispatch0_alias")
}

// The workgroup count region takes the workload and returns the x, y, z counts; attributes come last.
// CHECK-LABEL: flow.executable private @counted attributes {note = "executable"} {
// CHECK-NEXT:    flow.executable.export public @fn workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      flow.return %arg0, %arg1, %c1 : index, index, index
// CHECK-NEXT:    } attributes {note = "x"}
// CHECK-NEXT:    flow.executable.export nested @fn as("fn2") workgroups() -> (index, index, index) {
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      flow.return %c1, %c1, %c1 : index, index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    builtin.module {
// GENERIC:       "flow.executable.export"() <{function_ref = @fn, sym_name = "fn", sym_visibility = "public"}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: index, %{{.*}}: index):
flow.executable private @counted attributes {note = "executable"} {
  flow.executable.export public @fn workgroups(%x: index, %y: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %x, %y, %c1 : index, index, index
  } attributes {note = "x"}
  flow.executable.export nested @fn as("fn2") workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @fn(%a: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
      return
    }
  }
}

// An executable with exports only (the code is elsewhere): its exports are not checked against a module.
// CHECK-LABEL: flow.executable private @exports_only {
// CHECK-NEXT:    flow.executable.export public @dispatch_a
// CHECK-NEXT:    flow.executable.export public @dispatch_b
flow.executable private @exports_only {
  flow.executable.export public @dispatch_a
  flow.executable.export public @dispatch_b
}

// An empty executable.
// CHECK-LABEL: flow.executable private @empty {
// CHECK-NEXT:  }
flow.executable private @empty {
}
