// require-lowered-tl: the first pass of pipelines that start from krnl (lower-to-gpu). A tensor-language op still
// there means a step was forgotten; without this check the pipeline would leave it alone and succeed.
import { TlDialect } from '@tlir/dialect-tl';
import type { Operation } from '@tlir/ir';
import { definePass } from '@tlir/pass';

/** The first op of the tensor language's dialect in `root` (the outermost: a tl.func rather than its body), if any. */
export function firstTlOp(root: Operation): Operation | undefined {
  let found: Operation | undefined;
  const prefix = `${TlDialect.name}.`;
  root.walk((op) => {
    if (op === root || !op.name.startsWith(prefix)) return undefined;
    found = op;
    return 'interrupt';
  }, 'pre');
  return found;
}

export const RequireLoweredTlPass = definePass({
  argument: 'require-lowered-tl',
  summary: 'Fail, at the first tensor-language op, when the IR still holds tl ops (--lower-to-krnl was not run)',
  description: `
Pipelines that start from krnl (lower-to-gpu) begin with this check: a tl op left in the IR is reported at its
location, naming the missing step (\`--lower-to-krnl\`), instead of being passed through unchanged.
`,
  anchor: 'builtin.module',
  run(module, pass) {
    const op = firstTlOp(module);
    if (!op) return pass.markAllAnalysesPreserved();
    op.emit('error', `'${op.name}' is tensor-language IR, which this pipeline does not lower: run --lower-to-krnl first (tl-opt k.tl --lower-to-krnl --lower-to-gpu)`);
    pass.signalPassFailure();
  },
});
