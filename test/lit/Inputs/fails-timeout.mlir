// Must fail (test/lit/harness.test.ts, with a short timeout): the command outlives it.
// RUN: sleep 30 | cat
