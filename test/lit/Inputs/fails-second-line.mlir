// Must fail (test/lit/harness.test.ts): the second RUN line exits 1, so the third never runs.
// RUN: true
// RUN: echo 'to stdout'; echo 'to stderr' >&2; exit 1
// RUN: touch %t.ran
