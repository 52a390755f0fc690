// Harness self-test: FileCheck reads this file's CHECK lines and matches them against a command's output.
// RUN: printf 'module {\n  func.func @f()\n}\n' | FileCheck %s
// CHECK: module {
// CHECK-NEXT: func.func @f()
// CHECK-NOT: arith
// CHECK: }
