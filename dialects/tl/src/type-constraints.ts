import { AnyOf, typeConstraint } from '@tlir/ir';
import { TlGroupType, TlMemrefType, isScalarType } from './types.js';

/** The operand and result constraints of the tl ops (the tensor language's types, spec: Types). */
export const TlScalar = typeConstraint('tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64)', isScalarType);

export const TlMemrefOrGroup = AnyOf([TlMemrefType, TlGroupType], 'tl.memref or tl.group');
