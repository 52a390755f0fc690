// The pass: convert-scf-to-cf (MLIR's SCFToControlFlowPass).
import { definePass } from '@tlir/pass';
import { convertScfToCf } from './convert-scf-to-cf.js';

export const ConvertScfToCfPass = definePass({
  argument: 'convert-scf-to-cf',
  name: 'SCFToControlFlowPass',
  summary: 'Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG',
  description: `
Lowers scf.for, scf.while, scf.if, scf.index_switch and scf.execute_region to blocks joined by cf.br, cf.cond_br and
cf.switch, and scf.parallel and scf.forall (without shared outputs) to nests of such loops that run the iterations
in order, as MLIR's pass does (docs/passes.md). An scf op whose parent cannot hold several blocks leaves IR the
verifier rejects, as in MLIR.
`,
  run(op, pass) {
    if (!convertScfToCf(op)) pass.signalPassFailure();
  },
});
