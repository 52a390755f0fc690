/**
 * Checks the values a host passes to a kernel against the kernel's signature (the manifest's arguments) and
 * binds them: missing, extra and wrongly kinded arguments, ranks, static sizes, element types, scalar ranges,
 * group member counts; dynamic sizes come from the arrays given. Every problem is reported, each at the
 * argument's declaration when the manifest says where that is.
 */
import { Diagnostic, FileLineColLoc, UnknownLoc, type Location } from '@tlir/ir';
import { numpyName } from './dtype.js';
import { hostDTypeOf, integerRange } from './kernel-element-type.js';
import type { GroupArgument, KernelArgument, KernelManifest, MemRefArgument, ScalarArgument } from './kernel-manifest.js';
import { formatArgumentType, formatKernelSignature } from './kernel-signature-format.js';
import { layoutOverlap, resolveLayout, type ResolvedLayout } from './memref-layout.js';
import { formatShape, type NdArray } from './nd-array.js';
import { GpuRuntimeError } from './runtime-error.js';

/** A scalar argument's value: a number, or a boolean for i1. */
export type ScalarValue = number | boolean;

/**
 * A memref argument's value is an array of the memref's shape; a group's is an array of the member shape plus a
 * trailing mode (one index per member), or a list of member arrays of one shape.
 */
export type KernelArgumentValue = ScalarValue | NdArray | readonly NdArray[];

export type KernelArguments = Readonly<Record<string, KernelArgumentValue>>;

/** A host array and where its elements go in its storage buffer. */
export interface PlacedArray {
  readonly array: NdArray;
  readonly layout: ResolvedLayout;
  /** The element of the buffer the layout starts from. */
  readonly base: number;
}

export interface BoundMemRef {
  readonly kind: 'memref';
  readonly argument: MemRefArgument;
  /** The layout of the memref (its dope vector). */
  readonly layout: ResolvedLayout;
  readonly pieces: readonly PlacedArray[];
  /** Elements of the storage buffer. */
  readonly bufferElements: number;
}

export interface BoundGroup {
  readonly kind: 'group';
  readonly argument: GroupArgument;
  /** The layout of every member (the group's dope vector). */
  readonly layout: ResolvedLayout;
  readonly members: number;
  /** Member m starts at element m * memberStride of the data buffer (the offset table). */
  readonly memberStride: number;
  readonly pieces: readonly PlacedArray[];
  readonly bufferElements: number;
}

export interface BoundScalar {
  readonly kind: 'scalar';
  readonly argument: ScalarArgument;
  readonly value: number;
}

export type BoundArgument = BoundMemRef | BoundGroup | BoundScalar;

export interface BoundArguments {
  readonly byName: ReadonlyMap<string, BoundArgument>;
  /** The number of work-groups to launch. */
  readonly groups: number;
}

function locationOf(arg: KernelArgument): Location {
  return arg.loc ? new FileLineColLoc(arg.loc.file, arg.loc.line, arg.loc.column) : UnknownLoc.instance;
}

function isNdArray(value: unknown): value is NdArray {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'data' in value && 'shape' in value && 'dtype' in value;
}

