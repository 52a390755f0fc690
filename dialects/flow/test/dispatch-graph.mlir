// --view-dispatch-graph writes the dispatch graph of each host function as Graphviz DOT to stderr (the IR itself is
// unchanged): the storages dispatches read and write, the dispatches in program order with their wave, and the
// dependencies between them; dispatches in one wave are independent (drawn on one rank).
// RUN: tl-opt --view-dispatch-graph %s 2>&1 >/dev/null | FileCheck %s
// RUN: tl-opt --view-dispatch-graph %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: tl-opt -p 'builtin.module(view-dispatch-graph)' %s 2>&1 >/dev/null | FileCheck %s

// IR: flow.executable private @ex
// IR: func.func @chain

flow.executable private @ex {
  flow.executable.export public @a
  flow.executable.export public @b
  flow.executable.export public @c
}

// Two independent dispatches (wave 0), one that reads both (wave 1), one that updates its result in place (wave
// 2), and one that updates an argument the first read (after it: write after read; independent of the others).
// CHECK-LABEL: digraph "@chain" {
// CHECK-NEXT:    b0 [label = "%arg0 : tensor<4xf32>\nalso %4", shape = ellipse];
// CHECK-NEXT:    b1 [label = "%0 : tensor<4xf32>", shape = ellipse];
// CHECK-NEXT:    b2 [label = "%arg1 : tensor<4xf32>", shape = ellipse];
// CHECK-NEXT:    b3 [label = "%1 : tensor<4xf32>", shape = ellipse];
// CHECK-NEXT:    b4 [label = "%2 : tensor<4xf32>\nalso %3", shape = ellipse];
// CHECK-NEXT:    d0 [label = "#0 %0 = flow.dispatch @ex::@a\nwave 0", shape = box];
// CHECK-NEXT:    d1 [label = "#1 %1 = flow.dispatch @ex::@b\nwave 0", shape = box];
// CHECK-NEXT:    d2 [label = "#2 %2 = flow.dispatch @ex::@c\nwave 1", shape = box];
// CHECK-NEXT:    d3 [label = "#3 %3 = flow.dispatch @ex::@a\nwave 2", shape = box];
// CHECK-NEXT:    d4 [label = "#4 %4 = flow.dispatch @ex::@b\nwave 1", shape = box];
// CHECK-NEXT:    b0 -> d0 [label = "read"];
// CHECK-NEXT:    d0 -> b1 [label = "write"];
// CHECK-NEXT:    b2 -> d1 [label = "read"];
// CHECK-NEXT:    d1 -> b3 [label = "write"];
// CHECK-NEXT:    b1 -> d2 [label = "read"];
// CHECK-NEXT:    b3 -> d2 [label = "read"];
// CHECK-NEXT:    d2 -> b4 [label = "write"];
// CHECK-NEXT:    b4 -> d3 [label = "read"];
// CHECK-NEXT:    d3 -> b4 [label = "write"];
// CHECK-NEXT:    b0 -> d4 [label = "read"];
// CHECK-NEXT:    d4 -> b0 [label = "write"];
// CHECK-NEXT:    d0 -> d2 [label = "read-after-write\n%0", style = dashed];
// CHECK-NEXT:    d0 -> d4 [label = "write-after-read\n%arg0", style = dashed];
// CHECK-NEXT:    d1 -> d2 [label = "read-after-write\n%1", style = dashed];
// CHECK-NEXT:    d2 -> d3 [label = "read-after-write, write-after-write\n%2", style = dashed];
// CHECK-NEXT:    { rank = same; d0; d1; }
// CHECK-NEXT:    { rank = same; d2; d4; }
// CHECK-NEXT:  }
func.func @chain(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = flow.dispatch @ex::@a(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = flow.dispatch @ex::@b(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = flow.dispatch @ex::@c(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = flow.dispatch @ex::@a(%2) : (tensor<4xf32>) -> %2
  %4 = flow.dispatch @ex::@b(%x) : (tensor<4xf32>) -> %x
  return %3, %4 : tensor<4xf32>, tensor<4xf32>
}

// A function without dispatches has no graph.
// CHECK-NOT: @no_dispatch
func.func @no_dispatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// A dispatch region and a flow.dispatch.workgroups (its bindings' accesses: a readonly input, a writeonly result);
// the workload of the second is computed by the host from the first's result (a data dependency), and a host
// update of that result is another name of its storage.
// CHECK-LABEL: digraph "@mixed" {
// CHECK-NEXT:    b0 [label = "%arg0 : tensor<4xi32>", shape = ellipse];
// CHECK-NEXT:    b1 [label = "%0 : tensor<4xi32>\nalso %4", shape = ellipse];
// CHECK-NEXT:    b2 [label = "%5 : tensor<4xi32>", shape = ellipse];
// CHECK-NEXT:    d0 [label = "#0 %0 = flow.dispatch.region\nwave 0", shape = box];
// CHECK-NEXT:    d1 [label = "#1 %5 = flow.dispatch.workgroups\nwave 1", shape = box];
// CHECK-NEXT:    b0 -> d0 [label = "read"];
// CHECK-NEXT:    d0 -> b1 [label = "write"];
// CHECK-NEXT:    b1 -> d1 [label = "read"];
// CHECK-NEXT:    d1 -> b2 [label = "write"];
// CHECK-NEXT:    d0 -> d1 [label = "read-after-write, data\n%4, %2", style = dashed];
// CHECK-NEXT:  }
func.func @mixed(%a: tensor<4xi32>, %v: i32) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %r = flow.dispatch.region -> (tensor<4xi32>) {
    flow.return %a : tensor<4xi32>
  }
  %e = flow.tensor.load %r[%c0] : tensor<4xi32>
  %w = arith.index_cast %e : i32 to index
  %u = flow.tensor.store %v, %r[%c0] : tensor<4xi32>
  %s = flow.tensor.update %u, %r[%c0] : tensor<4xi32> -> %r as tensor<4xi32>
  %t = flow.dispatch.workgroups[%w](%s) : (tensor<4xi32>) -> tensor<4xi32> =
      (%in: !flow.dispatch.tensor<readonly:tensor<4xi32>>, %out: !flow.dispatch.tensor<writeonly:tensor<4xi32>>) {
    flow.return
  }
  return %t : tensor<4xi32>
}
