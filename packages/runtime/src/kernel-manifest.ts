/**
 * The kernel manifest: everything a host needs to run one WGSL compute entry point that a kernel was
 * translated to (`tl-translate --mlir-to-wgsl --manifest`). docs/runtime.md explains every field with an
 * example; `parseKernelManifest` checks a JSON value against these types and their rules.
 *
 * Conventions the WGSL and the host share:
 * - A memref argument is one storage buffer of its element type. Element (i0, i1, ...) is at element
 *   `offset + i0*stride0 + i1*stride1 + ...` of the buffer; static sizes, strides and offsets are the argument's
 *   type's, dynamic ones ('?', null here) are chosen by the host from the array it is given and passed in a dope
 *   vector (words of a uniform buffer).
 * - A group argument is one storage buffer holding every member and a storage buffer of u32 element offsets, one
 *   per member: member m's element (i0, ...) is at `table[m] + offset + i0*stride0 + ...` of the data buffer.
 * - Scalar arguments are words of a uniform buffer.
 * - The host dispatches `groups` work-groups on a grid folded into y and z beyond the device's per-dimension
 *   limit (see foldDispatchGrid); the kernel computes its linear group id
 *   `wid.x + nwg.x * (wid.y + nwg.y * wid.z)` from the workgroup_id and num_workgroups builtins and returns at
 *   once when it is not below the group count (which the manifest may place in a uniform word).
 */
import type { KernelElementType, WordType } from './kernel-element-type.js';

/** The manifest format version this runtime reads. */
export const KERNEL_MANIFEST_VERSION = 1;

export interface KernelManifest {
  readonly version: typeof KERNEL_MANIFEST_VERSION;
  /** The kernel's name in its source (for messages). */
  readonly kernel: string;
  /** The WGSL compute entry point. */
  readonly entryPoint: string;
  /** The entry point's @workgroup_size, three positive integers. */
  readonly workgroupSize: readonly [number, number, number];
  /** WebGPU features the WGSL needs ('subgroups', 'shader-f16', ...); the device must have them. */
  readonly requiredFeatures: readonly string[];
  /** The kernel's arguments, in its signature's order. */
  readonly arguments: readonly KernelArgument[];
  /** Every resource binding of the entry point. */
  readonly bindings: readonly ManifestBinding[];
  /** Where each memref's and group's dynamic sizes, strides and offset are (words of a uniform binding). */
  readonly dopeVectors: readonly DopeVectorLayout[];
  /** Where each scalar argument is (a word of a uniform binding). */
  readonly scalars: readonly ScalarSlot[];
  readonly grid: GridContract;
  /** Which kernel source position each WGSL line comes from (for WGSL errors and warnings). */
  readonly sourceMap: readonly SourceMapEntry[];
  /** A kernel translated with bounds checks (--bounds-check): where it records its first out-of-bounds access. */
  readonly boundsCheck?: BoundsCheckContract;
}

/**
 * The record of a kernel translated with bounds checks: a read-write storage buffer of BOUNDS_RECORD_WORDS u32
 * words the runtime zeroes before the launch and reads after it. The first access out of bounds (in any work-item)
 * writes its site number plus one, the mode, the index, the mode's size and the work-group; word 0 stays 0 when
 * every access was in bounds.
 */
export interface BoundsCheckContract {
  readonly slot: BindingSlot;
  /** The checked accesses, by site number. */
  readonly sites: readonly BoundsCheckSite[];
}

/**
 * A checked access: what it is (`load of %A`, `subview of %B`) and where it comes from in the kernel's source. A
 * kernel translated with loop checks (--loop-check) records its loops in the same list (`kind: 'loop'`): a loop
 * whose condition still holds after it was ended by the adapter, not by its condition (docs/runtime.md, "Loop
 * checks"); its record's index is where the loop's variable stopped and its size the loop's bound.
 */
export interface BoundsCheckSite {
  readonly what: string;
  readonly loc?: SourcePosition;
  /** 'loop' for a loop check; absent for an access. */
  readonly kind?: 'loop';
}

/** The words of a bounds-check record: site + 1, mode, index, size, work-group. */
export const BOUNDS_RECORD_WORDS = 5;

