/**
 * Kernel argument types as the tensor language writes them, for messages: `f32`, `memref<f32x4x?>`,
 * `memref<f32x4x?,strided<1,?>>`, `group<memref<f32x16x8>, offset: ?>`.
 */
import { DYNAMIC, packedStrides } from '@tlir/ir';
import type { KernelArgument, KernelManifest, MemRefShape } from './kernel-manifest.js';

/** The packed column-major strides of a shape, null where they depend on a dynamic size. */
function defaultStrides(shape: readonly (number | null)[]): (number | null)[] {
  return packedStrides(shape.map((size) => size ?? DYNAMIC), 'column-major').map((stride) => (stride === DYNAMIC ? null : stride));
}

const dim = (value: number | null): string => (value === null ? '?' : String(value));

function formatMemRef(elementType: string, type: MemRefShape, withOffset: boolean): string {
  let text = `memref<${[elementType, ...type.shape.map(dim)].join('x')}`;
  const packed = defaultStrides(type.shape);
  if (type.strides.some((s, k) => s !== packed[k])) text += `,strided<${type.strides.map(dim).join(',')}>`;
  if (withOffset && type.offset !== 0) text += `,offset:${dim(type.offset)}`;
  return text + '>';
}

export function formatArgumentType(arg: KernelArgument): string {
  switch (arg.kind) {
    case 'scalar':
      return arg.elementType;
    case 'memref':
      return formatMemRef(arg.elementType, arg, true);
    case 'group':
      return `group<${formatMemRef(arg.elementType, arg, false)}${arg.offset === 0 ? '' : `, offset: ${dim(arg.offset)}`}>`;
  }
}

/** `kernel(alpha: f32, x: memref<f32x?>)`. */
export function formatKernelSignature(manifest: KernelManifest): string {
  return `${manifest.kernel}(${manifest.arguments.map((a) => `${a.name}: ${formatArgumentType(a)}`).join(', ')})`;
}
