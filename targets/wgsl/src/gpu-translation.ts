// The gpu dialect's device ops (and flow's work-group queries and group loads) in WGSL (docs/wgsl.md, "gpu"):
// ids from the entry point's builtins, the work-group grid as the manifest's linear numbering (work-groups along x
// only), barriers as workgroupBarrier()/storageBarrier(), subgroup ops with the 'subgroups' feature, all_reduce as a
// tree in workgroup memory.
import { AddressSpaceAttr, AllReduceOperationAttr, ShuffleModeAttr, dimensionIndex } from '@tlir/dialect-gpu';
import { ArrayAttr, IntegerAttr, type Attribute, type Operation, type ViewOf } from '@tlir/ir';
import { checkAccess } from './bounds-checks.js';
import { writeForLoop } from './loop-checks.js';
import { IndexExpression } from './index-expression.js';
import { fromI32, signedI32 } from './integer-semantics.js';
import type { KernelTranslation, OpTranslator } from './kernel-translation.js';
import { fixedView } from './memref-view.js';
import type { ScalarRepr } from './scalar-types.js';
import type { ScalarValue } from './translation-values.js';
import { i32Literal } from './wgsl-literals.js';
import * as flow from '@tlir/dialect-flow';
import * as gpu from '@tlir/dialect-gpu';
import { opTranslator, translator, type TranslatorEntry } from './op-translator.js';
import { localIdExpression } from './launch-shape.js';

const AXES = ['x', 'y', 'z'] as const;

/** A gpu id op or a flow work-group query: its `dimension` (a `#gpu<dim x>` or an index). */
interface DimensionQuery {
  readonly op: Operation;
  readonly dimension: Attribute;
}

/** The dimension (0, 1, 2) of a gpu id op or a flow work-group query. */
function dimensionOf(q: DimensionQuery, t: KernelTranslation): number {
  const op = q.op;
  const attr: Attribute | undefined = q.dimension;
  const d = attr instanceof IntegerAttr ? Number(attr.value) : dimensionIndex(attr);
  if (d < 0 || d > 2) t.fail(op, 'unknown dimension');
  return d;
}

/** Fails unless `d` is x: the grid of work-groups is one-dimensional (the manifest's 'linear-xyz' folding). */
function onlyX(op: Operation, d: number, t: KernelTranslation): void {
  if (d !== 0) {
    t.fail(op, `the WGSL launch numbers work-groups along x only (a grid of 'groups' work-groups, folded into y and z by the host); '${op.name}' ${AXES[d]} has no translation`);
  }
}

const threadId = (q: DimensionQuery, t: KernelTranslation): void => {
  const op = q.op;
  const d = dimensionOf(q, t);
  t.define(op.results[0]!, `i32(${localIdExpression(t.builtin('lid'), d, t.workgroupSize, t.linearLaunch, t.groupsPerWorkgroup)})`, op.loc);
};

const blockDim = (q: DimensionQuery, t: KernelTranslation): void => {
  t.alias(q.op.results[0]!, i32Literal(t.workgroupSize[dimensionOf(q, t)]!));
};

const blockId = (q: DimensionQuery, t: KernelTranslation): void => {
  onlyX(q.op, dimensionOf(q, t), t);
  t.alias(q.op.results[0]!, t.groupId);
};

const gridDim = (q: DimensionQuery, t: KernelTranslation): void => {
  onlyX(q.op, dimensionOf(q, t), t);
  t.alias(q.op.results[0]!, t.groupCount);
};

const globalId = (q: DimensionQuery, t: KernelTranslation): void => {
  const op = q.op;
  onlyX(op, dimensionOf(q, t), t);
  t.define(op.results[0]!, `${t.groupId} * ${i32Literal(t.workgroupSize[0])} + i32(${localIdExpression(t.builtin('lid'), 0, t.workgroupSize, t.linearLaunch, t.groupsPerWorkgroup)})`, op.loc);
};

