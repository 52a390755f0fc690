// Harness self-test: `not` inverts a command's exit status.
// RUN: not false
// RUN: not bash -c 'exit 3'
// RUN: not bash -o pipefail -c 'false | cat'
// RUN: not not true
