// The ids a kernel deals work to work-items with, made once at the start of the kernel: the thread id along each
// dimension (0 where the work-group has one work-item along it), the linear id of the work-items along a set of
// dimensions (x fastest), and whether a work-item is the first along a set of dimensions.
import { AddIOp, AndIOp, CmpIOp, CmpIPredicateAttr, ConstantOp, MulIOp } from '@tlir/dialect-arith';
import type { Size3 } from '@tlir/dialect-flow';
import { Builder, IndexType, IntegerAttr, IntegerType, type Block, type Location, type Operation, type Value } from '@tlir/ir';
import { DimensionAttr, BlockIdOp, GridDimOp, ThreadIdOp } from '@tlir/dialect-gpu';
import type { ThreadDims } from '@tlir/gpu-kernel-analysis';

const DIMS = ['x', 'y', 'z'] as const;

export class WorkItemIds {
  private readonly b: Builder;
  private readonly entry: Block;
  private last: Operation | undefined;
  private readonly cache = new Map<string, Value>();

  constructor(
    kernel: Operation,
    readonly size: Size3,
    private readonly loc: Location,
  ) {
    this.b = new Builder(kernel.context);
    this.entry = kernel.regions[0]!.firstBlock!;
  }

  /** Creates one op's value after the ids made so far, at the start of the kernel. */
  private at(make: (b: Builder) => Value): Value {
    return this.b.withInsertionPoint(() => {
      if (this.last) this.b.setInsertionPointAfter(this.last);
      else this.b.setInsertionPointToStart(this.entry);
      const v = make(this.b);
      this.last = v.definingOp ?? this.last;
      return v;
    });
  }

  /** The value made once for `key` (`make` creates its ops with `at`). */
  private cached(key: string, make: () => Value): Value {
    let v = this.cache.get(key);
    if (!v) {
      v = make();
      this.cache.set(key, v);
    }
    return v;
  }

  /** An index constant (at the start of the kernel). */
  constant(n: number): Value {
    return this.cached(`c${n}`, () => this.at((b) => ConstantOp.create(b, { value: IntegerAttr.get(b.context, IndexType.get(b.context), n), result: IndexType.get(b.context), loc: this.loc }).result));
  }

  /** The work-item's id along dimension `d` (0, 1, 2): `gpu.thread_id`, or 0 along a dimension of one work-item. */
  threadId(d: number): Value {
    if (this.size[d] === 1) return this.constant(0);
    return this.cached(`t${d}`, () => this.at((b) => ThreadIdOp.create(b, { dimension: DimensionAttr.get(b.context, { value: DIMS[d]! }), loc: this.loc }).result));
  }

  /** The work-group's id along `d` (`gpu.block_id`) and the number of work-groups along it (`gpu.grid_dim`). */
  blockId(d: number): Value {
    return this.cached(`b${d}`, () => this.at((b) => BlockIdOp.create(b, { dimension: DimensionAttr.get(b.context, { value: DIMS[d]! }), loc: this.loc }).result));
  }

  gridDim(d: number): Value {
    return this.cached(`g${d}`, () => this.at((b) => GridDimOp.create(b, { dimension: DimensionAttr.get(b.context, { value: DIMS[d]! }), loc: this.loc }).result));
  }

  /** The number of work-items along the dimensions of `dims`. */
  count(dims: ThreadDims): number {
    let n = 1;
    for (let d = 0; d < 3; d++) if (dims & (1 << d)) n *= this.size[d]!;
    return n;
  }

  /** The linear id of the work-item along the dimensions of `dims` (x fastest); 0 for none. */
  linearId(dims: ThreadDims): Value {
    return this.cached(`l${dims}`, () => {
      let id: Value | undefined;
      let stride = 1;
      for (let d = 0; d < 3; d++) {
        if (!(dims & (1 << d)) || this.size[d] === 1) continue;
        // Operands first: `at` places each op after everything made before it.
        const t = this.threadId(d);
        const c = stride === 1 ? undefined : this.constant(stride);
        const scaled = c === undefined ? t : this.at((b) => MulIOp.create(b, { lhs: t, rhs: c, result: IndexType.get(b.context), loc: this.loc }).result);
        const sum = id;
        id = sum === undefined ? scaled : this.at((b) => AddIOp.create(b, { lhs: sum, rhs: scaled, result: IndexType.get(b.context), loc: this.loc }).result);
        stride *= this.size[d]!;
      }
      return id ?? this.constant(0);
    });
  }

  /** `true` (an i1) on the work-item whose ids along the dimensions of `dims` are all 0. */
  isFirst(dims: ThreadDims): Value {
    return this.cached(`f${dims}`, () => {
      const i1 = IntegerType.get(this.b.context, 1);
      const eq = CmpIPredicateAttr.get(this.b.context, 'eq');
      let all: Value | undefined;
      for (let d = 0; d < 3; d++) {
        if (!(dims & (1 << d)) || this.size[d] === 1) continue;
        const t = this.threadId(d);
        const zero = this.constant(0);
        const isZero = this.at((b) => CmpIOp.create(b, { predicate: eq, lhs: t, rhs: zero, result: i1, loc: this.loc }).result);
        const prev = all;
        all = prev === undefined ? isZero : this.at((b) => AndIOp.create(b, { lhs: prev, rhs: isZero, result: i1, loc: this.loc }).result);
      }
      return all ?? this.at((b) => ConstantOp.create(b, { value: IntegerAttr.get(b.context, i1, 1), result: i1, loc: this.loc }).result);
    });
  }
}
