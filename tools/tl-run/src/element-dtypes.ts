// How the tensor language's element types meet host arrays (.npy dtypes): tl-run's convention, shared by every
// backend and stage.
//
//   f32 <-> float32   f64 <-> float64   i1 <-> bool   i8 <-> int8   i16 <-> int16   i32 <-> int32   i64 <-> int64
//   index <-> int64 (int32 accepted: the WebGPU runtime's index arrays)
import { FloatType, IndexType, IntegerType, type Type } from '@tlir/ir';
import { numpyName, type DType } from '@tlir/runtime';

export type ElementTypeName = 'f32' | 'f64' | 'i1' | 'i8' | 'i16' | 'i32' | 'i64' | 'index';

/** The name of a tensor-language scalar type; throws an Error for any other type (the verifier admits none). */
export function elementTypeName(type: Type): ElementTypeName {
  if (type instanceof IndexType) return 'index';
  if (type instanceof IntegerType && [1, 8, 16, 32, 64].includes(type.width)) return `i${type.width}` as ElementTypeName;
  if (type instanceof FloatType && (type.kind === 'f32' || type.kind === 'f64')) return type.kind;
  throw new Error(`tl-run: ${type} is not a tensor-language scalar type`);
}

/** The dtypes an array of these elements may have; the first is the one tl-run makes (for --random). */
export function dtypesFor(element: ElementTypeName): readonly DType[] {
  switch (element) {
    case 'f32':
      return ['f32'];
    case 'f64':
      return ['f64'];
    case 'i1':
      return ['bool'];
    case 'i8':
    case 'i16':
    case 'i32':
    case 'i64':
      return [element];
    case 'index':
      return ['i64', 'i32'];
  }
}

/** `float32`, `int64 or int32`: the dtypes of `dtypesFor`, as numpy names them. */
export function dtypeNames(element: ElementTypeName): string {
  return dtypesFor(element).map(numpyName).join(' or ');
}

export function isFloatElement(element: ElementTypeName): boolean {
  return element === 'f32' || element === 'f64';
}

/** Bytes of one element in the kernel's memory (index: 8, as the interpreter's 64-bit index; i1: 1). */
export function elementBytes(element: ElementTypeName): number {
  switch (element) {
    case 'i1':
    case 'i8':
      return 1;
    case 'i16':
      return 2;
    case 'i32':
    case 'f32':
      return 4;
    case 'i64':
    case 'f64':
    case 'index':
      return 8;
  }
}
