// The vector dialect's loads in WGSL (docs/wgsl.md, "Vector loads"). A read-only kernel argument that aligned
// vector.loads read (an `alignment` of at least the vector's bytes: the first element's buffer index is a multiple of
// the length, which tl-to-krnl proves or checks at run time) is declared `array<vec2<T>>` or `array<vec4<T>>` (the
// smallest width such loads use); such a load is one element of that array, its scalar loads take a component
// (`A[i >> 2][i & 3]`). Any other vector.load reads its elements one by one into a vector. The runtime sizes every
// storage buffer to a multiple of 16 bytes, so a buffer of any length can be bound as an array of vec4.
import { ExtractOp, LoadOp as VectorLoadOp, alignedElements } from '@tlir/dialect-vector';
import { DYNAMIC, IntegerAttr, IntegerType, VectorType, staticIndices, type Operation, type Value, type ViewOf } from '@tlir/ir';
import { checkAccess } from './bounds-checks.js';
import { bufferRoot } from './buffer-roots.js';
import { IndexExpression } from './index-expression.js';
import type { KernelTranslation } from './kernel-translation.js';
import { elementIndex, fromMemoryWord, loadElement } from './memref-view.js';
import { translator, type TranslatorEntry } from './op-translator.js';

/**
 * The vector length of an aligned vector.load (its alignment makes the first element's index a multiple of the
 * length: every buffer element is one 32-bit word in WGSL, whatever the MLIR type's bytes), else undefined.
 */
function alignedWidth(op: ViewOf<typeof VectorLoadOp>): number | undefined {
  const type = op.result.type as VectorType;
  const width = type.shape[0]!;
  const alignment = op.op.getProperty('alignment');
  if (!(alignment instanceof IntegerAttr) || (width !== 2 && width !== 4)) return undefined;
  // i1 is stored as 0 or 1 in an i32 word and read as a bool: element by element.
  if (type.elementType instanceof IntegerType && type.elementType.width === 1) return undefined;
  return alignedElements(Number(alignment.value), type.elementType) % width === 0 ? width : undefined;
}

/** The buffer roots (kernel arguments) aligned vector loads read, with the smallest width each is read with. */
export function vectorWidthsOf(kernel: Operation): Map<Value, number> {
  const widths = new Map<Value, number>();
  kernel.walk((op) => {
    const load = VectorLoadOp.match(op);
    if (!load) return;
    const width = alignedWidth(load);
    if (width === undefined) return;
    const root = bufferRoot(load.base);
    widths.set(root, Math.min(widths.get(root) ?? width, width));
  });
  return widths;
}

function load(op: ViewOf<typeof VectorLoadOp>, t: KernelTranslation): void {
  const o = op.op;
  const view = t.view(o, 0);
  const idx = o.operands.slice(1).map((_, i) => t.index(o, 1 + i));
  const width = (op.result.type as VectorType).shape[0]!;
  const repr = t.reprOf(o.results[0]!, o);
  if (t.boundsChecks) {
    // The first and the last element of the vector.
    const sizes = idx.map((_, k) => view.size(k));
    checkAccess(t, o, 'vector load', idx.map((index, k) => ({ index, size: sizes[k]! })));
    const lastIdx = idx.map((index, k) => (k === idx.length - 1 ? index.add(IndexExpression.constant(width - 1)) : index));
    checkAccess(t, o, 'vector load', lastIdx.map((index, k) => ({ index, size: sizes[k]! })));
  }
  const at = t.materialize(elementIndex(view, idx), 'at', o.loc);
  const buffer = view.buffer;
  const type = `vec${width}<${repr.wgsl}>`;
  const aligned = alignedWidth(op);
  const k = buffer.vector;
  if (k !== undefined && aligned !== undefined && aligned % k === 0) {
    const first = t.materialize(IndexExpression.atom(`(${at.toWgsl()} >> ${Math.log2(k)}u)`), 'vi', o.loc).toWgsl();
    const parts = Array.from({ length: width / k }, (_, j) => fromMemoryWord(`${buffer.name}[${j === 0 ? first : `${first} + ${j}i`}]`, buffer.element));
    t.define(o.results[0]!, parts.length === 1 ? parts[0]! : `${type}(${parts.join(', ')})`, o.loc, repr);
    return;
  }
  const elements = Array.from({ length: width }, (_, l) => loadElement(buffer, l === 0 ? at : at.add(IndexExpression.constant(l))));
  t.define(o.results[0]!, `${type}(${elements.join(', ')})`, o.loc, repr);
}

function extract(op: ViewOf<typeof ExtractOp>, t: KernelTranslation): void {
  const o = op.op;
  const vector = t.scalar(o, 0);
  const position = staticIndices(o.getProperty('static_position'))[0]!;
  const at = position === DYNAMIC ? t.index(o, 1).toWgsl() : `${position}`;
  t.define(o.results[0]!, `${vector.expr}[${at}]`, o.loc);
}

export const VECTOR_TRANSLATORS: readonly TranslatorEntry[] = [translator(VectorLoadOp, load), translator(ExtractOp, extract)];
