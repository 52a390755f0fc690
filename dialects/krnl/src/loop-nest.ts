// How loop handles relate to each other and to the krnl.iterate ops that run them: the original loop a tile loop
// comes from, the loops an iterate runs and binds, the iterates around an op. Shared by the verifiers of
// krnl.iterate and krnl.get_induction_var_value, and by lowerings that interpret a schedule.
import { staticIndices, type Operation, type Value } from '@tlir/ir';
import { ProcessorAttr, type Processor } from './processor-attr.js';

/** The names of the ops these helpers look for (the ops themselves import this module). */
export const ITERATE = 'krnl.iterate';
export const BLOCK = 'krnl.block';
export const PARALLEL = 'krnl.parallel';

const EMPTY: readonly Value[] = Object.freeze([]);

/** The operands of group `g` of a krnl.iterate (0: loops, 1: input loops, 2, 3: dynamic bounds, 4: inits). */
export function iterateGroup(iterate: Operation, g: number): readonly Value[] {
  const sizes = staticIndices(iterate.getProperty('operandSegmentSizes'));
  if (sizes.length !== 5) return EMPTY;
  let start = 0;
  for (let i = 0; i < g; i++) start += sizes[i]!;
  return iterate.operands.slice(start, start + sizes[g]!);
}

/** The loops a krnl.iterate runs (its optimized loops, in the parentheses after the op name). */
export const iteratedLoops = (iterate: Operation): readonly Value[] => iterateGroup(iterate, 0);

/** The loops a krnl.iterate gives bounds and induction variables to (`%l -> %i = lb to ub`). */
export const boundLoops = (iterate: Operation): readonly Value[] => iterateGroup(iterate, 1);

/** The krnl.iterate ops around `op`, innermost first. */
export function enclosingIterates(op: Operation): Operation[] {
  const result: Operation[] = [];
  for (let p = op.parentOp; p !== null; p = p.parentOp) if (p.name === ITERATE) result.push(p);
  return result;
}

/**
 * The original loop a handle stands for: a tile loop of `krnl.block` comes from the loop it blocks, recursively;
 * any other handle (a result of `krnl.define_loops`, a block argument) is its own origin.
 */
export function originalLoop(loop: Value): Value {
  let v = loop;
  for (let def = v.definingOp; def !== null && def.name === BLOCK && def.numOperands === 1; def = v.definingOp) v = def.getOperand(0);
  return v;
}

/** The `krnl.parallel` ops that mark `loop` (normally zero or one). */
export function parallelMarks(loop: Value): Operation[] {
  const marks: Operation[] = [];
  for (const user of loop.users()) if (user.name === PARALLEL) marks.push(user);
  return marks;
}

/** The processor `loop` is mapped to by its `krnl.parallel` (the tlir extension), if any. */
export function processorMapping(loop: Value): Processor | undefined {
  for (const mark of parallelMarks(loop)) {
    const mapping = mark.getProperty('mapping');
    if (mapping !== undefined && ProcessorAttr.is(mapping)) return mapping.value;
  }
  return undefined;
}

/** The first loop handle of `loops` that repeats an earlier one, as [earlier index, index]. */
export function repeatedLoop(loops: readonly Value[]): [number, number] | undefined {
  for (let i = 0; i < loops.length; i++) {
    const j = loops.indexOf(loops[i]!);
    if (j < i) return [j, i];
  }
  return undefined;
}
