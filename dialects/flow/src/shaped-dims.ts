// The dynamic dimensions flow ops carry beside their tensors (IREE's shape-aware ops): a value of type
// `tensor<?x4x?xf32>` travels with two index values, written after its type as `tensor<?x4x?xf32>{%d0, %d2}`.
import { DYNAMIC, ShapedType, type OpAsmParser, type OpAsmPrinter, type Operation, type Type, type UnresolvedOperand, type Value } from '@tlir/ir';
import { DispatchTensorType, dispatchTensorDynamicDims } from './dispatch-tensor-type.js';

/** The number of `?` in a shaped type or a dispatch tensor type; 0 for other types. */
export function dynamicDimCount(type: Type): number {
  if (type instanceof ShapedType) return type.shape ? type.shape.filter((d) => d === DYNAMIC).length : 0;
  if (DispatchTensorType.is(type)) return dispatchTensorDynamicDims(type);
  return 0;
}

/**
 * IREE's verifyOpDynamicDims: `dims` holds exactly one value per `?` of `types`, in order. Emits the error at `op`
 * and returns false otherwise.
 */
export function verifyDynamicDims(op: Operation, types: readonly Type[], dims: readonly Value[]): boolean {
  let required = 0;
  for (const t of types) required += dynamicDimCount(t);
  if (dims.length === required) return true;
  op.emitOpError(`value set has ${required} dynamic dimensions but only ${dims.length} dimension values are attached`);
  return false;
}

/** The values of `dims` that belong to the `index`-th of `types` (the dims are in the order of the types). */
export function dimsOf(types: readonly Type[], dims: readonly Value[], index: number): Value[] {
  let start = 0;
  for (let i = 0; i < index; i++) start += dynamicDimCount(types[i]!);
  return dims.slice(start, start + dynamicDimCount(types[index]!));
}

/**
 * `{%d0, %d1}` after a type with dynamic dimensions: exactly one value per `?` (nothing is read for a type without
 * one). The values are appended to `into`.
 */
export function parseDynamicDims(p: OpAsmParser, type: Type, into: UnresolvedOperand[]): void {
  const count = dynamicDimCount(type);
  if (count === 0) return;
  const loc = p.getCurrentLocation();
  if (!p.parseOptionalLBrace()) p.emitWrongTokenError(`expected '{' with ${count} dynamic dimension value${count === 1 ? '' : 's'} after '${type}'`);
  const dims = p.parseOperandList('none');
  p.parseRBrace();
  if (dims.length !== count) p.emitError(`'${type}' has ${count} dynamic dimension${count === 1 ? '' : 's'}, but ${dims.length} value${dims.length === 1 ? ' is' : 's are'} given`, loc);
  into.push(...dims);
}

/**
 * Prints `{%d0, %d1}` for a type with dynamic dimensions, taking its values from `dims` at `next.index` (advanced
 * past them); nothing for a type without `?`.
 */
export function printDynamicDims(p: OpAsmPrinter, type: Type, dims: readonly Value[], next: { index: number }): void {
  const count = dynamicDimCount(type);
  if (count === 0) return;
  p.write('{');
  for (let i = 0; i < count; i++) {
    if (i) p.write(', ');
    const d = dims[next.index++];
    if (d) p.printOperand(d);
    else p.write('<<missing dimension>>');
  }
  p.write('}');
}

/** `type{%d}, type, ...` (IREE's ShapedTypeList): at least one type, each followed by its dynamic dimensions. */
export function parseShapedTypeList(p: OpAsmParser, types: Type[], dims: UnresolvedOperand[]): void {
  do {
    const t = p.parseType();
    types.push(t);
    parseDynamicDims(p, t, dims);
  } while (p.parseOptionalComma());
}

export function printShapedTypeList(p: OpAsmPrinter, types: readonly Type[], dims: readonly Value[]): void {
  const next = { index: 0 };
  types.forEach((t, i) => {
    if (i) p.write(', ');
    p.printType(t);
    printDynamicDims(p, t, dims, next);
  });
}
