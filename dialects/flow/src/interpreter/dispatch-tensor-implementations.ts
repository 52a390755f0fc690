// flow.dispatch.tensor.load / store and flow.dispatch.tie_shape in the reference interpreter: tiles read from and
// written to the storage of a dispatch's bindings, every index checked.
import { RankedTensorType, packedStrides, staticIndices, type Attribute, type Operation, type Value } from '@tlir/ir';
import { fault, type ExecutionContext, type InterpreterRegistry } from '@tlir/interpreter';
import { DispatchTensorLoadOp, DispatchTensorStoreOp, DispatchTieShapeOp } from '../dispatch-tensor-ops.js';
import type { DispatchTensorType } from '../dispatch-tensor-type.js';
import { mixedIndices, sliceDroppedDims } from '../dynamic-index-list.js';
import { DispatchTensorBinding, checkBindingShape } from './dispatch-binding.js';
import { TensorValue, shapeText } from './tensor-value.js';

interface SliceView {
  readonly op: Operation;
  readonly offsets: Value[];
  readonly sizes: Value[];
  readonly strides: Value[];
}

/** The slice's offsets, sizes and strides as numbers (the static ones and the values of the dynamic ones). */
function sliceOf(ctx: ExecutionContext, s: SliceView): { offsets: number[]; sizes: number[]; strides: number[] } {
  const list = (name: 'offsets' | 'sizes' | 'strides'): number[] =>
    mixedIndices(staticIndices(s.op.getProperty(`static_${name}`)), s[name]).map((v) => (typeof v === 'number' ? v : (ctx.get(v) as number)));
  return { offsets: list('offsets'), sizes: list('sizes'), strides: list('strides') };
}

/**
 * The positions in the binding's storage of the slice's elements, in row-major order of the slice (a RuntimeFault
 * when the slice reaches outside the binding).
 */
function slicePositions(binding: DispatchTensorBinding, slice: { offsets: number[]; sizes: number[]; strides: number[] }): number[] {
  const shape = binding.shape;
  for (let k = 0; k < shape.length; k++) {
    const o = slice.offsets[k]!;
    const n = slice.sizes[k]!;
    const s = slice.strides[k]!;
    if (n < 0) fault(`the slice has a negative size (${n}) in dimension ${k}`);
    if (n === 0) continue;
    const last = o + (n - 1) * s;
    if (o < 0 || o >= shape[k]! || last < 0 || last >= shape[k]!) {
      fault(`the slice reaches index ${o < 0 || o >= shape[k]! ? o : last} in dimension ${k} of the dispatch tensor of shape ${shapeText(shape)} (offset ${o}, size ${n}, stride ${s})`);
    }
  }
  const strides = packedStrides(shape, 'row-major');
  const count = slice.sizes.reduce((a, b) => a * b, 1);
  const positions = new Array<number>(count);
  const index = new Array<number>(shape.length).fill(0);
  for (let i = 0; i < count; i++) {
    let p = 0;
    for (let k = 0; k < shape.length; k++) p += (slice.offsets[k]! + index[k]! * slice.strides[k]!) * strides[k]!;
    positions[i] = p;
    for (let k = shape.length - 1; k >= 0; k--) {
      if (++index[k]! < slice.sizes[k]!) break;
      index[k] = 0;
    }
  }
  return positions;
}

/** The shape of the tile: the slice's sizes without the dimensions the tile's type drops. */
function tileShape(op: { readonly op: Operation; readonly static_sizes: Attribute | undefined }, sizes: readonly number[], tileType: RankedTensorType): number[] {
  const dropped = sliceDroppedDims(staticIndices(op.static_sizes), tileType.shape);
  if (!Array.isArray(dropped)) fault(`internal: '${op.op.name}' was not verified (the tile type does not fit the slice)`);
  return sizes.filter((_, k) => !dropped[k]);
}

function binding(ctx: ExecutionContext, v: Value, dims: readonly Value[]): DispatchTensorBinding {
  const b = ctx.get(v);
  if (!(b instanceof DispatchTensorBinding)) fault(`internal: ${typeof b === 'object' ? b.describe() : typeof b} where a dispatch tensor was expected`);
  checkBindingShape(b, v.type as DispatchTensorType, dims.map((d) => ctx.get(d)));
  return b;
}

export function registerDispatchTensorImplementations(registry: InterpreterRegistry): void {
  registry.registerImpl(DispatchTensorLoadOp, (l, _, ctx) => {
    const source = binding(ctx, l.source, l.source_dims);
    const slice = sliceOf(ctx, l);
    const positions = slicePositions(source, slice);
    const type = l.result.type as RankedTensorType;
    return [TensorValue.build(ctx, type.elementType, tileShape(l, slice.sizes, type), (i) => source.tensor.at(positions[i]!))];
  });
  registry.registerImpl(DispatchTensorStoreOp, (s, _, ctx) => {
    const target = binding(ctx, s.target, s.target_dims);
    const value = ctx.get(s.value) as TensorValue;
    const slice = sliceOf(ctx, s);
    const shape = tileShape(s, slice.sizes, s.value.type as RankedTensorType);
    if (shape.length !== value.rank || shape.some((d, i) => d !== value.shape[i])) {
      fault(`the stored tensor has shape ${shapeText(value.shape)}, but the slice has sizes ${shapeText(shape)}`);
    }
    const positions = slicePositions(target, slice);
    for (let i = 0; i < positions.length; i++) target.tensor.memory.store(positions[i]!, value.at(i));
  });
  registry.registerImpl(DispatchTieShapeOp, (t, _, ctx) => {
    return [binding(ctx, t.operand, t.dynamic_dims)];
  });
}
