// The convert-krnl-to-scf pass: krnl loop schedules, memory ops, tile copies and matmul become scf loops, memref
// accesses and arith/math ops; the result has no krnl ops (docs/lowering-krnl-to-scf.md).
import { Builder, type OpDefinition, type Operation, type SymbolTable, type Value } from '@tlir/ir';
import { definePass } from '@tlir/pass';
import {
  BlockOp,
  DefineLoopsOp,
  MovableOp,
  ParallelOp as KrnlParallelOp,
  PermuteOp,
  RegionOp,
  SpecializedKernelOp,
  UnrollOp,
  CopyFromTileBufferOp,
  CopyToTileBufferOp,
  DimOp,
  GetRefOp,
  GlobalOp,
  LoadOp,
  MATH_EQUIVALENT_OPS,
  MatMulOp,
  MemcpyOp,
  MemsetOp,
  ShapeOp,
  StoreOp,
  IterateOp,
  KrnlDialect,
  VectorTypeCastOp,
  EntryPointOp,
  CallOp,
  PrintOp,
  PrintTensorOp,
  RuntimeInstrumentOp,
  RandomNormalOp,
  SeqAllocOp,
  SeqDeallocOp,
  SeqExtractOp,
  SeqStoreOp,
  StrlenOp,
  StrncmpOp,
  FindIndexOp,
  analyzeIterateTree, enclosingIterate, type IterateSchedule, emitProblem, TerminateOp } from '@tlir/dialect-krnl';
import { IndexBuilder } from './index-builder.js';
import { lowerGlobal } from './lower-global.js';
import { lowerMatmul } from './lower-matmul.js';
import { lowerLoad, lowerMemcpy, lowerMemset, lowerStore } from './lower-memory-ops.js';
import { ScheduleLowering } from './lower-schedule.js';
import { lowerCopyFromTileBuffer, lowerCopyToTileBuffer } from './lower-tile-copies.js';
import { lowerDim, lowerGetRef, lowerShape } from './lower-views.js';
import { unrollByFactor, unrollFully } from './unroll-loop.js';

/** The ops that only describe a schedule: erased once the loops are made. */
const SCHEDULE_OPS = [DefineLoopsOp, BlockOp, PermuteOp, UnrollOp, KrnlParallelOp, SpecializedKernelOp] as const;
const isScheduleOp = (op: Operation): boolean => SCHEDULE_OPS.some((d) => d.is(op));
const REGION_OPS = [RegionOp, MovableOp] as const;

type Lowering = (op: Operation, ix: IndexBuilder) => Value[] | false;

/** Why the ops the pass leaves alone cannot be lowered to scf. */
const RUNTIME_REASON = 'it calls the runtime library (a lowering to the runtime handles it, not this one)';
const UNLOWERABLE: ReadonlyMap<OpDefinition, string> = new Map<OpDefinition, string>([
  [VectorTypeCastOp, 'scf has no vector memrefs (tlir has no vector dialect)'],
  ...[EntryPointOp, CallOp, PrintOp, PrintTensorOp, RuntimeInstrumentOp, RandomNormalOp, SeqAllocOp, SeqDeallocOp, SeqExtractOp, SeqStoreOp, StrlenOp, StrncmpOp, FindIndexOp].map(
    (def): [OpDefinition, string] => [def, RUNTIME_REASON],
  ),
]);

/**
 * Lowers every krnl op in `root`. Returns false after reporting errors (at the ops): a schedule that cannot run, a
 * loop to unroll whose trip count is not bounded, an op with no scf form.
 */
