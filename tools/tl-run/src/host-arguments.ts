// The kernel's arguments on the host, from the command line: scalars from literals, memrefs and groups from .npy
// files (the array has the memref's shape; a group's has the members' shape plus a trailing mode of one index per
// member, one member per work-group), and with --random whatever is not given. Every problem is reported at once:
// names the kernel does not have in one line each, the others at the argument's declaration in the kernel.
import { Diagnostic } from '@tlir/ir';
import { formatShape, layoutOverlap, NpyError, numpyName, resolveLayout, type NdArray } from '@tlir/runtime';
import { dtypeNames, dtypesFor } from './element-dtypes.js';
import { formatSignature, type KernelParameter, type KernelSignature } from './kernel-signature.js';
import type { ArgumentFlag, ShapeFlag } from './options.js';
import { RandomValues } from './random-values.js';
import { parseScalarLiteral, type ScalarValue } from './scalar-literal.js';
import { ToolFailure } from './tool-failure.js';

/** A memref's or group's host array and where it came from (a file, or --random). */
export interface HostArray {
  readonly kind: 'array';
  readonly array: NdArray;
  readonly origin: string;
}

export interface HostScalar {
  readonly kind: 'scalar';
  readonly value: ScalarValue;
}

export type HostValue = HostArray | HostScalar;

export interface HostArguments {
  /** Every argument's value, by name, in the kernel's order. */
  readonly values: ReadonlyMap<string, HostValue>;
  /** The number of work-groups of the launch. */
  readonly groups: number;
}

export interface ArgumentRequest {
  readonly args: readonly ArgumentFlag[];
  readonly shapes: readonly ShapeFlag[];
  readonly random: number | undefined;
  readonly groups: number | undefined;
}

/** The rank of a parameter's array: a memref's order, plus one for a group's member mode. */
function arrayRank(p: KernelParameter): number {
  return p.layout!.shape.length + (p.kind === 'group' ? 1 : 0);
}

/** The shape an array of `p` must have, as text (`16x?xN` for a group: N members). */
function expectedShape(p: KernelParameter): string {
  const shape = formatShape(p.layout!.shape);
  return p.kind === 'group' ? `${p.layout!.shape.length ? `${shape}x` : ''}N (N members)` : shape;
}

const MAX_INDEX = BigInt(Number.MAX_SAFE_INTEGER);

/** The position of the first value beyond the interpreter's index range, or -1. */
function firstUnsafeIndex(data: BigInt64Array): number {
  return data.findIndex((v) => v > MAX_INDEX || v < -MAX_INDEX);
}

/** What is wrong with `sizes` as the memref sizes (a group's member sizes) of `p`, if anything; `where` they are. */
/** The most elements --random fills in one array (the interpreter allocates at most as many at once). */
const MAX_RANDOM_ELEMENTS = 2 ** 30;

function sizesProblem(p: KernelParameter, sizes: readonly number[], where: string): string | undefined {
  const wrong = p.layout!.shape.flatMap((s, k) => (s !== null && s !== sizes[k] ? [`mode ${k} is ${s} in the type, ${sizes[k]} ${where}`] : []));
  if (wrong.length) return wrong.join('; ');
  const overlap = layoutOverlap(resolveLayout(p.layout!, sizes));
  return overlap ? `its layout makes elements share places for sizes ${formatShape(sizes)}: ${overlap}` : undefined;
}

/**
 * The host values of every argument of `signature`. `readArray` reads a .npy file (it throws an NpyError);
 * throws a ToolFailure listing every problem.
 */
