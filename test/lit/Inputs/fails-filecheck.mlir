// Must fail (test/lit/harness.test.ts): the output does not contain what the CHECK line wants.
// RUN: echo 'actual output' | FileCheck %s
// CHECK: expected output
