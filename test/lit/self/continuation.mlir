// Harness self-test: a RUN line ending in a backslash continues on the next RUN line.
// RUN: echo one \
// RUN:      two \
// RUN:      three | FileCheck %s
// CHECK: one two three
