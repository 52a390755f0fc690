// krnl.seqalloc, krnl.seqdealloc, krnl.seqextract and krnl.seqstore on SequenceValues, and krnl.load / krnl.store
// of whole elements of a sequence (how onnx-mlir copies sequences).
import { DYNAMIC, MemRefType, formatLocationPrefix, type Operation, type ViewOf } from '@tlir/ir';
import { MemrefView, fault, type RuntimeValue } from '@tlir/interpreter';
import type { SeqExtractOp } from '../sequence-ops.js';
import { SequenceValue } from './sequence-value.js';

/** A copy of an element: new memory with the same elements (those never written stay so) and the same layout. */
function copyOf(op: Operation, element: MemrefView): MemrefView {
  element.memory.checkLive();
  return element.withMemory(element.memory.clone(`copy by ${op.name} at ${formatLocationPrefix(op.loc)}`));
}

function sequence(op: Operation, v: RuntimeValue): SequenceValue {
  return v instanceof SequenceValue ? v : fault(`${op.name} needs a sequence made by krnl.seqalloc, got ${typeof v === 'object' ? v.describe() : v}`);
}

function element(op: Operation, v: RuntimeValue): MemrefView {
  return v instanceof MemrefView ? v : fault(`${op.name}: a sequence holds memrefs, got ${typeof v === 'object' ? v.describe() : v}`);
}

/** krnl.seqalloc: a sequence of the result type's shape (one `length` per dynamic dimension), every slot empty. */
export function seqAlloc(op: Operation, lengths: readonly RuntimeValue[]): RuntimeValue[] {
  const type = op.results[0]!.type as MemRefType;
  let next = 0;
  const sizes = type.shape.map((s) => (s === DYNAMIC ? (lengths[next++] as number) : s));
  for (const s of sizes) if (!(s >= 0)) fault(`${op.name}: a sequence cannot have length ${s}`);
  return [new SequenceValue(sizes, `${op.name} at ${formatLocationPrefix(op.loc)}`)];
}

export function seqDealloc(op: Operation, [s]: readonly RuntimeValue[]): void {
  sequence(op, s).free(op);
}

/** krnl.seqextract: the element at `index`, copied when `copy` is 1 (the default), itself when 0. */
export function seqExtract(extract: ViewOf<typeof SeqExtractOp>, [s, index]: readonly RuntimeValue[]): RuntimeValue[] {
  const op = extract.op;
  const e = sequence(op, s).get([index as number]);
  const copy = extract.copy?.value ?? 1n;
  return [copy === 0n ? e : copyOf(op, e)];
}

/** krnl.seqstore: a copy of `input` at `index` (the sequence has room for it). */
export function seqStore(op: Operation, [input, s, index]: readonly RuntimeValue[]): void {
  sequence(op, s).set([index as number], copyOf(op, element(op, input)));
}

/** krnl.load of a sequence: the element itself (as memref.load of a memref of memrefs). */
export function loadElement(op: Operation, s: SequenceValue, indices: readonly RuntimeValue[]): RuntimeValue[] {
  return [s.get(indices as number[])];
}

/** krnl.store into a sequence: the element itself. */
export function storeElement(op: Operation, value: RuntimeValue, s: SequenceValue, indices: readonly RuntimeValue[]): void {
  s.set(indices as number[], element(op, value));
}
