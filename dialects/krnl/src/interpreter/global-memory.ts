// krnl.global: the constant of its `value`, in memory made once per run of the interpreter.
import { DenseElementsAttr, packedStrides, type MemRefType, type Operation, type ViewOf } from '@tlir/ir';
import { MemrefView, fault, integerFormat, rowMajorIndices, wrapInteger, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';
import type { GlobalOp } from '../global-op.js';

const STATE = {};

export function globalConstant(global: ViewOf<typeof GlobalOp>, _operands: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const op = global.op;
  const views = ctx.state(STATE, () => new Map<Operation, MemrefView>());
  const known = views.get(op);
  if (known) return [known];
  const type = op.results[0]!.type as MemRefType;
  const value = global.value;
  if (!(value instanceof DenseElementsAttr)) {
    fault(value === undefined ? `${op.name} without 'value' (its data is at an offset of a constant pool the interpreter does not have)` : `${op.name} of ${value}: the interpreter reads dense numbers only`);
  }
  if (type.layout) fault(`${op.name} of a memref with a layout ('${type}')`);
  const count = type.shape.reduce((a, n) => a * n, 1);
  const view = new MemrefView(ctx.allocate(type.elementType, count, 'program', `the krnl.global ${String(global.name)}`), 0, type.shape, packedStrides(type.shape, 'row-major'));
  const format = integerFormat(type.elementType);
  let e = 0;
  rowMajorIndices(type.shape, (idx) => {
    const v = value.at(e++);
    view.store(idx, format ? wrapInteger(format, v) : (v as number));
  });
  views.set(op, view);
  return [view];
}
