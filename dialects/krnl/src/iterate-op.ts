import {
  AnyType,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  DYNAMIC,
  Index,
  IndexType,
  IntegerType,
  LoopLikeOpInterface,
  SingleBlock,
  SizedRegion,
  Variadic,
  defineOp,
  ensureTerminator,
  staticIndices,
  staticIndicesAttr,
  type Argument,
  type Builder,
  type BlockArgument,
  type Location,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tlir/ir';
import { RecursiveMemoryEffects } from '@tlir/rewrite';
import { LoopHandle, LoopType } from './krnl-types.js';
import { BlockOp } from './loop-schedule-ops.js';
import { TerminateOp, YieldOp } from './terminator-ops.js';
import { boundLoops, enclosingIterates, originalLoop, processorMapping, repeatedLoop } from './loop-nest.js';

const EMPTY: readonly Value[] = Object.freeze([]);
const SEGMENTS = 'operandSegmentSizes';

/**
 * The largest magnitude of an integer bound: bounds are read as JS numbers (exact below 2^53), where -(2^53 - 1)
 * stands for a dynamic bound (`DYNAMIC`, as in shapes).
 */
const MAX_BOUND = BigInt(Number.MAX_SAFE_INTEGER) - 1n;
const KDYNAMIC = -(2n ** 63n);
const OUT_OF_RANGE = 'at most 2^53 - 2 in magnitude';

/** The body's arguments after the induction variables (one per bound loop): the loop-carried values. */
function regionIterArgs(op: Operation): readonly Value[] {
  const block = op.regions[0]?.firstBlock;
  const ivs = boundLoops(op).length;
  return block && block.numArguments > ivs ? block.args.slice(ivs) : EMPTY;
}

/** The values the body's `krnl.yield` passes on (none when the body ends with `krnl.terminate`). */
function yieldedValues(op: Operation): readonly Value[] {
  const last = op.regions[0]?.firstBlock?.lastOp;
  return last && YieldOp.is(last) ? last.operands : EMPTY;
}

/** A loop bound: an integer, or an SSA value of type index. */
export type IterateBound = number | Value;

/** One `%loop -> %iv = lb to ub` of a krnl.iterate. */
export interface IterateBinding {
  readonly loop: Value;
  /** The body's argument for the loop (missing only in an op that does not verify). */
  readonly inductionVar: BlockArgument;
  readonly lowerBound: IterateBound;
  readonly upperBound: IterateBound;
}

/** The bounds of one side: the integers, with the dynamic values in the places marked DYNAMIC. */
function mixedBounds(statics: readonly number[], dynamics: readonly Value[]): IterateBound[] {
  let next = 0;
  return statics.map((v) => (v === DYNAMIC ? (dynamics[next++] ?? v) : v));
}

/**
 * `krnl.iterate(%ib, %il) with (%l -> %i = 0 to %n) iter_args(%acc = %init) -> (f32) { ... }`: runs a loop nest.
 *
 * The loops in the parentheses (the optimized loops) are the loops of the nest, outermost first once the
 * schedule (krnl.block, krnl.permute) is applied. Each `%l -> %i = lb to ub` binds an original loop to its half-open
 * range and its induction variable. A bound is an integer or an index value (`max` / `min` may precede it, as in
 * onnx-mlir, where they introduce multi-result affine maps; here they change nothing).
 *
 * tlir keeps the operands in groups (`operandSegmentSizes`): the iterated loops, the bound loops, the dynamic lower
 * and upper bounds, the initial loop-carried values; the integer bounds are in `staticLowerBound` and
 * `staticUpperBound`, with kDynamic where a value is used (as MLIR's scf.forall). onnx-mlir writes every bound as
 * an affine map instead, which tlir does not have.
 */
export const IterateOp = defineOp('krnl.iterate', {
  summary: 'iterate operation',
  description: `
The \`krnl.iterate\` operation runs a loop nest. The loops in parentheses after the op name are the loops it runs:
original loops of \`krnl.define_loops\` or loops of \`krnl.block\` that no \`krnl.block\` splits further. They run one
inside the other in the order of the schedule, whatever the order they are written in (as in onnx-mlir): the bound
loops in the order of \`with\`, a blocked loop replaced by its tile loop outside its point loop, then reordered by
\`krnl.permute\`. After \`with\`, each \`%l -> %i = lb to ub\` binds an original loop \`%l\` to its half-open range and names its
induction variable \`%i\` (an \`index\` argument of the body). A bound is an integer constant or an \`index\` value; a
\`max\` before a lower bound or \`min\` before an upper bound is accepted and means nothing more here (onnx-mlir uses
them for affine maps with several results, which tlir does not support).

The loops a krnl.iterate runs must come from original loops bound by it or by an enclosing krnl.iterate, so that
the nest can be split over several krnl.iterate ops: statements between the loops go in the body of the outer op.
Of each nest, a krnl.iterate runs the next loops of the schedule that the enclosing ones did not run (loops whose
iterations a \`krnl.matmul\` or \`krnl.specialized_kernel\` computes are not run). The body runs once per iteration
of the loops it runs. An induction variable \`%i\` is the index of its loop (of the innermost point loop of a blocked
loop): it has a value only where that loop runs, in the body of the krnl.iterate that runs it or of one inside. The
interpreter and the lowering to scf report a schedule that cannot run (a point loop outside its tile loop, a loop
skipped, an induction variable used where its loop does not run): see docs/lowering-krnl-to-scf.md.

\`iter_args(%acc = %init) -> (f32)\` carries values through all iterations of the nest, as scf.for does: the body
receives them after the induction variables and passes the next ones with \`krnl.yield\`; the results are the values
after the last iteration. Without loop-carried values the body ends with \`krnl.terminate\` (or an empty
\`krnl.yield\`), which the custom form leaves out.

\`\`\`mlir
%ii, %jj = krnl.define_loops 2
%ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
krnl.permute(%ib, %il, %jj) [0, 2, 1] : !krnl.loop, !krnl.loop, !krnl.loop
krnl.iterate(%ib, %jj) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to %n) {
  %ti, %tj = krnl.get_induction_var_value(%ib, %jj) : (!krnl.loop, !krnl.loop) -> (index, index)
  krnl.iterate(%il) with () {
    %e = krnl.get_induction_var_value(%il) : (!krnl.loop) -> (index)
  }
}
%s = krnl.iterate(%kk) with (%kk -> %k = 0 to 8) iter_args(%acc = %zero) -> (f32) {
  %v = krnl.load %A[%k] : memref<8xf32>
  %next = arith.addf %acc, %v : f32
  krnl.yield %next : f32
}
\`\`\`

The generic form keeps the operands in groups (\`operandSegmentSizes\`: iterated loops, bound loops, dynamic lower
bounds, dynamic upper bounds, initial values) and the integer bounds in \`staticLowerBound\` / \`staticUpperBound\`
(\`-9223372036854775808\`, MLIR's kDynamic, where a value is used), like MLIR's scf.forall. onnx-mlir keeps affine maps
in a \`bounds\` attribute instead.
`,
  operands: {
    loops: Variadic(LoopHandle),
    inputLoops: Variadic(LoopHandle),
    dynamicLowerBound: Variadic(Index),
    dynamicUpperBound: Variadic(Index),
    inits: Variadic(AnyType),
  },
  results: { results: Variadic(AnyType) },
  properties: { staticLowerBound: DenseI64ArrayAttr, staticUpperBound: DenseI64ArrayAttr },
  regions: { bodyRegion: SizedRegion(1) },
  traits: [SingleBlock, RecursiveMemoryEffects],
  interfaces: [
    LoopLikeOpInterface.implement({
      getInits: (op) => op.operands.slice(op.numOperands - op.numResults),
      getRegionIterArgs: regionIterArgs,
      getYieldedValues: yieldedValues,
      getLoopResults: (op) => op.results,
    }),
  ],
  parse: parseIterate,
  print(it, p) {
    const op = it.op;
    const block = op.regions[0]?.firstBlock ?? null;
    p.write('(');
    p.printOperands(it.loops);
    p.write(') with (');
    const bindings = block ? iterateBindings(op) : [];
    bindings.forEach((b, i) => {
      if (i) p.write(', ');
      p.printOperand(b.loop);
      p.write(' -> ');
      // An op whose body lacks arguments does not verify; it may still be printed (in a diagnostic).
      if (b.inductionVar) p.printOperand(b.inductionVar);
      else p.write('<<missing induction variable>>');
      p.write(' = ');
      printBound(p, b.lowerBound);
      p.write(' to ');
      printBound(p, b.upperBound);
    });
    p.write(')');
    const inits = it.inits;
    if (inits.length) {
      const iterArgs = regionIterArgs(op);
      p.write(' iter_args(');
      inits.forEach((init, i) => {
        if (i) p.write(', ');
        if (iterArgs[i]) p.printOperand(iterArgs[i]!);
        p.write(' = ');
        p.printOperand(init);
      });
      p.write(') -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    // The terminator is left out when the parser would add it back: krnl.terminate without loop-carried values.
    const last = block?.lastOp;
    const implicit = inits.length === 0 && last !== null && last !== undefined && TerminateOp.is(last) && last.attributes.size === 0;
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: !implicit });
    p.printOptionalAttrDict(op.attributes);
  },
  verify(it) {
    const op = it.op;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    const inputLoops = it.inputLoops;
    const sides = [
      ['lower', it.staticLowerBound, it.dynamicLowerBound.length, 'staticLowerBound'],
      ['upper', it.staticUpperBound, it.dynamicUpperBound.length, 'staticUpperBound'],
    ] as const;
    for (const [side, attr, dynamics, name] of sides) {
      const wide = (attr.values as readonly bigint[]).find((v) => v !== KDYNAMIC && (v > MAX_BOUND || v < -MAX_BOUND));
      if (wide !== undefined) return fail(`expects integer ${side} bounds ${OUT_OF_RANGE}, but '${name}' has ${wide}`);
      const statics = staticIndices(attr);
      if (statics.length !== inputLoops.length) {
        return fail(`expects one ${side} bound per bound loop (${inputLoops.length}), but '${name}' has ${statics.length}`);
      }
      const marked = statics.filter((v) => v === DYNAMIC).length;
      if (marked !== dynamics) return fail(`expects ${marked} dynamic ${side} bounds (one per kDynamic in '${name}'), but got ${dynamics}`);
    }
    if (it.inits.length !== op.numResults) return fail('mismatch in number of loop-carried values and defined values');
    const block = op.regions[0]!.firstBlock!;
    const expectedArgs = inputLoops.length + it.inits.length;
    if (block.numArguments !== expectedArgs) {
      return fail(
        `expects the body to have ${expectedArgs} arguments (${inputLoops.length} induction variables, then ${it.inits.length} loop-carried values), but it has ${block.numArguments}`,
      );
    }
    for (let i = 0; i < inputLoops.length; i++) {
      const t = block.args[i]!.type;
      if (!(t instanceof IndexType)) return fail(`expects induction variable #${i} to be of index type, but got '${t}'`);
    }
    const last = block.lastOp;
    if (!last || (!TerminateOp.is(last) && !YieldOp.is(last))) {
      const d = op.emitOpError(`expects the body to end with '${TerminateOp.name}' or '${YieldOp.name}', found '${last?.name ?? ''}'`);
      if (last) d.attachNote(op.loc, `in custom textual format, the absence of terminator implies '${TerminateOp.name}'`);
      return false;
    }
    if (TerminateOp.is(last) && op.numResults !== 0) return fail(`expects the body to end with '${YieldOp.name}' to pass on its ${op.numResults} loop-carried values`);
    return verifyLoopStructure(op, it.loops, inputLoops);
  },
});

/**
 * What the loops of a krnl.iterate must satisfy: distinct handles; bound loops that are original loops, not bound
 * by an enclosing krnl.iterate too; iterated loops that come from a loop bound here or around; at most one loop per
 * processor dimension (the krnl.parallel mapping extension).
 */
function verifyLoopStructure(op: Operation, loops: readonly Value[], inputLoops: readonly Value[]): boolean {
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  const r1 = repeatedLoop(loops);
  if (r1) return fail(`expects distinct loops, but loop #${r1[1]} is loop #${r1[0]}`);
  const r2 = repeatedLoop(inputLoops);
  if (r2) return fail(`expects distinct bound loops, but bound loop #${r2[1]} is bound loop #${r2[0]}`);
  const outer = enclosingIterates(op);
  for (let i = 0; i < inputLoops.length; i++) {
    const loop = inputLoops[i]!;
    if (loop.definingOp && BlockOp.is(loop.definingOp)) return fail(`expects bound loop #${i} to be an original loop, but it is a tile loop of '${BlockOp.name}'`);
    if (outer.some((o) => boundLoops(o).includes(loop))) return fail(`bound loop #${i} is already bound by an enclosing 'krnl.iterate'`);
  }
  for (let i = 0; i < loops.length; i++) {
    const origin = originalLoop(loops[i]!);
    if (!inputLoops.includes(origin) && !outer.some((o) => boundLoops(o).includes(origin))) {
      return fail(`loop #${i} does not come from a loop bound by this or an enclosing 'krnl.iterate'`);
    }
  }
  const mapped = new Map<string, number>();
  for (let i = 0; i < loops.length; i++) {
    const processor = processorMapping(loops[i]!);
    if (processor === undefined) continue;
    const other = mapped.get(processor);
    if (other !== undefined) return fail(`maps loops #${other} and #${i} to the same processor ${processor}`);
    mapped.set(processor, i);
  }
  return true;
}

/** `%l -> %i = lb to ub` for each bound loop of a krnl.iterate. */
export function iterateBindings(op: Operation): IterateBinding[] {
  const it = IterateOp.wrap(op);
  const block = op.regions[0]?.firstBlock;
  const lbs = mixedBounds(staticIndices(it.staticLowerBound), it.dynamicLowerBound);
  const ubs = mixedBounds(staticIndices(it.staticUpperBound), it.dynamicUpperBound);
  return it.inputLoops.map((loop, i) => ({
    loop,
    inductionVar: block?.args[i] as BlockArgument,
    lowerBound: lbs[i] ?? 0,
    upperBound: ubs[i] ?? 0,
  }));
}

function printBound(p: OpAsmPrinter, bound: IterateBound): void {
  if (typeof bound === 'number') p.write(String(bound));
  else p.printOperand(bound);
}

/** A bound as written: `[max|min]? (%value | integer)`. */
function parseBound(p: OpAsmParser, keyword: 'max' | 'min', statics: number[], dynamics: UnresolvedOperand[]): void {
  p.parseOptionalKeyword(keyword);
  const operand = p.parseOptionalOperand();
  if (operand) {
    dynamics.push(operand);
    statics.push(DYNAMIC);
    return;
  }
  const loc = p.getCurrentLocation();
  if (p.parseOptionalKeyword('affine_map')) {
    p.emitCustomOpError('affine map bounds are not supported (tlir has no affine maps): compute the bound with arith ops before the loop', loc);
  }
  const v = p.parseOptionalInteger();
  if (v === undefined) p.emitCustomOpError('expected an SSA value or an integer as loop bound', loc);
  if (v > MAX_BOUND || v < -MAX_BOUND) p.emitCustomOpError(`loop bound ${v} is out of range (${OUT_OF_RANGE})`, loc);
  statics.push(Number(v));
}

function parseIterate(p: OpAsmParser, state: OperationState): boolean {
  const ctx = p.context;
  const loopType = LoopType.get(ctx, {});
  const index = IndexType.get(ctx);
  const loops = p.parseOperandList('paren');
  p.parseKeyword('with');
  const inputLoops: UnresolvedOperand[] = [];
  const ivs: Argument[] = [];
  const lbs: number[] = [];
  const ubs: number[] = [];
  const dynLbs: UnresolvedOperand[] = [];
  const dynUbs: UnresolvedOperand[] = [];
  p.parseCommaSeparatedList('paren', () => {
    inputLoops.push(p.parseOperand());
    p.parseArrow();
    const iv = p.parseArgument(false);
    iv.type = index;
    ivs.push(iv);
    p.parseEqual();
    parseBound(p, 'max', lbs, dynLbs);
    p.parseKeyword('to');
    parseBound(p, 'min', ubs, dynUbs);
  });
  const iterArgs: Argument[] = [];
  const inits: UnresolvedOperand[] = [];
  if (p.parseOptionalKeyword('iter_args')) {
    p.parseCommaSeparatedList('paren', () => {
      iterArgs.push(p.parseArgument(false));
      p.parseEqual();
      inits.push(p.parseOperand());
    });
    state.resultTypes.push(...p.parseArrowTypeList());
    if (iterArgs.length !== state.resultTypes.length) p.emitCustomOpError('mismatch in number of loop-carried values and defined values', p.getNameLoc());
    iterArgs.forEach((a, i) => (a.type = state.resultTypes[i]));
  }
  const body = state.addRegion();
  p.parseRegion(body, [...ivs, ...iterArgs]);
  ensureTerminator(ctx, body, TerminateOp.name, state.loc);
  // As scf.for: the operands are resolved after the body, so that a bound cannot use a value defined inside.
  for (const l of loops) state.operands.push(p.resolveOperand(l, loopType));
  for (const l of inputLoops) state.operands.push(p.resolveOperand(l, loopType));
  for (const b of dynLbs) state.operands.push(p.resolveOperand(b, index));
  for (const b of dynUbs) state.operands.push(p.resolveOperand(b, index));
  inits.forEach((init, i) => state.operands.push(p.resolveOperand(init, state.resultTypes[i]!)));
  state.addAttribute(SEGMENTS, DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [loops.length, inputLoops.length, dynLbs.length, dynUbs.length, inits.length]));
  state.addAttribute('staticLowerBound', staticIndicesAttr(ctx, lbs));
  state.addAttribute('staticUpperBound', staticIndicesAttr(ctx, ubs));
  p.parseOptionalAttrDict(state.attributes);
  return true;
}