/**
 * gpu.barrier: a control barrier that makes the memory its `address_spaces` name (all of it without the attribute)
 * visible to the work-group: storageBarrier() for global memory, workgroupBarrier() for workgroup memory. Without an
 * attribute the kernel's own memory decides: storage only when it writes a buffer, workgroup only when it has
 * workgroup memory, and at least one barrier in any case.
 */
export function writeBarrier(t: KernelTranslation, op: Operation): void {
  // tlir's gpu.barrier declares no `address_spaces` property: it is a discardable attribute (an unknown property is
  // dropped when an op is made).
  const spaces = op.getAttr('address_spaces');
  let storage: boolean;
  let workgroup: boolean;
  if (spaces instanceof ArrayAttr) {
    const named = spaces.elements.map((e) => (AddressSpaceAttr.is(e) ? e.value : undefined));
    storage = named.includes('global');
    workgroup = named.includes('workgroup');
  } else {
    storage = t.memorySpaces.storageWritten;
    workgroup = t.memorySpaces.workgroup;
  }
  if (storage) t.line('storageBarrier();', op.loc);
  if (workgroup || !storage) t.line('workgroupBarrier();', op.loc);
}

// ---- subgroups ----

function needSubgroups(op: Operation, t: KernelTranslation): void {
  if (!t.features.subgroups) {
    t.fail(op, `'${op.name}' needs the WebGPU feature 'subgroups' (translate with --wgsl-features=subgroups for an adapter that has it)`);
  }
  t.usedFeatures.add('subgroups');
}

const laneId: OpTranslator = (op, t) => {
  needSubgroups(op, t);
  t.define(op.results[0]!, `i32(${t.builtin('sg_lane')})`, op.loc);
};

const subgroupSize: OpTranslator = (op, t) => {
  needSubgroups(op, t);
  t.define(op.results[0]!, `i32(${t.builtin('sg_size')})`, op.loc);
};

const subgroupId: OpTranslator = (op, t) => {
  needSubgroups(op, t);
  t.define(op.results[0]!, `i32(${t.builtin('lindex')} / ${t.builtin('sg_size')})`, op.loc);
};

const numSubgroups: OpTranslator = (op, t) => {
  needSubgroups(op, t);
  const [x, y, z] = t.workgroupSize;
  const size = t.builtin('sg_size');
  t.define(op.results[0]!, `i32((${x * y * z}u + ${size} - 1u) / ${size})`, op.loc);
};

/** The reduction named by gpu.all_reduce / subgroup_reduce's `op` property (`reduction` in their views). */
function reductionOf(r: { readonly op: Operation; readonly reduction: Attribute | undefined }, t: KernelTranslation): string {
  const op = r.op;
  const attr = r.reduction;
  if (!attr || !AllReduceOperationAttr.is(attr)) return t.fail(op, `'${op.name}' with a reduction region has no WGSL translation; name the reduction (add, mul, ...)`);
  return attr.value;
}

/** The WGSL subgroup builtin of a reduction and how the value goes in and out of it (unsigned ones through u32). */
function subgroupBuiltin(reduction: string, v: ScalarValue, op: Operation, t: KernelTranslation): string {
  const names: Record<string, string> = {
    add: 'subgroupAdd', mul: 'subgroupMul', and: 'subgroupAnd', or: 'subgroupOr', xor: 'subgroupXor',
    minsi: 'subgroupMin', maxsi: 'subgroupMax', minnumf: 'subgroupMin', maxnumf: 'subgroupMax', minimumf: 'subgroupMin', maximumf: 'subgroupMax',
    minui: 'subgroupMin', maxui: 'subgroupMax',
  };
  const fn = names[reduction];
  if (!fn || v.repr.wgsl === 'bool') t.fail(op, `the subgroup reduction '${reduction}' of ${op.operands[0]!.type} has no WGSL translation`);
  if (reduction === 'minui' || reduction === 'maxui') return fromI32(`${fn}(bitcast<u32>(${v.expr}))`, v.repr, 'u32');
  const text = `${fn}(${v.expr})`;
  return v.repr.isFloat || reduction === 'and' || reduction === 'or' || reduction === 'xor' || v.repr.width === 32 ? text : fromI32(text, v.repr);
}

