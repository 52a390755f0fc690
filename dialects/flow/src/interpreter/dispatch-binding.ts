// The runtime value of a `!flow.dispatch.tensor`: the storage a dispatch's body loads tiles from and stores tiles
// into, with the access the type declares. One binding is shared by every workgroup of a dispatch.
import { DYNAMIC, type Type } from '@tlir/ir';
import { fault, type ExecutionContext, type RuntimeObject, type RuntimeValue } from '@tlir/interpreter';
import { DispatchTensorType, dispatchTensorElementType, dispatchTensorShape, type TensorAccess } from '../dispatch-tensor-type.js';
import { TensorValue, shapeText } from './tensor-value.js';

export class DispatchTensorBinding implements RuntimeObject {
  readonly runtimeKind = 'dispatch.tensor';

  constructor(
    readonly access: TensorAccess,
    /** The bound storage (a tensor this binding owns: the dispatch copies its inputs into bindings). */
    readonly tensor: TensorValue,
  ) {}

  get shape(): readonly number[] {
    return this.tensor.shape;
  }

  /** A binding of a copy of `input`, for an access that lets the body write it (an input tied to a result). */
  static ofInput(input: TensorValue, access: TensorAccess): DispatchTensorBinding {
    return new DispatchTensorBinding(access, input.copy());
  }

  /** A writeonly binding of new storage with undefined contents (an untied result). */
  static ofResult(ctx: ExecutionContext, elementType: Type, shape: readonly number[], access: TensorAccess): DispatchTensorBinding {
    return new DispatchTensorBinding(access, TensorValue.uninitialized(ctx, elementType, shape));
  }

  describe(): string {
    return `${this.access} dispatch tensor ${shapeText(this.shape)} of ${this.tensor.elementType}`;
  }
}

export function isDispatchTensorBinding(v: RuntimeValue): v is DispatchTensorBinding {
  return v instanceof DispatchTensorBinding;
}

/** The registry's check of bindings against `!flow.dispatch.tensor` types (null for other types). */
export function dispatchTensorValueCheck(type: Type, v: RuntimeValue): string | undefined | null {
  if (!DispatchTensorType.is(type)) return null;
  if (!isDispatchTensorBinding(v)) return `expected a dispatch tensor binding, got ${typeof v === 'object' ? v.describe() : typeof v}`;
  if (v.access !== type.access) return `the binding is ${v.access}, the type ${type.access}`;
  const elementType = dispatchTensorElementType(type);
  if (v.tensor.elementType !== elementType) return `the element type is ${v.tensor.elementType}, not ${elementType}`;
  const shape = dispatchTensorShape(type);
  if (shape.length !== v.shape.length) return `the rank is ${v.shape.length}, not ${shape.length}`;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] !== DYNAMIC && shape[i] !== v.shape[i]) return `dimension ${i} has size ${v.shape[i]}, not ${shape[i]}`;
  }
  return undefined;
}

/**
 * A RuntimeFault unless the binding has the sizes the op gives it (`type` with its dynamic sizes `dims`): the
 * dimensions an op carries for a binding are a witness of its shape.
 */
export function checkBindingShape(binding: DispatchTensorBinding, type: DispatchTensorType, dims: readonly RuntimeValue[]): void {
  let next = 0;
  const expected = dispatchTensorShape(type).map((d) => (d === DYNAMIC ? (dims[next++] as number) : d));
  if (expected.length !== binding.shape.length || expected.some((d, i) => d !== binding.shape[i])) {
    fault(`the dispatch tensor has shape ${shapeText(binding.shape)}, but the op gives ${shapeText(expected)} (${type} with its dynamic sizes)`);
  }
}
