// The memref dialect in WGSL (docs/wgsl.md, "Memrefs"): loads and stores index their buffer through the view's
// strides; view ops (subview, cast, reinterpret_cast, expand/collapse_shape, extract_strided_metadata) compute new
// views at translation time, writing a `let` for each part that is not a plain name or number; allocas are arrays in
// the work-item's function scope (or workgroup memory when their type says so); copies are loop nests.
import { AtomicRMWKindAttr, ConstantOp } from '@tlir/dialect-arith';
import { AddressSpaceAttr } from '@tlir/dialect-gpu';
import { CollapseShapeOp, ExpandShapeOp, ReinterpretCastOp, SubViewOp, subviewDroppedDims } from '@tlir/dialect-memref';
import {
  ArrayAttr,
  DYNAMIC,
  IntegerAttr,
  MemRefType,
  staticIndices,
  type Attribute,
  type Location,
  type Operation,
  type Value,
  type ViewOf,
} from '@tlir/ir';
import { combineAtomically } from './atomic-updates.js';
import { writeForLoop } from './loop-checks.js';
import { checkAccess } from './bounds-checks.js';
import { IndexExpression } from './index-expression.js';
import type { KernelTranslation } from './kernel-translation.js';
import { elementIndex, fixedView, loadElement, staticExtent, storeElement, type BufferInfo, type MemrefView } from './memref-view.js';
import { scalarRepr } from './scalar-types.js';
import { i32Literal } from './wgsl-literals.js';
import * as memref from '@tlir/dialect-memref';
import { opTranslator, translator, type TranslatorEntry } from './op-translator.js';

/** The indices operands from `first` on, as index expressions. */
function indices(op: Operation, first: number, t: KernelTranslation): IndexExpression[] {
  return op.operands.slice(first).map((_, i) => t.index(op, first + i));
}

/** The buffer index of an access, as an atom (a `let` unless it is a name or a number). */
function accessIndex(view: MemrefView, at: readonly IndexExpression[], op: Operation, t: KernelTranslation): IndexExpression {
  return t.materialize(elementIndex(view, at), 'at', op.loc);
}

/** The bounds checks of an access at `at` of `view` (--bounds-check). */
function checkIndices(op: Operation, what: string, view: MemrefView, at: readonly IndexExpression[], t: KernelTranslation): void {
  // Asking a view for a size reads its dope vector word: only with the checks on (the fast kernel reads no more).
  if (t.boundsChecks) checkAccess(t, op, what, at.map((index, k) => ({ index, size: view.size(k) })));
}

function load(op: Operation, t: KernelTranslation): void {
  const view = t.view(op, 0);
  const idx = indices(op, 1, t);
  checkIndices(op, 'load', view, idx, t);
  const at = elementIndex(view, idx);
  t.define(op.results[0]!, loadElement(view.buffer, at), op.loc);
}

function store(op: Operation, t: KernelTranslation): void {
  const value = t.scalar(op, 0);
  const view = t.view(op, 1);
  const idx = indices(op, 2, t);
  checkIndices(op, 'store', view, idx, t);
  const at = elementIndex(view, idx);
  t.line(storeElement(view.buffer, at, value.expr), op.loc);
}

/** A view's parts written as `let`s when they are not atoms; `name` is the base of their names. */
function settle(view: MemrefView, name: string, loc: Location, t: KernelTranslation): MemrefView {
  const settleOne = (e: IndexExpression, what: string): IndexExpression => t.materialize(e, `${name}_${what}`, loc);
  const sizes = Array.from({ length: view.rank }, (_, k) => settleOne(view.size(k), `size${k}`));
  const strides = Array.from({ length: view.rank }, (_, k) => settleOne(view.stride(k), `stride${k}`));
  return fixedView(view.buffer, view.base, settleOne(view.offset(), 'offset'), sizes, strides);
}

/** The mixed static/dynamic list of an op: static entries from `attr`, DYNAMIC ones from `values` in order. */
function mixed(op: Operation, attr: Attribute | undefined, values: readonly Value[], t: KernelTranslation): IndexExpression[] {
  let next = 0;
  return staticIndices(attr).map((n) => (n === DYNAMIC ? t.indexOf(values[next++]!, op) : IndexExpression.constant(n)));
}

