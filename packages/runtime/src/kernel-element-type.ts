/**
 * The element types a kernel's arguments can have on WebGPU, the 32-bit types WGSL stores them as, and the host
 * arrays that carry them. WGSL has no 64-bit types, so i64 and f64 kernels cannot run; i1, i8 and i16 take one
 * 32-bit word per element (sign-extended; i1 as 0 or 1).
 */
import type { DType } from './dtype.js';

/** The element type of a kernel argument, as the kernel (tensor language, MLIR) names it. */
export type KernelElementType = 'i1' | 'i8' | 'i16' | 'i32' | 'index' | 'f32';

/** The WGSL type of a storage buffer's elements or of a uniform word. */
export type WordType = 'f32' | 'i32' | 'u32';

export const kernelElementTypes: readonly KernelElementType[] = ['i1', 'i8', 'i16', 'i32', 'index', 'f32'];

export function isKernelElementType(name: unknown): name is KernelElementType {
  return typeof name === 'string' && (kernelElementTypes as readonly string[]).includes(name);
}

/** The host arrays' dtype for a kernel element type: index elements are 32-bit on WebGPU. */
export function hostDTypeOf(type: KernelElementType): DType {
  switch (type) {
    case 'i1':
      return 'bool';
    case 'i8':
      return 'i8';
    case 'i16':
      return 'i16';
    case 'i32':
    case 'index':
      return 'i32';
    case 'f32':
      return 'f32';
  }
}

/** The word types a kernel element type may be stored as: f32 as f32, integers as i32 or u32 (same bits). */
export function wordTypesFor(type: KernelElementType): readonly WordType[] {
  return type === 'f32' ? ['f32'] : ['i32', 'u32'];
}

/** The range of values of an integer kernel type, as JavaScript numbers. */
export function integerRange(type: Exclude<KernelElementType, 'f32'>): { min: number; max: number } {
  switch (type) {
    case 'i1':
      return { min: 0, max: 1 };
    case 'i8':
      return { min: -128, max: 127 };
    case 'i16':
      return { min: -32768, max: 32767 };
    case 'i32':
    case 'index':
      return { min: -2147483648, max: 2147483647 };
  }
}
