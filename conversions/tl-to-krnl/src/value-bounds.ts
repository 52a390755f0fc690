// Static upper bounds of tensor-language index values and mode sizes, for the schedule's heuristics: a view whose
// size is only known at run time may still be known to be small (`subview %C[%m0:%m, :]` with `%m` at most 64 rows),
// and a work-group sized for 1024 rows would then leave most of its work-items idle. The analysis looks at the
// defining instructions (constants, min, max, add, div and rem by a constant, size, if) and at the conditions of
// the ifs that yield a value: `if cmp.ge %left, 64 -> 64 else %left` is at most 64. Signed, as `cmp` compares
// index values; undefined where nothing is known. Bounds only choose tile sizes: correctness never rests on them
// (the lowering keeps its edge code for every extent that is not static).
import { IntegerAttr, OpResult, type Value } from '@tlir/ir';
import { ArithBinaryKind, ArithOp, CmpCondition, CmpOp, ConstantOp, DYNAMIC, IfOp, SizeOp, SubviewOp, TlMemrefType, VALUE, YieldOp } from '@tlir/dialect-tl';

/** A fact known on a path: `value <= atMost + plus`. */
interface Fact {
  readonly value: Value;
  readonly atMost: Value;
  readonly plus: number;
}

/** How deep the analysis follows definitions (the chains in kernels are short; this only stops pathological ones). */
const MAX_DEPTH = 32;

/** A static upper bound of the index value `v`, or undefined. */
export function indexUpperBound(v: Value): number | undefined {
  return upperBound(v, [], 0);
}

/** A static upper bound of mode `mode` of the tl memref `memref`: its extent when static, else from its view. */
export function extentUpperBound(memref: Value, mode: number): number | undefined {
  return extentBound(memref, mode, [], 0);
}

function extentBound(memref: Value, mode: number, facts: readonly Fact[], depth: number): number | undefined {
  const type = memref.type;
  if (!TlMemrefType.is(type)) return undefined;
  const extent = type.shape[mode];
  if (extent === undefined) return undefined;
  if (extent !== DYNAMIC) return extent;
  if (depth > MAX_DEPTH) return undefined;
  const def = memref.definingOp;
  const subview = def && SubviewOp.match(def);
  if (!subview) return undefined;
  // The result's modes are the operand's modes that keep a slice (size 0 is a single index, the mode removed).
  const sizes = subview.static_sizes.values.map(Number);
  let resultMode = -1;
  let sizeOperand = 0;
  for (let i = 0; i < sizes.length; i++) {
    const size = sizes[i]!;
    if (size === 0) continue;
    resultMode++;
    if (resultMode === mode) {
      if (size === VALUE) return upperBound(subview.sizes[sizeOperand]!, facts, depth + 1);
      if (size === DYNAMIC) return extentBound(subview.operand, i, facts, depth + 1); // `?`: at most the mode's size
      return size;
    }
    if (size === VALUE) sizeOperand++;
  }
  return undefined;
}

const minDefined = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

function upperBound(v: Value, facts: readonly Fact[], depth: number): number | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let bound = structuralBound(v, facts, depth);
  for (const fact of facts) {
    if (fact.value !== v) continue;
    const limit = upperBound(fact.atMost, facts.filter((f) => f !== fact), depth + 1);
    if (limit !== undefined) bound = minDefined(bound, limit + fact.plus);
  }
  return bound;
}

function structuralBound(v: Value, facts: readonly Fact[], depth: number): number | undefined {
  const def = v.definingOp;
  if (!def) return undefined;
  const constant = ConstantOp.match(def);
  if (constant) return constant.value instanceof IntegerAttr ? constant.value.number : undefined;
  const size = SizeOp.match(def);
  if (size) return extentBound(size.operand, Number(size.mode.value), facts, depth + 1);
  const arith = ArithOp.match(def);
  if (arith) {
    const lhs = () => upperBound(arith.lhs, facts, depth + 1);
    const rhs = () => upperBound(arith.rhs, facts, depth + 1);
    const positiveConstant = (): number | undefined => {
      const c = arith.rhs.definingOp && ConstantOp.match(arith.rhs.definingOp);
      return c && c.value instanceof IntegerAttr && c.value.number > 0 ? c.value.number : undefined;
    };
    switch (ArithBinaryKind.symbolize(arith.kind)) {
      case 'min':
        return minDefined(lhs(), rhs());
      case 'max': {
        const a = lhs();
        const b = a === undefined ? undefined : rhs();
        return a === undefined || b === undefined ? undefined : Math.max(a, b);
      }
      case 'add': {
        const a = lhs();
        const b = a === undefined ? undefined : rhs();
        return a === undefined || b === undefined ? undefined : a + b;
      }
      case 'div': {
        // Division truncates; for a positive divisor the quotient grows with the dividend.
        const c = positiveConstant();
        const a = c === undefined ? undefined : lhs();
        return a === undefined ? undefined : Math.trunc(a / c!);
      }
      case 'rem': {
        // The remainder has the dividend's sign and is smaller than the divisor in magnitude.
        const c = positiveConstant();
        return c === undefined ? undefined : minDefined(c - 1, Math.max(0, lhs() ?? c - 1));
      }
      default:
        return undefined;
    }
  }
  const ifOp = IfOp.match(def);
  if (ifOp) {
    const index = (v as OpResult).index;
    let bound = -Infinity;
    for (const [region, taken] of [
      [def.regions[0]!, true],
      [def.regions[1]!, false],
    ] as const) {
      const terminator = region.firstBlock?.terminator;
      const yielded = terminator && YieldOp.match(terminator)?.values[index];
      if (!yielded) return undefined;
      const branchBound = upperBound(yielded, [...facts, ...conditionFacts(ifOp.condition, taken)], depth + 1);
      if (branchBound === undefined) return undefined;
      bound = Math.max(bound, branchBound);
    }
    return bound;
  }
  return undefined;
}

/** What `condition == taken` says about index values, when the condition is a comparison. */
function conditionFacts(condition: Value, taken: boolean): Fact[] {
  const def = condition.definingOp;
  const cmp = def && CmpOp.match(def);
  if (!cmp) return [];
  const { lhs: a, rhs: b } = cmp;
  /** x <= y + plus. */
  const le = (x: Value, y: Value, plus = 0): Fact[] => [{ value: x, atMost: y, plus }];
  switch (CmpCondition.symbolize(cmp.cond)) {
    case 'lt':
      return taken ? le(a, b, -1) : le(b, a);
    case 'le':
      return taken ? le(a, b) : le(b, a, -1);
    case 'gt':
      return taken ? le(b, a, -1) : le(a, b);
    case 'ge':
      return taken ? le(b, a) : le(a, b, -1);
    case 'eq':
      return taken ? [...le(a, b), ...le(b, a)] : [];
    default:
      return [];
  }
}