const subgroupReduce = (r: ViewOf<typeof gpu.SubgroupReduceOp>, t: KernelTranslation): void => {
  const op = r.op;
  needSubgroups(op, t);
  if (r.cluster_size !== undefined) t.fail(op, 'a clustered gpu.subgroup_reduce has no WGSL translation');
  const v = t.scalar(op, 0);
  t.define(op.results[0]!, subgroupBuiltin(reductionOf(r, t), v, op, t), op.loc);
};

const shuffle = (s: ViewOf<typeof gpu.ShuffleOp>, t: KernelTranslation): void => {
  const op = s.op;
  needSubgroups(op, t);
  const v = t.scalar(op, 0);
  const offset = `u32(${t.scalar(op, 1).expr})`;
  const width = `u32(${t.scalar(op, 2).expr})`;
  const modeAttr: Attribute | undefined = s.mode;
  const mode = modeAttr && ShuffleModeAttr.is(modeAttr) ? modeAttr.value : t.fail(op, 'gpu.shuffle without a mode');
  const lane = t.builtin('sg_lane');
  const calls: Record<string, [string, string]> = {
    xor: ['subgroupShuffleXor', `(${lane} ^ ${offset}) < ${width}`],
    down: ['subgroupShuffleDown', `${lane} + ${offset} < ${width}`],
    up: ['subgroupShuffleUp', `${lane} >= ${offset}`],
    idx: ['subgroupShuffle', `${offset} < ${width}`],
  };
  const [fn, valid] = calls[mode]!;
  if (v.repr.wgsl === 'bool') t.fail(op, 'a gpu.shuffle of i1 has no WGSL translation');
  t.define(op.results[0]!, `${fn}(${v.expr}, ${offset})`, op.loc);
  t.define(op.results[1]!, valid, op.loc);
};

// ---- all_reduce ----

/** `a <reduction> b` for gpu.all_reduce, with arith's semantics. */
function reduceExpression(reduction: string, a: string, b: string, repr: ScalarRepr, op: Operation, t: KernelTranslation): string {
  const va: ScalarValue = { kind: 'scalar', expr: a, repr };
  const vb: ScalarValue = { kind: 'scalar', expr: b, repr };
  const floatType = repr.wgsl as 'f32' | 'f16';
  switch (reduction) {
    case 'add':
      return repr.isFloat ? `${a} + ${b}` : fromI32(`(${a} + ${b})`, repr);
    case 'mul':
      return repr.isFloat ? `${a} * ${b}` : fromI32(`(${a} * ${b})`, repr);
    case 'and':
      return `${a} & ${b}`;
    case 'or':
      return `${a} | ${b}`;
    case 'xor':
      return `${a} ^ ${b}`;
    case 'minsi':
    case 'maxsi':
      return `${reduction.slice(0, 3)}(${signedI32(va)}, ${signedI32(vb)})`;
    case 'minui':
    case 'maxui':
      return `bitcast<i32>(${reduction.slice(0, 3)}(bitcast<u32>(${a}), bitcast<u32>(${b})))`;
    case 'minnumf':
    case 'maxnumf':
    case 'minimumf':
    case 'maximumf':
      return `${t.helpers.call(reduction, floatType)}(${a}, ${b})`;
    default:
      return t.fail(op, `the reduction '${reduction}' has no WGSL translation`);
  }
}

/** The scratch array of an all_reduce of `repr` values (one per work-item, in workgroup memory). */
function reductionScratch(repr: ScalarRepr, t: KernelTranslation): string {
  return t.declareOnce(`all_reduce_${repr.memory}`, (name) => {
    const [x, y, z] = t.workgroupSize;
    t.moduleDeclarations.line(`var<workgroup> ${name}: array<${repr.memory}, ${x * y * z}>;`);
  });
}

/**
 * gpu.all_reduce: every work-item writes its value, a tree halves the live part at each step (a barrier between
 * steps), and every work-item reads the result with workgroupUniformLoad, which keeps it uniform.
 */
