// The scf dialect in WGSL (docs/wgsl.md, "scf"): structured control flow maps onto WGSL's. Values a region yields
// become `var`s declared before the statement and assigned at the yield; loop-carried values are `var`s read once at
// the top of each iteration into the names the body uses (so `scf.yield %b, %a` swaps correctly). A memref cannot
// be carried or yielded: WGSL cannot choose between buffers at run time.
import { ParallelOp } from '@tlir/dialect-scf';
import { MemRefType, UnitAttr, type Block, type DenseArrayAttr, type Operation, type Value, type ViewOf } from '@tlir/ir';
import { fromI32, unsignedOperand, widthMask } from './integer-semantics.js';
import type { KernelTranslation } from './kernel-translation.js';
import type { ScalarRepr } from './scalar-types.js';
import type { ScalarValue } from './translation-values.js';
import { i32Literal } from './wgsl-literals.js';
import * as scf from '@tlir/dialect-scf';
import { opTranslator, translator, type TranslatorEntry } from './op-translator.js';
import { checkLoopEnded, loopExitFlag, writeForLoop } from './loop-checks.js';

/** Fails when `values` (results, block arguments) include a memref. */
function noMemrefs(op: Operation, values: readonly Value[], what: string, t: KernelTranslation): void {
  if (values.some((v) => v.type instanceof MemRefType)) {
    t.fail(op, `${what} of memref type have no WGSL translation: WGSL cannot choose a memref at run time`);
  }
}

/** `var <name>: T;` (or `= init`) for each result of `op`, bound to the results. */
function resultVariables(op: Operation, t: KernelTranslation, inits?: readonly string[]): string[] {
  noMemrefs(op, op.results, `'${op.name}' results`, t);
  return op.results.map((r, i) => {
    const repr = t.reprOf(r, op);
    const name = t.nameFor(r);
    t.line(inits ? `var ${name} = ${inits[i]};` : `var ${name}: ${repr.wgsl};`, op.loc);
    t.alias(r, name, repr);
    return name;
  });
}

/** Assigns the operands of `terminator` (a yield) to `targets`. */
function assignYield(terminator: Operation | undefined, targets: readonly string[], t: KernelTranslation): void {
  if (!terminator) return;
  const values = terminator.operands.map((_, i) => t.scalar(terminator, i).expr);
  values.forEach((v, i) => {
    if (v !== targets[i]) t.line(`${targets[i]} = ${v};`, terminator.loc);
  });
}

/** Binds the arguments of a block to `let`s reading `sources` (loop-carried variables) at the top of the body. */
function snapshotArguments(block: Block, first: number, sources: readonly string[], t: KernelTranslation): void {
  block.args.slice(first).forEach((arg, i) => {
    const repr = t.reprOf(arg);
    t.define(arg, sources[i]!, arg.loc, repr);
  });
}

function scfFor(f: ViewOf<typeof scf.ForOp>, t: KernelTranslation): void {
  const op = f.op;
  const body = op.regions[0]!.firstBlock!;
  const [iv] = body.args;
  const inits = op.operands.slice(3).map((_, i) => t.scalar(op, 3 + i).expr);
  const [lb, ub, step] = [0, 1, 2].map((i) => ({ ...t.scalar(op, i), expr: t.control(op, i) }));
  const repr = t.reprOf(iv!, op);
  if (repr.wgsl === 'bool') t.fail(op, 'an scf.for over i1 has no WGSL translation');
  const carried = resultVariables(op, t, inits);
  const name = t.nameFor(iv!);
  const unsigned = f.unsignedCmp instanceof UnitAttr;
  const condition = unsigned
    ? `${unsignedOperand({ kind: 'scalar', expr: name, repr }).expr} < ${unsignedOperand(ub!).expr}`
    : `${name} < ${ub!.expr}`;
  const next = nextValue(name, ub!, step!, repr, unsigned);
  const loop = { name, init: lb!.expr, condition, next, what: 'scf.for loop', index: reportedI32(name, repr), bound: reportedI32(ub!.expr, repr) };
  writeForLoop(t, op, loop, op.loc, () => {
    t.alias(iv!, name, repr);
    snapshotArguments(body, 1, carried, t);
    assignYield(t.translateBlock(body), carried, t);
  });
}

