// Which values of a kernel WGSL's uniformity analysis may consider non-uniform (different across the work-items of
// a work-group), and which ops must be in uniform control flow. WGSL requires barriers (and workgroupUniformLoad,
// and the subgroup builtins) in control flow that its analysis proves uniform; a value the kernel computes alike on
// every work-item but that WGSL cannot prove uniform (a load from a buffer the kernel also writes, in the tensor
// language's replicated code) would make an `if` or a loop around a barrier an error. The translation broadcasts
// such a condition or bound from work-item 0 through workgroup memory (KernelTranslation.uniform).
//
// The analysis is a conservative dataflow fixpoint on the MLIR values: the sources of non-uniformity are the
// work-item's ids, loads from memory the kernel writes or that is not a storage buffer (workgroup and function
// arrays), atomics and subgroup ops; an op's results are non-uniform when an operand is; a region's results and
// loop-carried values when a value yielded into them or the condition choosing them is.
import { FlowGroupType } from '@tlir/dialect-flow';
import * as gpu from '@tlir/dialect-gpu';
import * as memref from '@tlir/dialect-memref';
import * as scf from '@tlir/dialect-scf';
import { MemRefType, type OpDefinition, type Operation, type Value } from '@tlir/ir';
import { bufferRoot, type BufferUse } from './buffer-roots.js';

/** Ops whose results differ between the work-items whatever their operands. */
const SOURCES: ReadonlySet<OpDefinition> = new Set<OpDefinition>([
  gpu.ThreadIdOp,
  gpu.GlobalIdOp,
  gpu.LaneIdOp,
  gpu.SubgroupIdOp,
  gpu.SubgroupReduceOp,
  gpu.ShuffleOp,
  memref.AtomicRMWOp,
  memref.GenericAtomicRMWOp,
]);

/** Ops that WGSL requires in uniform control flow (as translated). */
const NEED_UNIFORM_CONTROL: ReadonlySet<OpDefinition> = new Set<OpDefinition>([gpu.BarrierOp, gpu.AllReduceOp, gpu.SubgroupReduceOp, gpu.ShuffleOp]);

/** Whether `op` is of one of the definitions of `set` (an unregistered op is of none). */
const isOneOf = (set: ReadonlySet<OpDefinition>, op: Operation): boolean => op.opName.def !== undefined && set.has(op.opName.def);

/** Whether a load through `memref` reads memory WGSL treats as uniform: a storage buffer the kernel never writes. */
function readsUniformMemory(memref: Value, kernel: Operation, uses: ReadonlyMap<Value, BufferUse>): boolean {
  const root = bufferRoot(memref);
  const type = root.type;
  const isArgument = root.parentBlock?.parentOp === kernel && root.parentBlock === kernel.regions[0]!.firstBlock;
  if (!isArgument || !(type instanceof MemRefType || FlowGroupType.is(type))) return false;
  const use = uses.get(root);
  return !use || (!use.written && !use.atomic);
}

export class Uniformity {
  private readonly nonUniform = new Set<Value>();
  private readonly needsUniformControl = new Map<Operation, boolean>();

  constructor(
    private readonly kernel: Operation,
    private readonly uses: ReadonlyMap<Value, BufferUse>,
  ) {
    for (let changed = true; changed; ) {
      changed = false;
      kernel.walk((op) => {
        if (op === kernel) return;
        for (const [value, nonUniform] of this.transfer(op)) {
          if (nonUniform && !this.nonUniform.has(value)) {
            this.nonUniform.add(value);
            changed = true;
          }
        }
      });
    }
  }

  /** Whether WGSL may consider `v` non-uniform. */
  isNonUniform(v: Value): boolean {
    return this.nonUniform.has(v);
  }

  /** Whether `op`'s regions hold an op that must be in uniform control flow. */
  containsUniformControlOp(op: Operation): boolean {
    let known = this.needsUniformControl.get(op);
    if (known === undefined) {
      known = false;
      op.walk((inner) => {
        if (inner !== op && isOneOf(NEED_UNIFORM_CONTROL, inner)) {
          known = true;
          return 'interrupt';
        }
        return undefined;
      });
      this.needsUniformControl.set(op, known);
    }
    return known;
  }

  /** The values `op` defines and whether each may be non-uniform, given what is known so far. */
  private transfer(op: Operation): [Value, boolean][] {
    const any = (values: readonly Value[]): boolean => values.some((v) => this.nonUniform.has(v));
    const out: [Value, boolean][] = [];
    const yielded = (region: number, index: number): Value | undefined => op.regions[region]?.firstBlock?.terminator?.operands[index];
    const def = op.opName.def;
    switch (def) {
      case scf.ForOp: {
        const body = op.regions[0]!.firstBlock!;
        const bounds = any(op.operands.slice(0, 3));
        out.push([body.args[0]!, bounds]);
        op.results.forEach((r, i) => {
          const v = bounds || this.nonUniform.has(op.operands[3 + i]!) || this.nonUniform.has(yielded(0, i)!);
          out.push([r, v], [body.args[1 + i]!, v]);
        });
        return out;
      }
      case scf.IfOp:
      case scf.IndexSwitchOp:
      case scf.ExecuteRegionOp: {
        const condition = def === scf.ExecuteRegionOp ? false : this.nonUniform.has(op.operands[0]!);
        op.results.forEach((r, i) => out.push([r, condition || op.regions.some((_, k) => { const y = yielded(k, i); return y !== undefined && this.nonUniform.has(y); })]));
        return out;
      }
      case scf.WhileOp: {
        const [before, after] = op.regions.map((r) => r.firstBlock!);
        const condition = before!.terminator!;
        const flag = this.nonUniform.has(condition.operands[0]!);
        before!.args.forEach((a, i) => out.push([a, this.nonUniform.has(op.operands[i]!) || this.nonUniform.has(after!.terminator!.operands[i]!) || flag]));
        after!.args.forEach((a, i) => out.push([a, flag || this.nonUniform.has(condition.operands[1 + i]!)]));
        op.results.forEach((r, i) => out.push([r, flag || this.nonUniform.has(condition.operands[1 + i]!)]));
        return out;
      }
      case scf.ParallelOp: {
        const body = op.regions[0]!.firstBlock!;
        const v = any(op.operands);
        for (const a of body.args) out.push([a, v]);
        for (const r of op.results) out.push([r, true]);
        return out;
      }
      case memref.GenericAtomicRMWOp:
        out.push([op.regions[0]!.firstBlock!.args[0]!, true]);
        break;
      case memref.LoadOp:
        for (const r of op.results) out.push([r, any(op.operands) || !readsUniformMemory(op.operands[0]!, this.kernel, this.uses)]);
        return out;
      default:
        break;
    }
    const results = isOneOf(SOURCES, op) || any(op.operands);
    for (const r of op.results) out.push([r, results]);
    // Arguments of other regions (reductions, ...) follow the op's operands.
    for (const region of op.regions) for (let b = region.firstBlock; b; b = b.nextBlock) for (const a of b.args) if (!out.some(([v]) => v === a)) out.push([a, results || scf.ReduceOp.is(op)]);
    return out;
  }
}
