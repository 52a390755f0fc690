// Harness self-test: %s, %S, %t, %T and %%, and the working directory (the test file's own).
// RUN: test -f %s
// RUN: test "%S" = "$(dirname %s)"
// RUN: test -f ./substitutions.mlir
// RUN: test -d %T
// RUN: test "$(dirname %t)" = %T
// RUN: test ! -e %t
// RUN: echo written > %t
// RUN: echo also > %t.second
// RUN: cat %t %t.second | FileCheck --check-prefix=TEMP %s
// TEMP: written
// TEMP-NEXT: also
// RUN: echo 100%% | FileCheck --check-prefix=PERCENT %s
// PERCENT: {{^}}100%{{$}}
