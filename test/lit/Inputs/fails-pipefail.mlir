// Must fail (test/lit/harness.test.ts): the pipeline's first command fails, its last succeeds.
// RUN: false | cat