function describeValue(value: unknown): string {
  if (isNdArray(value)) return `an array of shape ${formatShape(value.shape)}`;
  if (Array.isArray(value)) return `a list of ${value.length} values`;
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`;
  return value === null ? 'null' : `a ${typeof value}`;
}

/**
 * Checks and binds `values` to the kernel's arguments. `groups` is the number of work-groups; when undefined it
 * is taken from the group arguments' member counts. Throws a GpuRuntimeError of kind 'arguments' listing every
 * problem.
 */
export function bindArguments(manifest: KernelManifest, values: KernelArguments, groups?: number): BoundArguments {
  const errors: Diagnostic[] = [];
  const error = (arg: KernelArgument | undefined, message: string): void => {
    errors.push(new Diagnostic('error', arg ? locationOf(arg) : UnknownLoc.instance, message));
  };
  const byName = new Map<string, BoundArgument>();
  const memberCounts: { arg: GroupArgument; count: number }[] = [];

  if (typeof values !== 'object' || values === null) {
    throw new GpuRuntimeError('arguments', [new Diagnostic('error', UnknownLoc.instance, `the arguments of ${formatKernelSignature(manifest)} must be an object of values by name`)]);
  }
  for (const name of Object.keys(values)) {
    if (!manifest.arguments.some((a) => a.name === name)) {
      error(undefined, `unexpected argument '${name}': the kernel is ${formatKernelSignature(manifest)}`);
    }
  }
  for (const arg of manifest.arguments) {
    const type = formatArgumentType(arg);
    if (!Object.prototype.hasOwnProperty.call(values, arg.name) || values[arg.name] === undefined) {
      error(arg, `missing argument '${arg.name}' (${type})`);
      continue;
    }
    const value = values[arg.name]!;
    const fail = (message: string): void => error(arg, `argument '${arg.name}' (${type}): ${message}`);
    if (arg.kind === 'scalar') {
      const scalar = checkScalar(arg, value);
      if (typeof scalar === 'string') fail(scalar);
      else byName.set(arg.name, { kind: 'scalar', argument: arg, value: scalar });
      continue;
    }
    if (arg.kind === 'memref') {
      if (!isNdArray(value)) {
        fail(`expected an array, got ${describeValue(value)}`);
        continue;
      }
      const problem = checkArray(arg, value, arg.shape.length) ?? checkSizes(arg, value.shape);
      if (problem) {
        fail(problem);
        continue;
      }
      const layout = resolveLayout(arg, value.shape);
      const overlap = layoutOverlap(layout);
      if (overlap) {
        fail(`its layout makes elements share places for shape ${formatShape(value.shape)}: ${overlap}`);
        continue;
      }
      byName.set(arg.name, { kind: 'memref', argument: arg, layout, pieces: [{ array: value, layout, base: 0 }], bufferElements: layout.extent });
      continue;
    }
    const bound = bindGroup(arg, value);
    if (typeof bound === 'string') fail(bound);
    else {
      byName.set(arg.name, bound);
      memberCounts.push({ arg, count: bound.members });
    }
  }

  let groupCount = groups;
  if (groupCount === undefined) {
    groupCount = memberCounts[0]?.count;
    if (groupCount === undefined && errors.length === 0) {
      error(undefined, `the launch needs a group count: ${formatKernelSignature(manifest)} has no group argument to take it from`);
    }
  } else if (!Number.isSafeInteger(groupCount) || groupCount < 0) {
    error(undefined, `the group count must be a non-negative integer, got ${String(groupCount)}`);
  }
  if (groupCount !== undefined) {
    for (const { arg, count } of memberCounts) {
      if (count !== groupCount) {
        error(arg, `argument '${arg.name}' (${formatArgumentType(arg)}): has ${count} members; a group has one per work-group (${groupCount})`);
      }
    }
  }
  if (errors.length > 0) throw new GpuRuntimeError('arguments', errors);
  return { byName, groups: groupCount! };
}

function checkScalar(arg: ScalarArgument, value: KernelArgumentValue): number | string {
  if (typeof value === 'boolean') {
    return arg.elementType === 'i1' ? (value ? 1 : 0) : `expected a number, got the boolean ${String(value)}`;
  }
  if (typeof value !== 'number') return `expected a ${arg.elementType === 'i1' ? 'boolean' : 'number'}, got ${describeValue(value)}`;
  if (arg.elementType === 'f32') return value;
  if (!Number.isInteger(value)) return `${value} is not an integer`;
  const { min, max } = integerRange(arg.elementType);
  if (value < min || value > max) return `${value} is out of range for ${arg.elementType} (${min} to ${max})`;
  return value;
}

/** Rank and element type of a memref's or group's array. */
function checkArray(arg: MemRefArgument | GroupArgument, array: NdArray, rank: number): string | undefined {
  const want = hostDTypeOf(arg.elementType);
  if (array.dtype !== want) {
    return `expected ${numpyName(want)} elements, got ${typeof array.dtype === 'string' ? numpyName(array.dtype) : String(array.dtype)}`;
  }
  if (array.shape.length !== rank) {
    const expected = arg.kind === 'group' ? `${formatShape(arg.shape)}xN (N members)` : formatShape(arg.shape);
    return `expected ${rank} dimension${rank === 1 ? '' : 's'} (shape ${expected}), got ${describeValue(array)}`;
  }
  return undefined;
}

/** The array's sizes against the type's static sizes. */
function checkSizes(arg: MemRefArgument | GroupArgument, sizes: readonly number[]): string | undefined {
  const mismatches = arg.shape.flatMap((size, k) => (size !== null && size !== sizes[k] ? [k] : []));
  if (mismatches.length === 0) return undefined;
  const which = mismatches.map((k) => `dimension ${k} is ${arg.shape[k]}, not ${sizes[k]}`).join('; ');
  return `the shape ${formatShape(sizes.slice(0, arg.shape.length))} does not fit ${formatShape(arg.shape)}: ${which}`;
}

function bindGroup(arg: GroupArgument, value: KernelArgumentValue): BoundGroup | string {
  const rank = arg.shape.length;
  let memberSizes: readonly number[];
  let members: number;
  let list: readonly NdArray[] | undefined;
  if (isNdArray(value)) {
    const problem = checkArray(arg, value, rank + 1);
    if (problem) return problem;
    memberSizes = value.shape.slice(0, rank);
    members = value.shape[rank]!;
  } else if (Array.isArray(value)) {
    list = value as readonly NdArray[];
    members = list.length;
    if (members === 0) return 'a list of members must not be empty (pass an array with a trailing mode of size 0)';
    for (const [m, member] of list.entries()) {
      if (!isNdArray(member)) return `member ${m}: expected an array, got ${describeValue(member)}`;
      const problem = checkArray(arg, member, rank);
      if (problem) return `member ${m}: ${problem}`;
      if (m > 0 && member.shape.some((s, k) => s !== list![0]!.shape[k])) {
        return `members must have one shape: member 0 is ${formatShape(list[0]!.shape)}, member ${m} is ${formatShape(member.shape)}`;
      }
    }
    memberSizes = list[0]!.shape;
  } else {
    return `expected an array with a trailing mode of one index per member, or a list of arrays, got ${describeValue(value)}`;
  }
  const sizeProblem = checkSizes(arg, memberSizes);
  if (sizeProblem) return sizeProblem;
  const layout = resolveLayout(arg, memberSizes);
  const overlap = layoutOverlap(layout);
  if (overlap) return `its layout makes elements share places for members of shape ${formatShape(memberSizes)}: ${overlap}`;
  const memberStride = layout.extent;
  const pieces: PlacedArray[] = list
    ? list.map((array, m) => ({ array, layout, base: m * memberStride }))
    : [{ array: value as NdArray, layout: { ...layout, sizes: [...layout.sizes, members], strides: [...layout.strides, memberStride] }, base: 0 }];
  return { kind: 'group', argument: arg, layout, members, memberStride, pieces, bufferElements: members * memberStride };
}