/** What `buildIterate` takes: the loops to run, the bound loops with their bounds, the loop-carried values. */
export interface IterateBuildArgs {
  /** The loops the op runs, outermost first (optimized loops). */
  readonly loops: readonly Value[];
  /** `%l -> %i = lb to ub`: the original loops bound here, with their bounds. */
  readonly bindings: readonly { readonly loop: Value; readonly lowerBound: IterateBound; readonly upperBound: IterateBound }[];
  /** The initial loop-carried values (none by default). */
  readonly inits?: readonly Value[];
  readonly loc?: Location;
  /**
   * Fills the body (the builder's insertion point is at its end) given the induction variables and the
   * loop-carried values; returns the values to pass on (one per init), or nothing without inits.
   */
  readonly body?: (b: Builder, inductionVars: readonly BlockArgument[], iterArgs: readonly BlockArgument[]) => readonly Value[] | void;
}

/**
 * Creates a krnl.iterate at the builder's insertion point, with its body block and terminator (`krnl.yield` of
 * what `body` returns when there are loop-carried values, `krnl.terminate` otherwise).
 */
export function buildIterate(b: Builder, args: IterateBuildArgs): ReturnType<typeof IterateOp.wrap> {
  const ctx = b.context;
  const index = IndexType.get(ctx);
  const inits = args.inits ?? [];
  for (const x of args.bindings) {
    for (const v of [x.lowerBound, x.upperBound]) {
      if (typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) <= Number(MAX_BOUND))) throw new Error(`buildIterate: bound ${v} is not an integer ${OUT_OF_RANGE}`);
    }
  }
  const statics = (side: 'lowerBound' | 'upperBound'): number[] => args.bindings.map((x) => (typeof x[side] === 'number' ? x[side] : DYNAMIC));
  const dynamics = (side: 'lowerBound' | 'upperBound'): Value[] => args.bindings.flatMap((x) => (typeof x[side] === 'number' ? [] : [x[side]]));
  const it = IterateOp.create(b, {
    loops: args.loops,
    inputLoops: args.bindings.map((x) => x.loop),
    dynamicLowerBound: dynamics('lowerBound'),
    dynamicUpperBound: dynamics('upperBound'),
    inits,
    results: inits.map((v) => v.type),
    staticLowerBound: staticIndicesAttr(ctx, statics('lowerBound')),
    staticUpperBound: staticIndicesAttr(ctx, statics('upperBound')),
    ...(args.loc ? { loc: args.loc } : {}),
  });
  const loc = args.loc ?? b.loc;
  b.withInsertionPoint(() => {
    const n = args.bindings.length;
    const types: Type[] = [...args.bindings.map(() => index), ...inits.map((v) => v.type)];
    const block = b.createBlock(it.op.regions[0]!, types, types.map(() => loc));
    const ivs = block.args.slice(0, n);
    const iterArgs = block.args.slice(n);
    const next = args.body?.(b, ivs, iterArgs) ?? [];
    b.setInsertionPointToEnd(block);
    if (inits.length) YieldOp.create(b, { values: [...next], loc });
    else TerminateOp.create(b, { loc });
  });
  return it;
}
