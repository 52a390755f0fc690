import { AnyType, I64Attr, Index, Variadic, defineOp, type Type } from '@tlir/ir';
import { allocaTypeProblem, indexCountProblem, loadResult, sizeModeProblem } from './access-rules.js';
import { Collective } from './collective-trait.js';
import { TlMemrefOrGroup, TlScalar } from './type-constraints.js';
import { TlMemrefType } from './types.js';

/** The instructions that allocate and access memory (spec: Alloca, Load, Store, Size; lifetime_stop). */

const quoted = (t: Type): string => `'${t}'`;

/** `%m = tl.alloca : !tl.memref<f32x16x8>`: work-group memory with a static shape, freed at the end of the block. */
export const AllocaOp = defineOp('tl.alloca', {
  summary: 'Temporary memory freed at the end of the block',
  description: `
Collective instruction (spec: Alloca). The memref's shape and strides must be static.
`,
  results: { result: TlMemrefType },
  traits: [Collective],
  assemblyFormat: 'attr-dict `:` qualified(type($result))',
  verify(op) {
    const problem = allocaTypeProblem(op.result.type as TlMemrefType, quoted);
    if (problem) op.op.emitOpError(problem);
    return !problem;
  },
});

/** `%x = tl.load %m[%i, %j] : !tl.memref<f32x4x4> -> f32`, or a memref from a group: `tl.load %g[%i] : !tl.group<...> -> ...`. */
export const LoadOp = defineOp('tl.load', {
  summary: 'Loads a scalar from a memref or a memref from a group',
  description: `
Replicated instruction (spec: Load). A memref takes one index per mode and gives an element; a group takes one
index and gives one of its memrefs.
`,
  operands: { operand: TlMemrefOrGroup, indices: Variadic(Index) },
  results: { result: AnyType },
  assemblyFormat: '$operand `[` $indices `]` attr-dict `:` type($operand) `->` type($result)',
  verify(op) {
    const r = loadResult(op.operand.type, op.indices.length, quoted);
    if (typeof r === 'string') op.op.emitOpError(r);
    else if (r.result !== op.result.type) op.op.emitOpError(`result type ${quoted(op.result.type)} does not match the loaded type ${quoted(r.result)}`);
    else return true;
    return false;
  },
});

/** `tl.store %x, %m[%i] : f32, !tl.memref<f32x4>`: the value has the memref's element type. */
export const StoreOp = defineOp('tl.store', {
  summary: 'Stores a scalar in a memref',
  description: `
Replicated instruction (spec: Store): the value has the memref's element type and there is one index per mode.
`,
  operands: { value: TlScalar, operand: TlMemrefType, indices: Variadic(Index) },
  assemblyFormat: '$value `,` $operand `[` $indices `]` attr-dict `:` type($value) `,` qualified(type($operand))',
  verify(op) {
    const t = op.operand.type as TlMemrefType;
    let problem = indexCountProblem(t, op.indices.length, quoted);
    if (!problem && op.value.type !== t.elementType) problem = `value type ${quoted(op.value.type)} does not match the element type ${quoted(t.elementType)}`;
    if (problem) op.op.emitOpError(problem);
    return !problem;
  },
});

/** `%n = tl.size %m[1] : !tl.memref<f32x4x?>`: a mode size, as an index. */
export const SizeOp = defineOp('tl.size', {
  summary: 'A mode size',
  properties: { mode: I64Attr },
  operands: { operand: TlMemrefType },
  results: { result: Index },
  assemblyFormat: '$operand `[` $mode `]` attr-dict `:` qualified(type($operand))',
  verify(op) {
    const problem = sizeModeProblem(op.operand.type as TlMemrefType, op.mode.value);
    if (problem) op.op.emitOpError(problem);
    return !problem;
  },
});

/** `tl.lifetime_stop %m : !tl.memref<f32x16>`: the memory of an alloca is not used afterwards. */
export const LifetimeStopOp = defineOp('tl.lifetime_stop', {
  summary: 'Ends the lifetime of an alloca',
  operands: { operand: TlMemrefType },
  assemblyFormat: '$operand attr-dict `:` qualified(type($operand))',
  verify(op) {
    const def = op.operand.definingOp;
    if (!def || !AllocaOp.is(def)) {
      op.op.emitOpError('operand must be the result of a tl.alloca');
      return false;
    }
    return true;
  },
});