/**
 * The induction variable's next value. MLIR's loop ends once iv + step reaches the bound, computed exactly (the
 * interpreter: dialects/scf/src/interpreter/for-loop.ts); the sum in the type may wrap past its largest value to
 * below the bound and loop forever (`for %i = 120, 127, 2 : i8`, or an i32 or index loop near 2^31). Where that can
 * happen (a step other than 1 with a bound that is not constant or is within a step of the largest value, or a step
 * that is not constant), the next value is the
 * bound itself when the step would reach it: in the body iv < ub, so ub - iv, as an unsigned number of the type's
 * width, is exact, and the loop goes on while step < ub - iv. A step that is not a positive constant is tested too:
 * 0 ends the loop (a negative one does, as a large unsigned step).
 */
function nextValue(name: string, ub: ScalarValue, step: ScalarValue, repr: ScalarRepr, unsigned: boolean): string {
  const sum = fromI32(`(${name} + ${step.expr})`, repr);
  const width = repr.width!;
  const asUnsigned = (c: number): number => (c < 0 ? c + 2 ** width : c);
  // A step of 1 cannot wrap (iv < ub, so iv + 1 <= ub), whatever the bound: the plain form.
  if (step.constant === 1) return sum;
  if (ub.constant !== undefined && step.constant !== undefined && step.constant > 0) {
    const last = unsigned ? asUnsigned(ub.constant) - 1 + asUnsigned(step.constant) : ub.constant - 1 + step.constant;
    if (last <= (unsigned ? 2 ** width - 1 : 2 ** (width - 1) - 1)) return sum;
  }
  const [u, iv] = [unsignedOperand(ub), unsignedOperand({ kind: 'scalar', expr: name, repr })];
  const remaining = u.type === 'u32' ? `${u.expr} - ${iv.expr}` : `((${u.expr} - ${iv.expr}) & ${widthMask(width)})`;
  const zero = u.type === 'u32' ? '0u' : '0i';
  const s = step.constant !== undefined ? `${asUnsigned(step.constant)}${zero.slice(1)}` : unsignedOperand(step).expr;
  // A step of 0 (undefined: the interpreter reports it) ends the loop rather than hanging the adapter.
  const moves = step.constant !== undefined && step.constant !== 0 ? '' : `${s} != ${zero} && `;
  return `select(${ub.expr}, ${sum}, ${moves}${s} < ${remaining})`;
}

/** An integer value as the i32 a loop check reports (0 for types that have no i32 view). */
function reportedI32(expr: string, repr: ScalarRepr): string {
  if (repr.wgsl === 'i32') return expr;
  if (repr.wgsl === 'u32') return `bitcast<i32>(${expr})`;
  return '0i';
}

function scfIf(op: Operation, t: KernelTranslation): void {
  const condition = { expr: t.control(op, 0) };
  const results = resultVariables(op, t);
  const [thenRegion, elseRegion] = op.regions;
  const elseBlock = elseRegion?.firstBlock;
  const hasElse = elseBlock !== undefined && elseBlock !== null && (elseBlock.firstOp !== elseBlock.lastOp || results.length > 0);
  t.block(`if (${condition.expr})`, op.loc, () => assignYield(t.translateBlock(thenRegion!.firstBlock!), results, t), hasElse ? '} else {' : '}');
  if (hasElse) {
    t.indent(() => assignYield(t.translateBlock(elseBlock!), results, t));
    t.line('}');
  }
}

function scfWhile(op: Operation, t: KernelTranslation): void {
  const [before, after] = op.regions.map((r) => r.firstBlock!);
  noMemrefs(op, before!.args, 'scf.while loop-carried values', t);
  const inits = op.operands.map((_, i) => t.scalar(op, i).expr);
  const carried = before!.args.map((arg, i) => {
    const name = t.nameFor(arg, '_next');
    t.line(`var ${name} = ${inits[i]};`, op.loc);
    return name;
  });
  const results = resultVariables(op, t);
  const done = loopExitFlag(t, op.loc);
  t.block('loop', op.loc, () => {
    snapshotArguments(before!, 0, carried, t);
    const condition = t.translateBlock(before!)!;
    // The loop's continuing is controlled by the condition: uniform when the loop holds a barrier.
    const c = { expr: t.uniformity.containsUniformControlOp(op) ? t.control(condition, 0, op) : t.scalar(condition, 0).expr };
    const forwarded = condition.operands.slice(1).map((_, i) => t.scalar(condition, 1 + i));
    forwarded.forEach((v, i) => t.line(`${results[i]} = ${v.expr};`, condition.loc));
    t.line(done ? `if (!${c.expr}) { ${done} = true; break; }` : `if (!${c.expr}) { break; }`, condition.loc);
    after!.args.forEach((arg, i) => t.alias(arg, forwarded[i]!.expr, forwarded[i]!.repr));
    assignYield(t.translateBlock(after!), carried, t);
  });
  if (done) checkLoopEnded(t, op, `!${done}`, { what: 'scf.while loop', index: '0i', bound: '0i' });
}

