// Must fail (test/lit/harness.test.ts): the last RUN line continues onto nothing.
// RUN: echo one \
