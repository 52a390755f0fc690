// A pass plugin with a pass that breaks the IR: it moves each "test.return" to the front of its block.
export function registerPasses({ pass, registry }) {
  registry.registerPass(
    pass.definePass({
      argument: 'break-terminator',
      summary: 'Move test.return ops to the front of their block (for testing the verifier)',
      run(op) {
        op.walk((o) => {
          if (o.name === 'test.return' && o.parentBlock.firstOp !== o) o.moveBefore(o.parentBlock.firstOp);
        });
      },
    }),
  );
}