function indexSwitch(s: ViewOf<typeof scf.IndexSwitchOp>, t: KernelTranslation): void {
  const op = s.op;
  const selector = { expr: t.control(op, 0) };
  const results = resultVariables(op, t);
  const cases = (s.cases as DenseArrayAttr).values.map(Number);
  const [defaultRegion, ...caseRegions] = op.regions;
  t.block(`switch ${selector.expr}`, op.loc, () => {
    cases.forEach((value, i) => {
      if (value < -2147483648 || value > 2147483647) t.fail(op, `the case ${value} does not fit WGSL's 32-bit index`);
      t.block(`case ${i32Literal(value)}:`, undefined, () => assignYield(t.translateBlock(caseRegions[i]!.firstBlock!), results, t));
    });
    t.block('default:', undefined, () => assignYield(t.translateBlock(defaultRegion!.firstBlock!), results, t));
  });
}

function executeRegion(op: Operation, t: KernelTranslation): void {
  const region = op.regions[0]!;
  if (region.firstBlock !== region.lastBlock) t.fail(op, 'an scf.execute_region of several blocks has no WGSL translation (WGSL has no branches)');
  const results = resultVariables(op, t);
  t.block('', op.loc, () => assignYield(t.translateBlock(region.firstBlock!), results, t));
}

/** An scf.parallel that no work-item mapping consumed: its iterations run in order on each work-item. */
function parallel(op: Operation, t: KernelTranslation): void {
  if (op.getAttr('krnl.mapping') !== undefined || op.getAttr('mapping') !== undefined) {
    t.fail(op, 'this scf.parallel is mapped to work-items or work-groups; map it to gpu ids first (--lower-to-gpu)');
  }
  const p = ParallelOp.wrap(op);
  const body = op.regions[0]!.firstBlock!;
  const scalars = (vs: readonly Value[]): string[] => vs.map((v) => t.scalarOf(v, op).expr);
  const [lbs, ubs, steps] = [scalars(p.lowerBound), scalars(p.upperBound), scalars(p.step)];
  const results = resultVariables(op, t, scalars(p.initVals));
  const nest = (d: number): void => {
    if (d === lbs.length) {
      const reduce = t.translateBlock(body);
      if (reduce) combineReductions(reduce, results, t);
      return;
    }
    const iv = body.args[d]!;
    const name = t.nameFor(iv);
    const repr = t.reprOf(iv, op);
    const loop = { name, init: lbs[d]!, condition: `${name} < ${ubs[d]}`, next: `${name} + ${steps[d]}`, what: 'scf.parallel loop', index: reportedI32(name, repr), bound: reportedI32(ubs[d]!, repr) };
    writeForLoop(t, op, loop, d === 0 ? op.loc : undefined, () => {
      t.alias(iv, name, repr);
      nest(d + 1);
    });
  };
  nest(0);
}

/** scf.reduce: each reduction's region combines the running value (`lhs`) and this iteration's (`rhs`). */
function combineReductions(reduce: Operation, results: readonly string[], t: KernelTranslation): void {
  reduce.regions.forEach((region, i) => {
    const block = region.firstBlock!;
    const value = t.scalar(reduce, i);
    const repr: ScalarRepr = value.repr;
    t.block('', reduce.loc, () => {
      t.define(block.args[0]!, results[i]!, reduce.loc, repr);
      t.alias(block.args[1]!, value.expr, repr);
      assignYield(t.translateBlock(block), [results[i]!], t);
    });
  });
}

export const SCF_TRANSLATORS: readonly TranslatorEntry[] = [
  translator(scf.ForOp, scfFor),
  opTranslator(scf.IfOp, scfIf),
  opTranslator(scf.WhileOp, scfWhile),
  translator(scf.IndexSwitchOp, indexSwitch),
  opTranslator(scf.ExecuteRegionOp, executeRegion),
  opTranslator(scf.ParallelOp, parallel),
];
