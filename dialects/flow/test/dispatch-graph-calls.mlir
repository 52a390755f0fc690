// A flow.call of an external function is a node of the dispatch graph, like a dispatch: it reads its tensor
// arguments, writes the ones tied to its results in place and its untied results, and orders the dispatches that
// use them.
// RUN: tl-opt --view-dispatch-graph %s 2>&1 >/dev/null | FileCheck %s

flow.func private @normalize(%arg0: tensor<?xf32>, %arg1: index) -> (tensor<?xf32>, i32)
flow.func private @scale_in_place(%arg0: tensor<?x4xf32>, %arg1: f32) -> %arg0

flow.executable private @ex {
  flow.executable.export public @fill
  flow.executable.export public @read
}

// The call writes a new tensor the dispatch then updates (wave 1); the in-place call of another tensor and the
// call without tensors are independent of both (wave 0); the last dispatch reads what the in-place call wrote.
// CHECK-LABEL: digraph "@host" {
// CHECK-NEXT:    b0 [label = "%arg0 : tensor<?xf32>", shape = ellipse];
// CHECK-NEXT:    b1 [label = "%0#0 : tensor<?xf32>\nalso %1", shape = ellipse];
// CHECK-NEXT:    b2 [label = "%0#1 : i32", shape = ellipse];
// CHECK-NEXT:    b3 [label = "%arg2 : tensor<?x4xf32>\nalso %2", shape = ellipse];
// CHECK-NEXT:    b4 [label = "%3 : tensor<4xf32>", shape = ellipse];
// CHECK-NEXT:    d0 [label = "#0 %0 = flow.call @normalize\nwave 0", shape = box];
// CHECK-NEXT:    d1 [label = "#1 %1 = flow.dispatch @ex::@fill\nwave 1", shape = box];
// CHECK-NEXT:    d2 [label = "#2 %2 = flow.call @scale_in_place\nwave 0", shape = box];
// CHECK-NEXT:    d3 [label = "#3 %3 = flow.dispatch @ex::@read\nwave 1", shape = box];
// CHECK-NEXT:    b0 -> d0 [label = "read"];
// CHECK-NEXT:    d0 -> b1 [label = "write"];
// CHECK-NEXT:    d0 -> b2 [label = "write"];
// CHECK-NEXT:    b1 -> d1 [label = "read"];
// CHECK-NEXT:    d1 -> b1 [label = "write"];
// CHECK-NEXT:    b3 -> d2 [label = "read"];
// CHECK-NEXT:    d2 -> b3 [label = "write"];
// CHECK-NEXT:    b3 -> d3 [label = "read"];
// CHECK-NEXT:    d3 -> b4 [label = "write"];
// CHECK-NEXT:    d0 -> d1 [label = "read-after-write, write-after-write\n%0#0", style = dashed];
// CHECK-NEXT:    d2 -> d3 [label = "read-after-write\n%2", style = dashed];
// CHECK-NEXT:    { rank = same; d0; d2; }
// CHECK-NEXT:    { rank = same; d1; d3; }
// CHECK-NEXT:  }
func.func @host(%t: tensor<?xf32>, %n: index, %m: tensor<?x4xf32>, %k: f32) -> (tensor<?xf32>, tensor<4xf32>) {
  %r:2 = flow.call @normalize(%t, %n) : (tensor<?xf32>{%n}, index) -> (tensor<?xf32>{%n}, i32)
  %d = flow.dispatch @ex::@fill(%r#0) : (tensor<?xf32>{%n}) -> %r#0{%n}
  %s = flow.call @scale_in_place(%m, %k) : (tensor<?x4xf32>{%n}, f32) -> %m{%n}
  %e = flow.dispatch @ex::@read(%s) : (tensor<?x4xf32>{%n}) -> tensor<4xf32>
  return %d, %e : tensor<?xf32>, tensor<4xf32>
}
