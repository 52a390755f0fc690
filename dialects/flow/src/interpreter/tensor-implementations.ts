// The flow.tensor ops in the reference interpreter: each makes a new tensor value (or returns its operand); the
// dynamic sizes an op gives for a tensor are checked against the tensor's.
import { DenseElementsAttr, FloatType, RankedTensorType, packedStrides, type Value, type ViewOf } from '@tlir/ir';
import { fault, integerFormat, wrapInteger, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { TensorCloneOp, TensorTransferOp } from '../tensor-copy-ops.js';
import { TensorAllocaOp, TensorConstantOp, TensorDynamicConstantOp, TensorEmptyOp, TensorSplatOp } from '../tensor-creation-ops.js';
import { TensorLoadOp, TensorStoreOp } from '../tensor-element-ops.js';
import { TensorBitCastOp, TensorReshapeOp } from '../tensor-reshape-ops.js';
import { TensorSliceOp, TensorUpdateOp } from '../tensor-slice-ops.js';
import { TensorTieShapeOp } from '../tensor-tie-shape-op.js';
import { TensorTraceOp } from '../tensor-trace-op.js';
import { dimsOf } from '../shaped-dims.js';
import { reinterpretBits } from './element-bits.js';
import { TensorValue, checkTensorShape, shapeOf, shapeText } from './tensor-value.js';

/** Receives the tensors of a `flow.tensor.trace` (its key and the values, in order). */
export type TensorTraceSink = (key: string, tensors: readonly TensorValue[]) => void;

const values = (ctx: ExecutionContext, vs: readonly Value[]): RuntimeValue[] => vs.map((v) => ctx.get(v));
const tensor = (ctx: ExecutionContext, v: Value): TensorValue => {
  const t = ctx.get(v);
  return t instanceof TensorValue ? t : fault(`internal: ${typeof t === 'object' ? t.describe() : typeof t} where a tensor was expected`);
};
const indices = (ctx: ExecutionContext, vs: readonly Value[]): number[] => vs.map((v) => ctx.get(v) as number);

/** The operand `v` of type `type`, checked against the dynamic sizes `dims` the op gives for it. */
function shapedOperand(ctx: ExecutionContext, v: Value, dims: readonly Value[], what: string): TensorValue {
  const t = tensor(ctx, v);
  checkTensorShape(t, v.type as RankedTensorType, values(ctx, dims), what);
  return t;
}

/** The shape of the result `r` given its dynamic sizes. */
const resultShape = (ctx: ExecutionContext, r: Value, dims: readonly Value[]): number[] => shapeOf(r.type as RankedTensorType, values(ctx, dims));

/** The canonical runtime value of element `i` of a dense constant. */
function constantElement(attr: DenseElementsAttr, i: number): number | bigint {
  const et = (attr.type as RankedTensorType).elementType;
  const v = attr.at(i);
  if (et instanceof FloatType) return v as number;
  const format = integerFormat(et) ?? fault(`the interpreter cannot hold constants of ${et}`);
  return wrapInteger(format, v);
}

function constantTensor(ctx: ExecutionContext, attr: DenseElementsAttr): TensorValue {
  const type = attr.type as RankedTensorType;
  return TensorValue.build(ctx, type.elementType, type.shape, (i) => constantElement(attr, i));
}

/**
 * Visits every position of a box of `sizes` in row-major order: `visit(offset in the box, indices)` (the indices
 * array is reused).
 */
function forEachInBox(sizes: readonly number[], visit: (i: number, index: readonly number[]) => void): void {
  const n = sizes.reduce((a, b) => a * b, 1);
  const index = new Array<number>(sizes.length).fill(0);
  for (let i = 0; i < n; i++) {
    visit(i, index);
    for (let k = sizes.length - 1; k >= 0; k--) {
      if (++index[k]! < sizes[k]!) break;
      index[k] = 0;
    }
  }
}

/** A RuntimeFault unless the box at `starts` of `sizes` lies within `shape`. */
function checkBox(starts: readonly number[], sizes: readonly number[], shape: readonly number[], what: string): void {
  for (let k = 0; k < shape.length; k++) {
    const s = starts[k]!;
    const n = sizes[k]!;
    if (s < 0 || n < 0 || s + n > shape[k]!) {
      fault(`${what}: [${s}, ${s + n}) in dimension ${k} is outside the tensor of shape ${shapeText(shape)}`);
    }
  }
}

function registerCreation(registry: InterpreterRegistry): void {
  const empty = (op: ViewOf<typeof TensorAllocaOp | typeof TensorEmptyOp>, _: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] => {
    const r = op.result;
    return [TensorValue.uninitialized(ctx, (r.type as RankedTensorType).elementType, resultShape(ctx, r, op.result_dims))];
  };
  registry.registerImpl(TensorAllocaOp, empty);
  registry.registerImpl(TensorEmptyOp, empty);
  registry.registerImpl(TensorSplatOp, (s, [value], ctx) => {
    return [TensorValue.build(ctx, (s.result.type as RankedTensorType).elementType, resultShape(ctx, s.result, s.result_dims), () => value as number | bigint)];
  });
  const constant = (op: ViewOf<typeof TensorConstantOp | typeof TensorDynamicConstantOp>, _: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] => {
    const attr = op.value as unknown;
    if (!(attr instanceof DenseElementsAttr)) fault(`'${op.op.name}' of ${attr}: the interpreter runs dense elements constants only`);
    return [constantTensor(ctx, attr)];
  };
  registry.registerImpl(TensorConstantOp, constant);
  registry.registerImpl(TensorDynamicConstantOp, constant);
}

function registerElementAccess(registry: InterpreterRegistry): void {
  registry.registerImpl(TensorLoadOp, (l, _, ctx) => {
    const t = shapedOperand(ctx, l.source, l.source_dims, 'the source');
    return [t.at(t.position(indices(ctx, l.indices)))];
  });
  registry.registerImpl(TensorStoreOp, (s, [value], ctx) => {
    const t = shapedOperand(ctx, s.target, s.target_dims, 'the target');
    const p = t.position(indices(ctx, s.indices));
    const r = t.copy();
    r.memory.store(p, value as number | bigint);
    return [r];
  });
}

function registerBoxes(registry: InterpreterRegistry): void {
  registry.registerImpl(TensorSliceOp, (s, _, ctx) => {
    const source = shapedOperand(ctx, s.source, s.source_dims, 'the source');
    const starts = indices(ctx, s.start_indices);
    const lengths = indices(ctx, s.lengths);
    checkBox(starts, lengths, source.shape, 'the slice');
    const shape = resultShape(ctx, s.result, s.result_dims);
    if (shape.some((d, i) => d !== lengths[i])) fault(`the slice has lengths ${shapeText(lengths)}, but the result is ${s.result.type} of shape ${shapeText(shape)}`);
    const strides = packedStrides(source.shape, 'row-major');
    return [
      TensorValue.build(ctx, source.elementType, lengths, (i) => {
        let p = 0;
        let rest = i;
        for (let k = lengths.length - 1; k >= 0; k--) {
          const n = lengths[k]!;
          p += (starts[k]! + (rest % n)) * strides[k]!;
          rest = Math.floor(rest / n);
        }
        return source.at(p);
      }),
    ];
  });
  registry.registerImpl(TensorUpdateOp, (u, _, ctx) => {
    const target = shapedOperand(ctx, u.target, u.target_dims, 'the target');
    const update = shapedOperand(ctx, u.update, u.update_dims, 'the update');
    const starts = indices(ctx, u.start_indices);
    checkBox(starts, update.shape, target.shape, 'the update');
    const r = target.copy();
    const strides = packedStrides(target.shape, 'row-major');
    forEachInBox(update.shape, (i, index) => {
      let p = 0;
      for (let k = 0; k < index.length; k++) p += (starts[k]! + index[k]!) * strides[k]!;
      r.memory.store(p, update.at(i));
    });
    return [r];
  });
}

function registerReshapes(registry: InterpreterRegistry): void {
  const reshape = (view: ViewOf<typeof TensorReshapeOp | typeof TensorBitCastOp>, bitcast: boolean, ctx: ExecutionContext): RuntimeValue[] => {
    const source = shapedOperand(ctx, view.source, view.source_dims, 'the source');
    const type = view.result.type as RankedTensorType;
    const shape = resultShape(ctx, view.result, view.result_dims);
    const count = shape.reduce((a, b) => a * b, 1);
    if (!bitcast && count !== source.size) fault(`cannot reshape ${source.size} elements (tensor ${shapeText(source.shape)}) into ${shapeText(shape)}`);
    if (type.elementType === source.elementType && count === source.size) return [source.withShape(shape)];
    const elements = reinterpretBits(source, type.elementType, count);
    return [TensorValue.build(ctx, type.elementType, shape, (i) => elements[i]!)];
  };
  registry.registerImpl(TensorReshapeOp, (op, _, ctx) => reshape(op, false, ctx));
  registry.registerImpl(TensorBitCastOp, (op, _, ctx) => reshape(op, true, ctx));
}

function registerCopies(registry: InterpreterRegistry, traceSink: TensorTraceSink | undefined): void {
  registry.registerImpl(TensorTieShapeOp, (t, _, ctx) => {
    return [shapedOperand(ctx, t.operand, t.dynamic_dims, 'the tensor')];
  });
  registry.registerImpl(TensorCloneOp, (c, _, ctx) => {
    return [shapedOperand(ctx, c.operand, c.argument_dims, 'the tensor').copy()];
  });
  // One device: the tensor is already where it goes.
  registry.registerImpl(TensorTransferOp, (t, _, ctx) => {
    return [shapedOperand(ctx, t.operand, t.argument_dims, 'the tensor')];
  });
  registry.registerImpl(TensorTraceOp, (t, _, ctx) => {
    const types = t.values.map((v) => v.type);
    const tensors = t.values.map((v, i) => shapedOperand(ctx, v, dimsOf(types, t.value_dims, i), `traced tensor #${i}`));
    traceSink?.(t.key.value, tensors);
  });
}

/** Registers the flow.tensor ops; `traceSink` receives what flow.tensor.trace traces (nothing without one). */
export function registerTensorImplementations(registry: InterpreterRegistry, traceSink?: TensorTraceSink): void {
  registerCreation(registry);
  registerElementAccess(registry);
  registerBoxes(registry);
  registerReshapes(registry);
  registerCopies(registry, traceSink);
}