export function convertKrnlToScf(root: Operation): boolean {
  let ok = true;
  // 1. krnl.region and krnl.movable only group ops: their ops go where they are.
  const regions: Operation[] = [];
  root.walk((op) => void (REGION_OPS.some((d) => d.is(op)) && regions.push(op)), 'pre');
  for (const op of regions) inlineRegion(op);

  // 2. The schedules, all read before anything changes.
  const roots: Operation[] = [];
  root.walk((op) => {
    if (!IterateOp.is(op)) return undefined;
    if (!enclosingIterate(op)) roots.push(op);
    return 'skip';
  }, 'pre');
  const schedules = new Map<Operation, IterateSchedule>();
  for (const r of roots) {
    const analysis = analyzeIterateTree(r);
    if (!analysis.ok) {
      analysis.problems.forEach(emitProblem);
      ok = false;
    } else {
      for (const [op, s] of analysis.schedules) schedules.set(op, s);
    }
  }
  if (!ok) return false;

  // 3. The loops, then the unrolling (innermost loops first).
  const lowering = new ScheduleLowering(schedules);
  for (const r of roots) lowering.lower(r);
  lowering.finish();
  const unrolls = new Map(lowering.unrolls.map((u) => [u.loop, u]));
  const order: Operation[] = [];
  root.walk((op) => void (unrolls.has(op) && order.push(op)), 'post');
  for (const loop of order) {
    const u = unrolls.get(loop)!;
    if (u.exact !== undefined) unrollFully(loop, u.exact);
    else if (u.maximum !== undefined) unrollByFactor(loop, u.maximum);
    else {
      u.mark.emitOpError('cannot unroll its loop fully: its trip count is not bounded by a constant (its bounds are not constants and it is not a point loop of a tile)');
      ok = false;
    }
  }

  // 4. The other ops, in program order.
  const tables = new Map<Operation, SymbolTable>();
  const lowerings = new Map<OpDefinition, Lowering>([
    [LoadOp, lowerLoad],
    [StoreOp, lowerStore],
    [MemsetOp, lowerMemset],
    [MemcpyOp, lowerMemcpy],
    [CopyToTileBufferOp, lowerCopyToTileBuffer],
    [CopyFromTileBufferOp, lowerCopyFromTileBuffer],
    [MatMulOp, lowerMatmul],
    [GetRefOp, lowerGetRef],
    [DimOp, lowerDim],
    [ShapeOp, lowerShape],
    [GlobalOp, (op, ix) => lowerGlobal(op, ix, tables)],
  ]);
  for (const [def, mathDef] of MATH_EQUIVALENT_OPS) {
    lowerings.set(def, (op, ix) => {
      const scalar = def.wrap(op);
      return [mathDef.create(ix.b, { operand: scalar.in, result: scalar.out.type, loc: op.loc }).result];
    });
  }
  const loweringOf = (op: Operation): Lowering | undefined => (op.opName.def ? lowerings.get(op.opName.def) : undefined);
  const ops: Operation[] = [];
  const reported = new Set<Operation>();
  root.walk((op) => void (loweringOf(op) && ops.push(op)), 'pre');
  for (const op of ops) {
    const b = new Builder(op.context);
    b.setInsertionPoint(op);
    const results = loweringOf(op)!(op, new IndexBuilder(b, op.loc));
    if (results === false) {
      reported.add(op);
      ok = false;
      continue;
    }
    op.results.forEach((r, i) => r.replaceAllUsesWith(results[i]!));
    op.erase();
  }

  // 5. The schedule ops, users before the loops they use; then what is left is an error.
  const schedule: Operation[] = [];
  root.walk((op) => void (isScheduleOp(op) && schedule.push(op)), 'pre');
  for (const op of schedule.reverse()) {
    const user = op.results.flatMap((r) => [...r.users()]).find((u) => !isScheduleOp(u));
    if (user) continue;
    op.dropAllReferences();
    op.erase();
  }
  root.walk((op) => {
    if (op.opName.dialect !== KrnlDialect.name || reported.has(op)) return;
    ok = false;
    if (isScheduleOp(op)) {
      const user = op.results.flatMap((r) => [...r.users()])[0];
      op.emitOpError(`cannot be lowered to scf: its loop is used by '${user?.name}', which is not a krnl op`);
    } else {
      const reason = op.opName.def && UNLOWERABLE.get(op.opName.def);
      op.emitOpError(`cannot be lowered to scf: ${reason ?? 'convert-krnl-to-scf has no lowering for it'}`);
    }
  });
  return ok;
}

/** Moves the ops of a krnl.region or krnl.movable (but its terminator) before it, and erases it. */
function inlineRegion(op: Operation): void {
  const block = op.regions[0]?.firstBlock;
  for (let o = block?.firstOp ?? null; o; ) {
    const next = o.nextOperation;
    if (!TerminateOp.is(o)) o.moveBefore(op);
    o = next;
  }
  op.erase();
}

export const ConvertKrnlToScfPass = definePass({
  argument: 'convert-krnl-to-scf',
  summary: 'Lower krnl loop schedules, tile copies and matmul to scf loops with memref accesses',
  description:
    'Interprets each krnl.iterate schedule (krnl.block: tile loops stepping by whole tiles and point loops with ' +
    'min() bounds; krnl.permute: the order of the loops; krnl.unroll: unrolled bodies; krnl.parallel: scf.parallel ' +
    'with a `krnl.mapping` processor attribute) as scf loops, resolves krnl.get_induction_var_value, and lowers ' +
    'krnl.load/store to memref.load/store, memset, memcpy, the tile-buffer copies (with padding loops) and krnl.matmul ' +
    'to scf loops, getref/dim/shape to memref ops, krnl.global to memref.global and the scalar math ops to math. The ' +
    'result has no krnl op: one that cannot be lowered (a runtime op) is an error at the op.',
  run(op, pass) {
    if (!convertKrnlToScf(op)) pass.signalPassFailure();
  },
});
