import { Block } from './block.js';
import { DictionaryAttr, FloatAttr, IntegerAttr } from './builtin-attributes.js';
import { FloatType, IntegerType } from './builtin-types.js';
import type { Context } from './context.js';
import { Operation } from './operation.js';
import { Region } from './region.js';
import { DeferredUses } from './value.js';

/**
 * Makes the fields of the IR's objects (operations, results, operand slots, blocks, block arguments, regions,
 * successor slots) mutable, in V8's eyes, before any code is optimized.
 *
 * V8 treats a field that no object of a shape has ever had reassigned as constant, and a field that has only held
 * objects of one kind as typed; optimized code relies on both, and the first reassignment (or value of another
 * kind) throws away every function compiled against that shape. Parsing, verifying and printing never reassign
 * some fields that the passes do (an op's worklist position and liveness stamp, a value's hash number, an op's
 * operand slots made when its uses are first linked, a result list made on first request): on a large module each
 * pass then began by deoptimizing what the one before had compiled, about 250 functions, recompiled soon after
 * (measured on bench's 200k-op canonicalize + cse: about 40% of the optimizing compiler's work).
 *
 * So, once per process, a few throwaway objects of each kind, made through the ordinary constructors (so they get
 * the ordinary shapes), have each field set to the value of another object of the same kind (or another number)
 * and back: the kinds of values each field holds in practice. They are kept (so are their shapes, which V8 would
 * otherwise let go with them, and a startup snapshot would lose).
 */
export function primeFieldMutability(makeScratchContext: () => Context): void {
  if (primed) return;
  primed = true;
  // A scratch context: nothing is interned into the caller's, whose ids and tables stay as they were.
  const ctx = makeScratchContext();
  const i32 = IntegerType.get(ctx, 32);
  const region = new Region();
  const entry = region.pushBack(new Block([i32, i32]));
  const next = region.pushBack(new Block([i32]));
  const [x, y] = entry.args as [never, never];
  // An op with operands, two results, a successor and a region; one with none of them and a single result.
  const branch = Operation.create(ctx, { name: 'prime.branch', operands: [x, y], resultTypes: [i32, i32], successors: [next], regions: 1 });
  const leaf = Operation.create(ctx, { name: 'prime.leaf', resultTypes: [i32] });
  const use = Operation.create(ctx, { name: 'prime.use', operands: [leaf.getResult(0), x], successors: [entry] });
  entry.append(leaf);
  entry.append(branch);
  next.append(use);
  branch.regions[0]!.pushBack(new Block());
  void leaf.results; // the single result as a list, as some passes ask for it
  const pairs: [object, object][] = [
    [branch, leaf],
    [leaf, use],
    [branch.getResult(0), leaf.getResult(0)],
    [branch.getResult(1), leaf.getResult(0)],
    [branch.operandUses[0]!, use.operandUses[0]!],
    [branch.operandUses[1]!, use.operandUses[1]!],
    [branch.successorUses[0]!, use.successorUses[0]!],
    [entry, next],
    [next, branch.regions[0]!.firstBlock!],
    [x, next.args[0]!],
    [y, x],
    [region, branch.regions[0]!],
  ];
  // Attributes made as object literals cache their text when first printed (and get their id when interned).
  const f32 = FloatType.get(ctx, 'f32');
  const attrs: [object, object][] = [
    [IntegerAttr.get(ctx, i32, 1), IntegerAttr.get(ctx, i32, 2)],
    [FloatAttr.get(ctx, f32, 1), FloatAttr.get(ctx, f32, 2)],
    [DictionaryAttr.get(ctx, [{ name: 'a', value: IntegerAttr.get(ctx, i32, 3) }]), DictionaryAttr.get(ctx, [{ name: 'b', value: FloatAttr.get(ctx, f32, 3) }])],
  ];
  for (const [a] of attrs) {
    a.toString();
    (a as { toStringElided(): string }).toStringElided();
  }
  pairs.push(...attrs);
  for (const [a, b] of pairs) exchangeFields(a, b);
  // A value's use list head is also, after parsing, the batch of deferred uses.
  for (const v of [x, branch.getResult(0), leaf.getResult(0)] as { useHead: unknown }[]) {
    const head = v.useHead;
    v.useHead = new DeferredUses();
    v.useHead = head;
  }
  kept.push(region, leaf, use);
}

let primed = false;
const kept: object[] = [];

/** Sets each own field of `a` to `b`'s value and back, and of `b` to `a`'s; numbers equal in both change once. */
function exchangeFields(a: object, b: object): void {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of Object.keys(ra)) {
    if (!(k in rb)) continue;
    const va = ra[k];
    const vb = rb[k];
    if (va !== vb) {
      ra[k] = vb;
      rb[k] = va;
      ra[k] = va;
      rb[k] = vb;
    } else if (typeof va === 'number') {
      ra[k] = va + 1;
      ra[k] = va;
    }
  }
}
