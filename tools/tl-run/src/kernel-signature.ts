// A tensor-language kernel's arguments as tl-run's host sees them: each one's name (the `%name` it is declared with,
// without the '%', as the WGSL translation names it in its manifest: `argN` for a number such as `%0`), kind, element
// type, static layout (the runtime's MemRefShape: null where the type has '?') and where it is declared (argument
// errors are reported there).
import { getSymbolName, type Location, type Operation, type SourceManager, type Type } from '@tlir/ir';
import { DYNAMIC, TlGroupType, TlMemrefType, tlTypeText } from '@tlir/dialect-tl';
import type { MemRefShape } from '@tlir/runtime';
import { argumentName } from '@tlir/target-wgsl';
import { elementTypeName, type ElementTypeName } from './element-dtypes.js';

export interface KernelParameter {
  /** The position in the kernel's signature. */
  readonly index: number;
  /** The name without '%'. */
  readonly name: string;
  readonly kind: 'scalar' | 'memref' | 'group';
  /** The tl type (a scalar type, !tl.memref or !tl.group). */
  readonly type: Type;
  /** The scalar type itself, a memref's element type, or a group's members' element type. */
  readonly elementType: Type;
  readonly elementName: ElementTypeName;
  /** A memref's layout, or a group's members' with the group's offset; undefined for a scalar. */
  readonly layout: MemRefShape | undefined;
  /** The type as the tensor language writes it, for messages. */
  readonly typeText: string;
  readonly loc: Location;
}

export interface KernelSignature {
  readonly name: string;
  readonly kernel: Operation;
  readonly parameters: readonly KernelParameter[];
}

const nullable = (n: number): number | null => (n === DYNAMIC ? null : n);

function layoutOf(memref: TlMemrefType, offset: number): MemRefShape {
  return { shape: memref.shape.map(nullable), strides: memref.strides.map(nullable), offset: nullable(offset) };
}

/**
 * The signature of a tl.func. Throws an Error for element types tl-run has no host arrays for (none today: the
 * tensor language's scalar types all have one).
 */
export function kernelSignature(kernel: Operation, sources: SourceManager): KernelSignature {
  const args = kernel.regions[0]?.firstBlock?.args ?? [];
  const parameters = args.map((arg, index): KernelParameter => {
    const type = arg.type;
    const common = { index, name: argumentName(arg, index, (file, line) => sources.getLine(file, line)), type, typeText: tlTypeText(type), loc: arg.loc };
    if (TlMemrefType.is(type)) {
      return { ...common, kind: 'memref', elementType: type.elementType, elementName: elementTypeName(type.elementType), layout: layoutOf(type, 0) };
    }
    if (TlGroupType.is(type)) {
      const member = type.memrefType as TlMemrefType;
      return { ...common, kind: 'group', elementType: member.elementType, elementName: elementTypeName(member.elementType), layout: layoutOf(member, type.offset) };
    }
    return { ...common, kind: 'scalar', elementType: type, elementName: elementTypeName(type), layout: undefined };
  });
  return { name: getSymbolName(kernel) ?? '?', kernel, parameters };
}

/** `@k(alpha: f32, A: memref<f32x16x8>)`, for messages. */
export function formatSignature(signature: KernelSignature): string {
  return `@${signature.name}(${signature.parameters.map((p) => `${p.name}: ${p.typeText}`).join(', ')})`;
}