function subview(s: ViewOf<typeof SubViewOp>, t: KernelTranslation): void {
  const op = s.op;
  const source = t.view(op, 0);
  const offsets = mixed(op, s.static_offsets, s.offsets, t);
  const sizes = mixed(op, s.static_sizes, s.sizes, t);
  const steps = mixed(op, s.static_strides, s.strides, t);
  const dropped = subviewDroppedDims(op);
  // The view's last element along each mode is within the source (a view of no elements reaches nothing).
  if (t.boundsChecks) {
    checkAccess(
    t,
    op,
    'subview',
    offsets.map((o, k) => {
      const size = sizes[k]!;
      if (size.value === 0) return { index: IndexExpression.constant(0), size: IndexExpression.constant(1) };
      return { index: o.add(size.add(IndexExpression.constant(-1)).mul(steps[k]!)), size: source.size(k) };
    }),
  );
  }
  let offset = source.offset();
  offsets.forEach((o, k) => {
    offset = offset.add(o.mul(source.stride(k)));
  });
  const kept = sizes.map((_, k) => k).filter((k) => !dropped[k]);
  const view = fixedView(
    source.buffer,
    source.base,
    offset,
    kept.map((k) => sizes[k]!),
    kept.map((k) => source.stride(k).mul(steps[k]!)),
  );
  bindView(op.results[0]!, view, op, t);
}

function reinterpretCast(r: ViewOf<typeof ReinterpretCastOp>, t: KernelTranslation): void {
  const op = r.op;
  const source = t.view(op, 0);
  const [offset] = mixed(op, r.static_offsets, r.offsets, t);
  const view = fixedView(source.buffer, source.base, offset!, mixed(op, r.static_sizes, r.sizes, t), mixed(op, r.static_strides, r.strides, t));
  bindView(op.results[0]!, view, op, t);
}

/** The result views its source unchanged (cast, assume_alignment). */
function sameView(op: Operation, t: KernelTranslation): void {
  t.bind(op.results[0]!, { kind: 'memref', view: t.view(op, 0) });
}

function reassociation(op: { readonly reassociation: ArrayAttr }): number[][] {
  return op.reassociation.elements.map((g) => (g as ArrayAttr).elements.map((e) => Number((e as IntegerAttr).value)));
}

/** expand_shape: each source dimension splits row-major into its group (the last result dimension is fastest). */
function expandShape(e: ViewOf<typeof ExpandShapeOp>, t: KernelTranslation): void {
  const op = e.op;
  const source = t.view(op, 0);
  const shape = mixed(op, e.static_output_shape, e.output_shape, t);
  const strides: IndexExpression[] = [];
  reassociation(e).forEach((group, k) => {
    let stride = source.stride(k);
    for (let j = group.length - 1; j >= 0; j--) {
      strides[group[j]!] = stride;
      stride = stride.mul(shape[group[j]!]!);
    }
  });
  bindView(op.results[0]!, fixedView(source.buffer, source.base, source.offset(), shape, strides), op, t);
}

/** collapse_shape: each group of (contiguous, as verified) source dimensions becomes one. */
function collapseShape(c: ViewOf<typeof CollapseShapeOp>, t: KernelTranslation): void {
  const op = c.op;
  const source = t.view(op, 0);
  const groups = reassociation(c);
  const sizes = groups.map((g) => g.reduce((size, d) => size.mul(source.size(d)), IndexExpression.constant(1)));
  const strides = groups.map((g) => (g.length === 0 ? IndexExpression.constant(1) : source.stride(g[g.length - 1]!)));
  bindView(op.results[0]!, fixedView(source.buffer, source.base, source.offset(), sizes, strides), op, t);
}

/** Binds a memref result to `view`, its parts settled into names. */
function bindView(result: Value, view: MemrefView, op: Operation, t: KernelTranslation): void {
  t.bind(result, { kind: 'memref', view: settle(view, t.baseName(result), op.loc, t) });
}

