// The kernel's arguments as the host passes them (docs/wgsl.md, "Arguments"): a memref is one storage buffer of its
// element type with a dope vector for its dynamic offset, sizes and strides; a group (`!flow.group`) is one storage
// buffer holding every member plus a read-only table of u32 offsets, one per member, with one dope vector its members
// share; a scalar is a word of the parameters buffer. Each gets its name in the manifest (what the host passes it
// by), its bindings and its source position.
import { FlowGroupType } from '@tlir/dialect-flow';
import {
  DYNAMIC,
  Diagnostic,
  FloatType,
  MemRefType,
  NameLoc,
  type BlockArgument,
  type Context,
  type Type,
} from '@tlir/ir';
import type { KernelElementType, SourcePosition, WordType } from '@tlir/runtime';
import type { BufferUse } from './buffer-roots.js';
import { DopeVector } from './dope-vector.js';
import type { BufferInfo } from './memref-view.js';
import type { ParameterBlock } from './parameter-block.js';
import { scalarRepr, type ScalarRepr, type WgslFeatures } from './scalar-types.js';
import type { WgslNames } from './wgsl-names.js';
import { sourcePositionOf } from './wgsl-writer.js';

/** The text of 1-based `line` of source file `file`, when known. */
export type SourceLineReader = (file: string, line: number) => string | undefined;

interface ArgumentPlanBase {
  readonly value: BlockArgument;
  /** The name the host passes it by (the manifest's). */
  readonly name: string;
  readonly elementType: KernelElementType;
  readonly loc: SourcePosition | undefined;
}

/** The static layout of a memref argument or of a group's members: null where dynamic. */
export interface StaticLayout {
  readonly shape: readonly (number | null)[];
  readonly strides: readonly (number | null)[];
  readonly offset: number | null;
}

export interface MemrefArgumentPlan extends ArgumentPlanBase, StaticLayout {
  readonly kind: 'memref';
  readonly buffer: BufferInfo;
  readonly written: boolean;
  readonly dope: DopeVector;
}

export interface GroupArgumentPlan extends ArgumentPlanBase, StaticLayout {
  readonly kind: 'group';
  readonly memrefType: MemRefType;
  /** The buffer of every member's elements. */
  readonly data: BufferInfo;
  /** The WGSL name of the offset table (`array<u32>`). */
  readonly offsetsName: string;
  readonly written: boolean;
  /** The members' dope vector; its offset is the group's offset. */
  readonly dope: DopeVector;
}

export interface ScalarArgumentPlan extends ArgumentPlanBase {
  readonly kind: 'scalar';
  readonly repr: ScalarRepr;
  readonly wordType: WordType;
  readonly word: number;
  /** The WGSL expression reading its word. */
  readonly access: string;
}

export type ArgumentPlan = MemrefArgumentPlan | GroupArgumentPlan | ScalarArgumentPlan;

const I32_MAX = 2147483647;

/** The name of argument `index`: a name location's name, the `%name` its location points at, else `argN`. */
export function argumentName(arg: BlockArgument, index: number, sourceLine: SourceLineReader): string {
  const loc = arg.loc;
  if (loc instanceof NameLoc && /^[A-Za-z_][A-Za-z0-9_]*$/.test(loc.name)) return loc.name;
  const f = loc.fileLoc();
  if (f && f.line >= 1 && f.column >= 1) {
    const line = sourceLine(f.file, f.line);
    const match = line === undefined ? null : /^%([A-Za-z_][A-Za-z0-9_]*)/.exec(line.slice(f.column - 1));
    if (match) return match[1]!;
  }
  return `arg${index}`;
}

/** The runtime's element type for an MLIR element type, or why there is none. */
function kernelElementType(type: Type, features: WgslFeatures): { type: KernelElementType; repr: ScalarRepr } | string {
  if (type instanceof FloatType && type.kind === 'f16') return 'f16 arguments are not supported: the runtime passes i1, i8, i16, i32, index and f32 values';
  const repr = scalarRepr(type, features);
  if (typeof repr === 'string') return repr;
  const name: KernelElementType = repr.isIndex ? 'index' : repr.isFloat ? 'f32' : (`i${repr.width}` as KernelElementType);
  return { type: name, repr };
}

const nullable = (n: number): number | null => (n === DYNAMIC ? null : n);

