// Every interpreter implementation tlir ships, for an interpreter registry.
import { registerArithInterpreter } from '@tlir/dialect-arith';
import { registerCfInterpreter } from '@tlir/dialect-cf';
import { registerFlowInterpreter } from '@tlir/dialect-flow';
import { registerFuncInterpreter } from '@tlir/dialect-func';
import { registerGpuInterpreter } from '@tlir/dialect-gpu';
import { registerKrnlInterpreter } from '@tlir/dialect-krnl';
import { registerMathInterpreter } from '@tlir/dialect-math';
import { registerMemRefInterpreter } from '@tlir/dialect-memref';
import { registerScfInterpreter } from '@tlir/dialect-scf';
import { registerTlInterpreter } from '@tlir/dialect-tl';
import { registerVectorInterpreter } from '@tlir/dialect-vector';
import type { InterpreterRegistry } from '@tlir/interpreter';

/** Registers the implementations of every dialect's ops into `registry`, so that IR of any stage of the lowering
 * (tl, krnl, scf, gpu) runs. */
export function registerAllInterpreters<R extends InterpreterRegistry>(registry: R): R {
  for (const register of [
    registerTlInterpreter,
    registerFuncInterpreter,
    registerArithInterpreter,
    registerMathInterpreter,
    registerScfInterpreter,
    registerCfInterpreter,
    registerMemRefInterpreter,
    registerKrnlInterpreter,
    registerVectorInterpreter,
    registerFlowInterpreter,
  ]) {
    register(registry);
  }
  registerGpuInterpreter(registry);
  return registry;
}