function extractStridedMetadata(op: Operation, t: KernelTranslation): void {
  const source = settle(t.view(op, 0), t.baseName(op.results[0]!), op.loc, t);
  const [base, offset, ...rest] = op.results;
  t.bind(base!, { kind: 'memref', view: fixedView(source.buffer, source.base, IndexExpression.ZERO, [], []) });
  const scalars = [source.offset(), ...Array.from({ length: source.rank }, (_, k) => source.size(k)), ...Array.from({ length: source.rank }, (_, k) => source.stride(k))];
  [offset!, ...rest].forEach((r, i) => t.alias(r, scalars[i]!.toWgsl()));
}

function dim(op: Operation, t: KernelTranslation): void {
  const view = t.view(op, 0);
  const def = op.operands[1]!.definingOp;
  const k: unknown = def ? ConstantOp.match(def)?.value : undefined;
  if (!(k instanceof IntegerAttr) || k.value < 0n || Number(k.value) >= view.rank) {
    t.fail(op, 'memref.dim needs a constant dimension within the rank to be translated');
  }
  const size = t.materialize(view.size(Number(k.value)), `${t.baseName(op.results[0]!)}`, op.loc);
  t.alias(op.results[0]!, size.toWgsl());
}

/** The WGSL element count of a static memref type (its extent from the layout); fails when it is not static. */
function staticElementCount(type: MemRefType, op: Operation, t: KernelTranslation): number {
  const { strides, offset } = type.getStridesAndOffset();
  if (!type.hasStaticShape || strides.includes(DYNAMIC) || offset === DYNAMIC) {
    t.fail(op, `${type} is not static: WGSL arrays in function or workgroup memory need a size known at translation time`);
  }
  return Math.max(1, staticExtent(type.shape, strides, offset));
}

/** A static view of a whole array variable of `type`. */
function arrayView(buffer: BufferInfo, type: MemRefType): MemrefView {
  const { strides, offset } = type.getStridesAndOffset();
  return fixedView(buffer, IndexExpression.ZERO, IndexExpression.constant(offset), type.shape.map((n) => IndexExpression.constant(n)), strides.map((n) => IndexExpression.constant(n)));
}

/** Whether a memref type is in workgroup memory (`#gpu.address_space<workgroup>` or 3). */
export function isWorkgroupMemory(type: MemRefType): boolean {
  const space = type.memorySpace;
  if (space === undefined) return false;
  if (AddressSpaceAttr.is(space)) return space.value === 'workgroup';
  return space instanceof IntegerAttr && space.value === 3n;
}

/** Declares an array (a plain variable for one element of function scope) for `value` (an attribution or an alloca) and binds `value` to a view of it. */
export function declareArray(value: Value, type: MemRefType, op: Operation | undefined, space: 'workgroup' | 'function', t: KernelTranslation): void {
  const at = op ?? value;
  const element = scalarRepr(type.elementType, t.features);
  if (typeof element === 'string') t.fail(at, element);
  const count = staticElementCount(type, op ?? t.kernel, t);
  const atomic = t.bufferUse(value).atomic;
  if (atomic && element.memory === 'f16') t.fail(at, 'atomic updates of f16 are not supported');
  // One element of the work-item's own (a register after sroa): a plain variable.
  const scalar = space === 'function' && count === 1 && !atomic;
  const buffer: BufferInfo = { name: t.nameFor(value), space, element, atomic, ...(scalar ? { scalar } : {}) };
  const declaration = scalar
    ? `var ${buffer.name}: ${element.memory};`
    : `var${space === 'workgroup' ? '<workgroup>' : ''} ${buffer.name}: array<${atomic ? 'atomic<u32>' : element.memory}, ${count}>;`;
  if (space === 'workgroup') t.moduleDeclarations.line(declaration, value.loc);
  else t.line(declaration, op?.loc ?? value.loc);
  t.bind(value, { kind: 'memref', view: arrayView(buffer, type) });
}