/** The static layout of a memref type, or why it does not fit 32-bit indices. */
function staticLayout(type: MemRefType): StaticLayout | string {
  const { strides, offset } = type.getStridesAndOffset();
  const all = [...type.shape, ...strides, offset].filter((n) => n !== DYNAMIC);
  const big = all.find((n) => Math.abs(n) > I32_MAX);
  if (big !== undefined) return `${type} has the static size, stride or offset ${big}, beyond WGSL's 32-bit index (at most ${I32_MAX})`;
  return { shape: type.shape.map(nullable), strides: strides.map(nullable), offset: nullable(offset) };
}

export interface ArgumentPlanning {
  readonly ctx: Context;
  readonly features: WgslFeatures;
  readonly names: WgslNames;
  readonly params: ParameterBlock;
  readonly uses: ReadonlyMap<import('@tlir/ir').Value, BufferUse>;
  readonly sourceLine: SourceLineReader;
  /** The arguments aligned vector loads read, with their vector width (vector-translation.ts). */
  readonly vectorWidths?: ReadonlyMap<import('@tlir/ir').Value, number>;
}

/**
 * The plan of every argument of a kernel whose entry block arguments (before its attributions) are `args`; reports
 * each argument WGSL cannot take at its location and returns undefined when there was one.
 */
export function planArguments(args: readonly BlockArgument[], p: ArgumentPlanning): ArgumentPlan[] | undefined {
  const plans: ArgumentPlan[] = [];
  const taken = new Set<string>();
  let ok = true;
  const fail = (arg: BlockArgument, message: string): void => {
    p.ctx.diagnostics.emit(new Diagnostic('error', arg.loc, message));
    ok = false;
  };
  args.forEach((arg, index) => {
    let name = argumentName(arg, index, p.sourceLine);
    for (let n = 1; taken.has(name); n++) name = `${argumentName(arg, index, p.sourceLine)}_${n}`;
    taken.add(name);
    const loc = sourcePositionOf(arg.loc);
    const type = arg.type;
    const use = p.uses.get(arg) ?? { written: false, atomic: false };
    const group = FlowGroupType.is(type) ? type : undefined;
    if (type instanceof MemRefType || group) {
      const memrefType = group ? (group.memrefType as MemRefType) : (type as MemRefType);
      const element = kernelElementType(memrefType.elementType, p.features);
      if (typeof element === 'string') return fail(arg, element);
      if (use.atomic && element.repr.wgsl === 'f16') return fail(arg, 'atomic updates of f16 are not supported');
      const layout = staticLayout(memrefType);
      if (typeof layout === 'string') return fail(arg, layout);
      if (group) {
        const groupOffset = group.offset === DYNAMIC ? null : group.offset;
        if (groupOffset !== null && groupOffset > I32_MAX) return fail(arg, `the group offset ${groupOffset} is beyond WGSL's 32-bit index`);
        const data: BufferInfo = { name: p.names.fresh(`${name}_data`), space: 'storage', element: element.repr, atomic: use.atomic };
        const offsetsName = p.names.fresh(`${name}_offsets`);
        const dope = new DopeVector(p.params, name, name, layout.shape, layout.strides, groupOffset);
        plans.push({ kind: 'group', value: arg, name, elementType: element.type, loc, ...layout, offset: groupOffset, memrefType, data, offsetsName, written: use.written, dope });
        return;
      }
      // An array of vectors when aligned vector loads read it and nothing writes it (WGSL's 32-bit element types).
      const width = !use.written && !use.atomic && element.repr.memory !== 'f16' ? p.vectorWidths?.get(arg) : undefined;
      const buffer: BufferInfo = { name: p.names.fresh(name), space: 'storage', element: element.repr, atomic: use.atomic, ...(width ? { vector: width } : {}) };
      const dope = new DopeVector(p.params, name, name, layout.shape, layout.strides, layout.offset);
      plans.push({ kind: 'memref', value: arg, name, elementType: element.type, loc, ...layout, buffer, written: use.written, dope });
      return;
    }
    const element = kernelElementType(type, p.features);
    if (typeof element === 'string') return fail(arg, element);
    const wordType: WordType = element.repr.isFloat ? 'f32' : 'i32';
    const { word, access } = p.params.word(name, wordType);
    plans.push({ kind: 'scalar', value: arg, name, elementType: element.type, loc, repr: element.repr, wordType, word, access });
  });
  return ok ? plans : undefined;
}
