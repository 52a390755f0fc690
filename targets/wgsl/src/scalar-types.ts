// How MLIR scalar types are represented in WGSL (docs/wgsl.md, "Types"):
//
//   i1                bool
//   i8, i16           i32 holding the sign-extended value (arithmetic wraps at the type's width)
//   i32               i32 (two's complement, arithmetic wraps)
//   index             i32: 32 bits, unlike MLIR's 64 (sizes, strides, offsets and indices below 2^31)
//   f32               f32
//   f16               f16, only with the WebGPU feature 'shader-f16'
//   i64, f64, others  not supported by WGSL: a located error
//
// Memory holds one 32-bit word per element of every integer type (i1 as 0 or 1), as the runtime's buffers do.
import { FloatType, IndexType, IntegerType, type Type } from '@tlir/ir';

export type WgslScalar = 'bool' | 'i32' | 'u32' | 'f32' | 'f16';

/** A scalar MLIR type as WGSL holds it. */
export interface ScalarRepr {
  /** The WGSL type of values. */
  readonly wgsl: WgslScalar;
  /** The MLIR integer width (1, 8, 16, 32; index is 32); undefined for floats. */
  readonly width: number | undefined;
  readonly isIndex: boolean;
  readonly isFloat: boolean;
  /** The WGSL type of an element in memory (a buffer, workgroup or private array). */
  readonly memory: 'i32' | 'f32' | 'f16';
}

const repr = (wgsl: WgslScalar, width: number | undefined, isIndex: boolean, memory: ScalarRepr['memory']): ScalarRepr =>
  Object.freeze({ wgsl, width, isIndex, isFloat: width === undefined, memory });

export const BOOL: ScalarRepr = repr('bool', 1, false, 'i32');
export const I8: ScalarRepr = repr('i32', 8, false, 'i32');
export const I16: ScalarRepr = repr('i32', 16, false, 'i32');
export const I32: ScalarRepr = repr('i32', 32, false, 'i32');
export const INDEX: ScalarRepr = repr('i32', 32, true, 'i32');
export const F32: ScalarRepr = repr('f32', undefined, false, 'f32');
export const F16: ScalarRepr = repr('f16', undefined, false, 'f16');

/** The WebGPU features a translation may use. */
export interface WgslFeatures {
  readonly shaderF16: boolean;
  readonly subgroups: boolean;
}

/** The representation of scalar type `type`, or the message saying why WGSL cannot hold it. */
export function scalarRepr(type: Type, features: WgslFeatures): ScalarRepr | string {
  if (type instanceof IndexType) return INDEX;
  if (type instanceof IntegerType) {
    if (!type.isSignless()) return `${type} (a signed or unsigned integer type) is not supported; the translation takes signless integers`;
    switch (type.width) {
      case 1:
        return BOOL;
      case 8:
        return I8;
      case 16:
        return I16;
      case 32:
        return I32;
      default:
        return `${type} is not supported by WGSL`;
    }
  }
  if (type instanceof FloatType) {
    if (type.kind === 'f32') return F32;
    if (type.kind === 'f16') return features.shaderF16 ? F16 : `f16 needs the WebGPU feature 'shader-f16' (translate with --wgsl-features=shader-f16)`;
    return `${type.kind} is not supported by WGSL`;
  }
  return `${type} is not a scalar type WGSL can hold`;
}
