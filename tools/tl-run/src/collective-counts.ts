// The work of a kernel's collectives, for --bench's GFLOP/s and GB/s: counted while the tl IR runs in the
// interpreter, so that sizes known only at run time, loops and the number of work-groups are all accounted for.
//
// Operations (the reference definition, docs/interpreter.md: x computed, then out := alpha x + beta out), with
// b = 1 when beta is not zero at run time, else 0:
//   gemm    M N (2K + 1 + 2b)    x = sum over k of a b: K products and K additions per element; alpha x; beta out +
//   gemv    M (2K + 1 + 2b)
//   ger     M N (2 + 2b)         one product per element
//   hadamard_product  M (2 + 2b)
//   axpby   n (1 + 2b)           n elements of B
//   sum     m (K + 1 + 2b)       m outputs (1 for a scalar), K additions each
// Bytes: every element of the inputs read once, the output written once and read once more when b = 1, at the
// size of its element type (index: 8 bytes): the least traffic the collective needs.
import { InterpreterRegistry, MemrefView, type OpImplementation, type RuntimeValue } from '@tlir/interpreter';
import { AxpbyOp, GemmOp, GemvOp, GerOp, HadamardProductOp, SumOp } from '@tlir/dialect-tl';
import { IntegerAttr, type OpDefinition, type Operation } from '@tlir/ir';
import { elementBytes, elementTypeName } from './element-dtypes.js';

export interface CollectiveCount {
  /** The instruction (gemm, gemv, ...). */
  readonly name: string;
  executions: number;
  flops: number;
  bytes: number;
}

/** The collectives whose work is counted, by the names their implementations are looked up with. */
const COLLECTIVES: readonly string[] = ([GemmOp, GemvOp, GerOp, HadamardProductOp, AxpbyOp, SumOp] as readonly OpDefinition[]).map((def) => def.name);

const count = (v: MemrefView): number => v.sizes.reduce((a, s) => a * s, 1);
const bytesOf = (v: MemrefView): number => count(v) * elementBytes(elementTypeName(v.elementType));
const transposed = (attr: unknown): boolean => attr instanceof IntegerAttr && attr.value === 1n;

/** The operations and bytes of one execution of a collective, from its operands. */
export function collectiveWork(op: Operation, operands: readonly RuntimeValue[]): { flops: number; bytes: number } {
  const twoInputs = !AxpbyOp.is(op) && !SumOp.is(op);
  const [a, b] = [operands[1] as MemrefView, twoInputs ? (operands[2] as MemrefView) : undefined];
  const [beta, out] = twoInputs ? [operands[3], operands[4] as MemrefView] : [operands[2], operands[3] as MemrefView];
  const update = beta === 0 || beta === 0n ? 1 : 3; // alpha x, and beta out + when beta is not zero
  const n = count(out);
  let flops: number;
  const gemm = GemmOp.match(op);
  if (gemm) {
    const K = a.sizes[transposed(gemm.transA) ? 0 : 1]!;
    flops = n * (2 * K + update);
  } else if (GemvOp.is(op)) {
    flops = n * (2 * b!.sizes[0]! + update);
  } else if (GerOp.is(op) || HadamardProductOp.is(op)) {
    flops = n * (1 + update);
  } else if (AxpbyOp.is(op)) {
    flops = n * update;
  } else {
    // sum: K additions per output element.
    const K = n === 0 ? 0 : count(a) / n;
    flops = n * (K + update);
  }
  const bytes = bytesOf(a) + (b ? bytesOf(b) : 0) + bytesOf(out) * (update === 1 ? 1 : 2);
  return { flops, bytes };
}

/**
 * An interpreter registry whose tl collectives count their work; with `compute` false they do nothing else (a
 * quick run for counting only), otherwise they also compute as usual.
 */
export class CountingRegistry extends InterpreterRegistry {
  readonly counts = new Map<string, CollectiveCount>();
  private readonly wrapped = new Map<string, OpImplementation>();

  constructor(private readonly compute: boolean) {
    super();
  }

  override lookup(opName: string): OpImplementation | undefined {
    const impl = super.lookup(opName);
    if (!impl || !COLLECTIVES.includes(opName)) return impl;
    const known = this.wrapped.get(opName);
    if (known) return known;
    const counting: OpImplementation = (op, operands, ctx) => {
      const { flops, bytes } = collectiveWork(op, operands);
      const name = opName.slice(3);
      const c = this.counts.get(name) ?? { name, executions: 0, flops: 0, bytes: 0 };
      c.executions++;
      c.flops += flops;
      c.bytes += bytes;
      this.counts.set(name, c);
      return this.compute ? impl(op, operands, ctx) : undefined;
    };
    this.wrapped.set(opName, counting);
    return counting;
  }

  /** The totals over every collective. */
  total(): { flops: number; bytes: number; executions: number } {
    let [flops, bytes, executions] = [0, 0, 0];
    for (const c of this.counts.values()) {
      flops += c.flops;
      bytes += c.bytes;
      executions += c.executions;
    }
    return { flops, bytes, executions };
  }
}