const allReduce = (r: ViewOf<typeof gpu.AllReduceOp>, t: KernelTranslation): void => {
  const op = r.op;
  const v = t.scalar(op, 0);
  if (v.repr.wgsl === 'bool') t.fail(op, 'a gpu.all_reduce of i1 has no WGSL translation');
  const reduction = reductionOf(r, t);
  const scratch = reductionScratch(v.repr, t);
  const [x, y, z] = t.workgroupSize;
  const count = x * y * z;
  const index = t.builtin('lindex');
  let half = 1;
  while (half * 2 < count) half *= 2;
  const step = t.names.fresh('reduce_step');
  t.line(`${scratch}[${index}] = ${v.expr};`, op.loc);
  t.line('workgroupBarrier();');
  if (count > 1) {
    const loop = { name: step, init: `${half}u`, condition: `${step} > 0u`, next: `${step} / 2u`, what: 'all_reduce loop', index: '0i', bound: '0i' };
    writeForLoop(t, op, loop, undefined, () => {
      const combined = reduceExpression(reduction, `${scratch}[${index}]`, `${scratch}[${index} + ${step}]`, v.repr, op, t);
      t.block(`if (${index} < ${step} && ${index} + ${step} < ${count}u)`, undefined, () => t.line(`${scratch}[${index}] = ${combined};`));
      t.line('workgroupBarrier();');
    });
  }
  t.define(op.results[0]!, `workgroupUniformLoad(&${scratch}[0])`, op.loc);
  // No work-item may write the scratch again (a next all_reduce) before every one has read it.
  t.line('workgroupBarrier();');
};

// ---- flow ----

/** flow.group.load: a member of a group argument starts where the group's offset table says. */
const groupLoad: OpTranslator = (op, t) => {
  const group = t.lookup(op.operands[0]!);
  if (group?.kind !== 'group') return t.fail(op, 'flow.group.load of a group that is not a kernel argument has no WGSL translation');
  const g = group.group;
  const index = t.scalar(op, 1);
  // --bounds-check: the member index against the offset table's length (one u32 per member; a table of no member
  // is bound as one word, so there an index 0 goes unreported).
  if (t.boundsChecks) checkAccess(t, op, 'group load', [{ index: t.index(op, 1), size: IndexExpression.atom(`i32(arrayLength(&${g.offsetsName}))`) }]);
  const base = t.nameFor(op.results[0]!, '_start');
  t.line(`let ${base} = i32(${g.offsetsName}[${index.expr}]);`, op.loc);
  const dope = g.dope;
  const view = fixedView(
    g.data,
    IndexExpression.atom(base),
    dope.offset(),
    Array.from({ length: dope.rank }, (_, k) => dope.size(k)),
    Array.from({ length: dope.rank }, (_, k) => dope.stride(k)),
  );
  t.bind(op.results[0]!, { kind: 'memref', view });
};

export const GPU_TRANSLATORS: readonly TranslatorEntry[] = [
  translator(gpu.ThreadIdOp, threadId),
  translator(gpu.BlockDimOp, blockDim),
  translator(gpu.BlockIdOp, blockId),
  translator(gpu.GridDimOp, gridDim),
  translator(gpu.GlobalIdOp, globalId),
  opTranslator(gpu.BarrierOp, (op, t) => writeBarrier(t, op)),
  opTranslator(gpu.LaneIdOp, laneId),
  opTranslator(gpu.SubgroupSizeOp, subgroupSize),
  opTranslator(gpu.SubgroupIdOp, subgroupId),
  opTranslator(gpu.NumSubgroupsOp, numSubgroups),
  translator(gpu.SubgroupReduceOp, subgroupReduce),
  translator(gpu.ShuffleOp, shuffle),
  translator(gpu.AllReduceOp, allReduce),
  opTranslator(gpu.PrintfOp, (op, t) => t.fail(op, 'gpu.printf has no WGSL translation: WGSL cannot print')),
  translator(flow.DispatchWorkgroupIdOp, blockId),
  translator(flow.DispatchWorkgroupCountOp, gridDim),
  translator(flow.DispatchWorkgroupSizeOp, blockDim),
  opTranslator(flow.GroupLoadOp, groupLoad),
];