/** A position in the kernel's source: 1-based line and column. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export type KernelArgument = MemRefArgument | GroupArgument | ScalarArgument;

interface ArgumentBase {
  /** The argument's name in the kernel's signature, unique; the host passes values by this name. */
  readonly name: string;
  readonly elementType: KernelElementType;
  /** Where the argument is declared, for argument errors. */
  readonly loc?: SourcePosition;
}

/** The memref type of a memref argument or of a group's members; null stands for a dynamic size ('?'). */
export interface MemRefShape {
  readonly shape: readonly (number | null)[];
  /** One per dimension, in elements; null is dynamic. */
  readonly strides: readonly (number | null)[];
  /** In elements; null is dynamic (a memref layout's offset, a group's `offset:`). */
  readonly offset: number | null;
}

export interface MemRefArgument extends ArgumentBase, MemRefShape {
  readonly kind: 'memref';
}

/** A group of memrefs of one type (the tensor language's `group<memref<...>, offset: ...>`). */
export interface GroupArgument extends ArgumentBase, MemRefShape {
  readonly kind: 'group';
}

export interface ScalarArgument extends ArgumentBase {
  readonly kind: 'scalar';
}

/** A bind group and a binding number: `@group(group) @binding(binding)`. */
export interface BindingSlot {
  readonly group: number;
  readonly binding: number;
}

export type ManifestBinding = StorageBinding | ParameterBinding;

/** What a storage buffer holds. */
export type StorageRole = 'memref-data' | 'group-data' | 'group-offsets';

/**
 * A storage buffer: `var<storage, read>` ('storage-read') or `var<storage, read_write>` ('storage-read-write')
 * holding an `array<elementType>`. Read-write buffers are copied back to the host's arrays after a launch.
 */
export interface StorageBinding extends BindingSlot {
  readonly kind: 'storage-read' | 'storage-read-write';
  readonly role: StorageRole;
  /** The kernel argument it serves. */
  readonly argument: string;
  readonly elementType: WordType;
}

/**
 * A uniform buffer of 32-bit words (`var<uniform>`: dope vectors, scalars, the group count), `sizeBytes` long
 * (a multiple of 16); word n is at byte 4n. Its contents are described by dopeVectors, scalars and grid.
 */
export interface ParameterBinding extends BindingSlot {
  readonly kind: 'uniform';
  readonly role: 'parameters';
  readonly sizeBytes: number;
}

/** A word of a uniform (parameters) binding. */
export interface WordSlot {
  readonly uniform: BindingSlot;
  /** The word index (byte 4 * word). */
  readonly word: number;
}

/**
 * The dope vector of a memref or group argument: for its offset and each size and stride, the word of `uniform`
 * that holds it, or null when the kernel does not read it. A static value may have a word too (the host writes
 * the type's value).
 */
export interface DopeVectorLayout {
  readonly argument: string;
  readonly uniform: BindingSlot;
  readonly wordType: 'i32' | 'u32';
  readonly offset: number | null;
  readonly sizes: readonly (number | null)[];
  readonly strides: readonly (number | null)[];
}

/** Where a scalar argument lives: a word of a uniform binding, of `wordType`. */
export interface ScalarSlot extends WordSlot {
  readonly argument: string;
  readonly wordType: WordType;
}

/** How the dispatch grid follows from the group count. */
export interface GridContract {
  /**
   * 'linear-xyz': the host dispatches (x, y, z) work-groups with x * y * z >= groups as foldDispatchGrid says;
   * the kernel's group id is `wid.x + nwg.x * (wid.y + nwg.y * wid.z)` and ids >= groups return at once.
   */
  readonly folding: 'linear-xyz';
  /** The uniform word (u32) that receives the group count, or null when the kernel does not read it. */
  readonly groupCount: WordSlot | null;
  /**
   * The tl groups one work-group runs (the lowering's groups-per-work-group; absent: 1). The host folds
   * ceil(groups / groupsPerWorkgroup) work-groups; the kernel's group id is that linear id times it plus the packed
   * index (docs/wgsl.md, "Several groups per work-group"), and ids >= groups return at once.
   */
  readonly groupsPerWorkgroup?: number;
}

/** WGSL line `wgslLine` (1-based) was generated from `file:line:column` of the kernel's source. */
export interface SourceMapEntry extends SourcePosition {
  readonly wgslLine: number;
}
