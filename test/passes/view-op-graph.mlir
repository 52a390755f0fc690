// view-op-graph writes the op as a Graphviz graph to stderr (the IR itself is unchanged): ops and block
// arguments are nodes, values are edges, regions are clusters.
// RUN: tl-opt --allow-unregistered-dialect --view-op-graph %s 2>&1 >/dev/null | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --view-op-graph='print-attrs=false print-control-flow-edges max-label-len=4' %s 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=OPTS
// RUN: tl-opt --allow-unregistered-dialect --view-op-graph %s 2>/dev/null | FileCheck %s --check-prefix=IR

// CHECK:      digraph G {
// CHECK-NEXT:   compound = true;
// CHECK-NEXT:   subgraph cluster_0 {
// CHECK-NEXT:     label = "builtin.module\l";
// CHECK:          subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT:       label = "region #0\l";
// CHECK:              label = "test.func\lsym_name: \"f\"\l";
// CHECK-DAG:          [[ARG:v[0-9]+]] [label = "%arg0 i32\l", shape = ellipse];
// CHECK-DAG:          [[C:v[0-9]+]] [label = "test.constant\lvalue: 42 : i32\l%0 i32\l", shape = box];
// CHECK-DAG:          [[ADD:v[0-9]+]] [label = "test.add\l%1 i32\l", shape = box];
// CHECK-DAG:          [[RET:v[0-9]+]] [label = "test.return\l", shape = box];
// CHECK-DAG:    [[ARG]] -> [[ADD]] [label = "%arg0", style = solid];
// CHECK-DAG:    [[C]] -> [[ADD]] [label = "%0", style = solid];
// CHECK-DAG:    [[ADD]] -> [[RET]] [label = "%1", style = solid];
// CHECK:      }

// OPTS: label = "test.func\l";
// OPTS: [label = "test.constant\l%0 i32\l", shape = box];
// OPTS: -> {{v[0-9]+}} [label = "", style = dashed];

// IR: "test.func"() <{sym_name = "f"}>
"test.func"() <{sym_name = "f"}> ({
^bb0(%x: i32):
  %c = "test.constant"() <{value = 42 : i32}> : () -> i32
  %a = "test.add"(%x, %c) : (i32, i32) -> i32
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.return"(%a) : (i32) -> ()
}) : () -> ()