export function hostArguments(signature: KernelSignature, request: ArgumentRequest, readArray: (path: string) => NdArray): HostArguments {
  const messages: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const byName = new Map(signature.parameters.map((p) => [p.name, p] as const));
  const known = (flag: { name: string; text: string }): boolean => {
    if (byName.has(flag.name)) return true;
    messages.push(`${flag.text}: the kernel has no argument '${flag.name}'; it is ${formatSignature(signature)}`);
    return false;
  };
  const args = new Map(request.args.filter(known).map((a) => [a.name, a] as const));
  const shapes = new Map(request.shapes.filter(known).map((s) => [s.name, s] as const));
  const fail = (p: KernelParameter, message: string): void => {
    diagnostics.push(new Diagnostic('error', p.loc, `argument '${p.name}' (${p.typeText}): ${message}`));
  };

  const values = new Map<string, HostValue>();
  /** Arguments --random fills once the number of work-groups is known: memref sizes, or group member sizes. */
  const toFill: { p: KernelParameter; sizes: readonly number[] | undefined }[] = [];
  const memberCounts: { p: KernelParameter; count: number; origin: string }[] = [];

  for (const p of signature.parameters) {
    const given = args.get(p.name);
    const shape = shapes.get(p.name);
    if (p.kind === 'scalar') {
      if (shape) fail(p, `${shape.text}: a scalar has no shape`);
      if (given) {
        const value = given.value.endsWith('.npy') ? `a scalar takes a literal, not a .npy file ('${given.value}')` : parseScalarLiteral(given.value, p.elementName);
        if (typeof value === 'string') fail(p, value);
        else values.set(p.name, { kind: 'scalar', value });
      } else if (request.random !== undefined) toFill.push({ p, sizes: [] });
      else fail(p, `missing: give it with --arg ${p.name}=<value>, or fill it with --random`);
      continue;
    }
    if (given) {
      if (shape) fail(p, `${shape.text}: '${p.name}' is given as a file (${given.text}), whose array has its shape`);
      if (!given.value.endsWith('.npy')) {
        fail(p, `expected a .npy file, got '${given.value}'`);
        continue;
      }
      let array: NdArray;
      try {
        array = readArray(given.value);
      } catch (e) {
        if (!(e instanceof NpyError)) throw e;
        fail(p, `${e.file}: ${e.detail}`);
        continue;
      }
      const from = ` in ${given.value}`;
      if (!dtypesFor(p.elementName).includes(array.dtype)) {
        fail(p, `expected ${dtypeNames(p.elementName)} elements, got ${numpyName(array.dtype)}${from}`);
        continue;
      }
      const unsafe = p.elementName === 'index' && array.dtype === 'i64' ? firstUnsafeIndex(array.data as BigInt64Array) : -1;
      if (unsafe >= 0) {
        fail(p, `element ${unsafe} (in the file's order) is ${(array.data as BigInt64Array)[unsafe]}, beyond the interpreter's index range (2^53 - 1 in magnitude)${from}`);
        continue;
      }
      if (array.shape.length !== arrayRank(p)) {
        fail(p, `expected an array of shape ${expectedShape(p)}, got ${array.shape.length} dimension${array.shape.length === 1 ? '' : 's'} (${formatShape(array.shape)})${from}`);
        continue;
      }
      const problem = sizesProblem(p, array.shape.slice(0, p.layout!.shape.length), 'in the array');
      if (problem) {
        fail(p, `${given.value} has shape ${formatShape(array.shape)}, which does not fit ${expectedShape(p)}: ${problem}`);
        continue;
      }
      if (p.kind === 'group') memberCounts.push({ p, count: array.shape[array.shape.length - 1]!, origin: given.value });
      values.set(p.name, { kind: 'array', array, origin: given.value });
      continue;
    }
    if (request.random === undefined) {
      fail(p, `missing: give it with --arg ${p.name}=<file.npy>, or fill it with --random`);
      continue;
    }
    const rank = p.layout!.shape.length;
    let sizes: readonly number[] | undefined;
    if (shape) {
      if (shape.sizes.length !== rank) {
        fail(p, `${shape.text}: expected ${rank} size${rank === 1 ? '' : 's'} (${formatShape(p.layout!.shape)}${p.kind === 'group' ? ', the members\' shape' : ''})`);
        continue;
      }
      const problem = sizesProblem(p, shape.sizes, 'in --shape');
      if (problem) {
        fail(p, `${shape.text}: ${problem}`);
        continue;
      }
      sizes = shape.sizes;
    } else if (p.layout!.shape.includes(null)) {
      const example = p.layout!.shape.map((s) => (s === null ? 16 : s)).join('x');
      fail(p, `--random needs its sizes: give them with --shape ${p.name}=${example} (or the array with --arg ${p.name}=<file.npy>)`);
      continue;
    } else {
      sizes = p.layout!.shape as number[];
      const problem = sizesProblem(p, sizes, '');
      if (problem) {
        fail(p, problem);
        continue;
      }
    }
    toFill.push({ p, sizes });
  }

  let groups = request.groups ?? memberCounts[0]?.count;
  if (groups === undefined && messages.length === 0 && diagnostics.length === 0) {
    const hasGroups = signature.parameters.some((p) => p.kind === 'group');
    messages.push(`the number of work-groups is not known: give it with --groups <N>${hasGroups ? ' (or a group argument as a .npy file, whose trailing mode has one index per member)' : ''}`);
  }
  if (groups !== undefined) {
    for (const { p, count, origin } of memberCounts) {
      if (count !== groups) {
        fail(p, `${origin} has ${count} member${count === 1 ? '' : 's'} (its trailing mode); a group has one per work-group (${groups}${request.groups !== undefined ? ', from --groups' : ''})`);
      }
    }
    if (groups === 0) messages.push('the number of work-groups must be at least 1 (a group argument has no members)');
  }
  if (messages.length || diagnostics.length) {
    // In the order of the kernel's arguments.
    const position = (d: Diagnostic): number => signature.parameters.findIndex((p) => p.loc === d.loc);
    diagnostics.sort((a, b) => position(a) - position(b));
    throw new ToolFailure(messages, diagnostics);
  }

  const random = new RandomValues(request.random ?? 0);
  for (const { p, sizes } of toFill) {
    if (p.kind === 'scalar') {
      values.set(p.name, { kind: 'scalar', value: random.scalar(p.elementName) });
      continue;
    }
    const shape = p.kind === 'group' ? [...sizes!, groups!] : sizes!;
    // An array too large (`--shape X=100000x100000`) is the argument's error, not a crash or minutes of filling:
    // at most 2^30 elements, as the interpreter allocates.
    const count = shape.reduce((a, b) => a * b, 1);
    const tooLarge = `${formatShape(shape)} is ${count} elements, more than one array can hold (at most 2^30)`;
    if (count > MAX_RANDOM_ELEMENTS) {
      fail(p, tooLarge);
      continue;
    }
    try {
      values.set(p.name, { kind: 'array', array: random.array(p.elementName, shape), origin: 'random' });
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      fail(p, tooLarge);
    }
  }
  if (diagnostics.length) throw new ToolFailure([], diagnostics);
  // In the kernel's order.
  const ordered = new Map(signature.parameters.map((p) => [p.name, values.get(p.name)!] as const));
  return { values: ordered, groups: groups! };
}