function alloca(op: Operation, t: KernelTranslation): void {
  const type = op.results[0]!.type as MemRefType;
  if (op.operands.length > 0) t.fail(op, 'a memref.alloca with dynamic sizes has no WGSL translation: WGSL arrays need a size known at translation time');
  declareArray(op.results[0]!, type, op, isWorkgroupMemory(type) ? 'workgroup' : 'function', t);
}

/** memref.copy: every element, in a loop nest run by each work-item (as the op itself is). */
function copy(op: Operation, t: KernelTranslation): void {
  const source = t.view(op, 0);
  const target = t.view(op, 1);
  const rank = source.rank;
  const ivs = Array.from({ length: rank }, () => t.names.fresh('copy_index'));
  const nest = (d: number): void => {
    if (d === rank) {
      const at = ivs.map((v) => IndexExpression.atom(v));
      const value = loadElement(source.buffer, elementIndex(source, at));
      t.line(storeElement(target.buffer, elementIndex(target, at), value));
      return;
    }
    const iv = ivs[d]!;
    const size = source.size(d).toWgsl();
    writeForLoop(t, op, { name: iv, init: '0i', condition: `${iv} < ${size}`, next: `${iv} + 1i`, what: 'memref.copy loop', index: iv, bound: size }, d === 0 ? op.loc : undefined, () => nest(d + 1));
  };
  if (rank === 0) t.line(storeElement(target.buffer, elementIndex(target, []), loadElement(source.buffer, elementIndex(source, []))), op.loc);
  else nest(0);
}

function atomicRmw(a: ViewOf<typeof memref.AtomicRMWOp>, t: KernelTranslation): void {
  const op = a.op;
  const kind = AtomicRMWKindAttr.symbolize(a.kind);
  if (!kind) t.fail(op, 'unknown atomic_rmw kind');
  const value = t.scalar(op, 0);
  const view = t.view(op, 1);
  const at = accessIndex(view, indices(op, 2, t), op, t);
  const old = combineAtomically(op, view.buffer, at, t, kind, (current) => ({ value: value.expr, current }));
  t.alias(op.results[0]!, old, value.repr);
}

function genericAtomicRmw(op: Operation, t: KernelTranslation): void {
  const view = t.view(op, 0);
  const at = accessIndex(view, indices(op, 1, t), op, t);
  const block = op.regions[0]!.firstBlock!;
  const repr = t.reprOf(op.results[0]!, op);
  const old = combineAtomically(op, view.buffer, at, t, undefined, (current) => {
    t.alias(block.args[0]!, current, repr);
    const terminator = t.translateBlock(block)!;
    return { value: t.scalar(terminator, 0).expr, current };
  });
  t.alias(op.results[0]!, old, repr);
}

function rank(op: Operation, t: KernelTranslation): void {
  t.alias(op.results[0]!, i32Literal(t.view(op, 0).rank));
}

export const MEMREF_TRANSLATORS: readonly TranslatorEntry[] = [
  opTranslator(memref.LoadOp, load),
  opTranslator(memref.StoreOp, store),
  translator(memref.SubViewOp, subview),
  translator(memref.ReinterpretCastOp, reinterpretCast),
  opTranslator(memref.CastOp, sameView),
  opTranslator(memref.AssumeAlignmentOp, sameView),
  translator(memref.ExpandShapeOp, expandShape),
  translator(memref.CollapseShapeOp, collapseShape),
  opTranslator(memref.ExtractStridedMetadataOp, extractStridedMetadata),
  opTranslator(memref.DimOp, dim),
  opTranslator(memref.RankOp, rank),
  opTranslator(memref.AllocaOp, alloca),
  opTranslator(memref.CopyOp, copy),
  translator(memref.AtomicRMWOp, atomicRmw),
  opTranslator(memref.GenericAtomicRMWOp, genericAtomicRmw),
  opTranslator(memref.AllocOp, (op, t) => t.fail(op, 'memref.alloc has no WGSL translation: a kernel cannot allocate memory (use memref.alloca of a static size)')),
  opTranslator(memref.DeallocOp, () => {}),
];
