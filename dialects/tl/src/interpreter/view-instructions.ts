import { DenseArrayAttr, IntegerAttr, type Attribute, type Operation, type ViewOf } from '@tlir/ir';
import { MemrefView, fault, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { SizeOp } from '../memory-ops.js';
import { DYNAMIC } from '../types.js';
import { ExpandOp, FuseOp, SubviewOp } from '../view-ops.js';

/** Marks an entry of a static list whose value is the next value operand (see the view ops). */
const VALUE = -2;

/** The integers of an `array<i64: ...>` property (`attr`, named `name`). */
function staticList(op: Operation, attr: Attribute | undefined, name: string): number[] {
  if (!(attr instanceof DenseArrayAttr)) fault(`internal: '${op.name}' has no '${name}'`);
  return [...attr.values].map(Number);
}

/** An integer property (`mode`, `from`, `to`: `attr`, named `name`). */
function integer(op: Operation, attr: Attribute | undefined, name: string): number {
  if (!(attr instanceof IntegerAttr)) fault(`internal: '${op.name}' has no '${name}'`);
  return attr.number;
}

/**
 * spec: Subview. Offsets and sizes are checked against the view at run time (the spec does not check them; the
 * interpreter reports what would read outside the view): an index is in [0, size), a slice offset:size lies
 * within the mode; `?` is the mode size minus the offset. Strides are kept, single indices remove their mode.
 */
function subview(s: ViewOf<typeof SubviewOp>, operands: readonly RuntimeValue[]): MemrefView {
  const op = s.op;
  const view = operands[0] as MemrefView;
  const offsets = staticList(op, s.static_offsets, 'static_offsets');
  const sizes = staticList(op, s.static_sizes, 'static_sizes');
  const offsetCount = offsets.filter((o) => o === VALUE).length;
  let nextOffset = 1;
  let nextSize = 1 + offsetCount;
  let address = view.offset;
  const outSizes: number[] = [];
  const outStrides: number[] = [];
  for (let k = 0; k < offsets.length; k++) {
    const mode = view.sizes[k]!;
    const offset = offsets[k] === VALUE ? (operands[nextOffset++] as number) : offsets[k]!;
    const spec = sizes[k]!;
    if (offset < 0) fault(`subview: offset ${offset} of mode ${k} is negative`);
    if (spec === 0) {
      if (offset >= mode) fault(`subview: index ${offset} is out of bounds for mode ${k} of size ${mode}`);
    } else {
      const size = spec === DYNAMIC ? mode - offset : spec === VALUE ? (operands[nextSize++] as number) : spec;
      if (size < 0) fault(spec === DYNAMIC ? `subview: offset ${offset} is beyond mode ${k} of size ${mode}` : `subview: size ${size} of mode ${k} is negative`);
      if (offset + size > mode) fault(`subview: slice ${offset}:${size} is out of bounds for mode ${k} of size ${mode}`);
      outSizes.push(size);
      outStrides.push(view.strides[k]!);
    }
    address += offset * view.strides[k]!;
  }
  return new MemrefView(view.memory, address, outSizes, outStrides);
}

/**
 * spec: Expand. Mode `mode` becomes the expand shape: at most one `?`, inferred as the mode size divided by the
 * product of the other entries (which must divide it); without `?` the product must be the mode size. The new
 * modes get the canonical strides, starting from the stride of the expanded mode.
 */
function expand(e: ViewOf<typeof ExpandOp>, operands: readonly RuntimeValue[]): MemrefView {
  const op = e.op;
  const view = operands[0] as MemrefView;
  const mode = integer(op, e.mode, 'mode');
  const spec = staticList(op, e.static_shape, 'static_shape');
  const size = view.sizes[mode]!;
  let next = 1;
  const entries = spec.map((s) => (s === VALUE ? (operands[next++] as number) : s));
  for (const e of entries) if (e !== DYNAMIC && e < 0) fault(`expand: negative size ${e} in the expand shape`);
  const known = entries.filter((e) => e !== DYNAMIC).reduce((a, b) => a * b, 1);
  const shape = [...entries];
  const wild = entries.indexOf(DYNAMIC);
  if (wild >= 0) {
    if (known === 0 || size % known !== 0) fault(`expand: the known sizes of the expand shape (product ${known}) do not divide mode ${mode} of size ${size}`);
    shape[wild] = size / known;
  } else if (known !== size) fault(`expand: the product of the expand shape (${entries.join('x')} = ${known}) is not the size of mode ${mode} (${size})`);
  const strides: number[] = [];
  let stride = view.strides[mode]!;
  for (const n of shape) {
    strides.push(stride);
    stride *= n;
  }
  return new MemrefView(
    view.memory,
    view.offset,
    [...view.sizes.slice(0, mode), ...shape, ...view.sizes.slice(mode + 1)],
    [...view.strides.slice(0, mode), ...strides, ...view.strides.slice(mode + 1)],
  );
}

/**
 * spec: Fuse. Modes from..to become one of the product of their sizes, with the first one's stride. The strides
 * must chain (S_k s_k = S_k+1); where the type did not fix them this is checked here (the spec leaves a violation
 * undefined). An empty result has nothing to address and is not checked.
 */
function fuse(f: ViewOf<typeof FuseOp>, operands: readonly RuntimeValue[]): MemrefView {
  const op = f.op;
  const view = operands[0] as MemrefView;
  const from = integer(op, f.from, 'from');
  const to = integer(op, f.to, 'to');
  let size = 1;
  for (let k = from; k <= to; k++) size *= view.sizes[k]!;
  if (size !== 0) {
    for (let k = from; k < to; k++) {
      if (view.strides[k]! * view.sizes[k]! !== view.strides[k + 1]) {
        fault(
          `fuse: modes ${from} to ${to} cannot be fused: stride ${k + 1} (${view.strides[k + 1]}) is not stride ${k} times size ${k} (${view.strides[k]}*${view.sizes[k]})`,
        );
      }
    }
  }
  return new MemrefView(
    view.memory,
    view.offset,
    [...view.sizes.slice(0, from), size, ...view.sizes.slice(to + 1)],
    [...view.strides.slice(0, from), view.strides[from]!, ...view.strides.slice(to + 1)],
  );
}

/** subview, expand, fuse, size: replicated view instructions (views never copy). */
export function registerViewInstructions(registry: InterpreterRegistry): void {
  registry.registerImpl(SubviewOp, (op, operands) => [subview(op, operands)]);
  registry.registerImpl(ExpandOp, (op, operands) => [expand(op, operands)]);
  registry.registerImpl(FuseOp, (op, operands) => [fuse(op, operands)]);
  registry.registerImpl(SizeOp, (op, [view]) => [(view as MemrefView).sizes[integer(op.op, op.mode, 'mode')]!]);
}
