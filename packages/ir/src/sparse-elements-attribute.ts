import { Attribute } from './attribute.js';
import { DenseElementsAttr, DenseStringElementsAttr } from './builtin-attributes.js';
import type { ShapedType } from './builtin-types.js';
import type { Context } from './context.js';
import type { AttrTypeWriter } from './printer/text-writer.js';

/**
 * `sparse<indices, values> : tensor<...>` (MLIR's SparseElementsAttr): a statically shaped tensor or vector whose
 * elements are zero except at `indices`. `indices` is an i64 tensor of N coordinates (N x rank, or N for a rank
 * 1 type), `values` the N elements there (a 1-d tensor of the element type).
 */
export class SparseElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    readonly indices: DenseElementsAttr,
    readonly values: DenseElementsAttr | DenseStringElementsAttr,
  ) {
    super();
  }

  static get(ctx: Context, type: ShapedType, indices: DenseElementsAttr, values: DenseElementsAttr | DenseStringElementsAttr): SparseElementsAttr {
    const problem = SparseElementsAttr.verify(type, indices, values);
    if (problem !== undefined) throw new Error(`sparse elements: ${problem}`);
    return ctx.intern(`sparse${type.id}:${indices.id}:${values.id}`, () => new SparseElementsAttr(type, indices, values));
  }

  /** MLIR's SparseElementsAttr::verify: undefined when the parts fit, else its message. */
  static verify(type: ShapedType, indices: DenseElementsAttr, values: DenseElementsAttr | DenseStringElementsAttr): string | undefined {
    const valuesShape = values.type.shape ?? [];
    if (valuesShape.length !== 1) return 'expected 1-d tensor for sparse element values';
    const shape = type.shape ?? [];
    const indicesShape = indices.type.shape ?? [];
    const rank = shape.length;
    const shapeError = `expected shape ([${shape.join(', ')}]); inferred shape of indices literal ([${indicesShape.join(', ')}]); inferred shape of values literal ([${valuesShape.join(', ')}])`;
    if (indicesShape.length === 2) {
      if (indicesShape[1] !== rank) return shapeError;
    } else if (indicesShape.length !== 1 || rank !== 1) return shapeError;
    const count = indicesShape[0]!;
    if (count !== valuesShape[0]) return shapeError;
    // Indices are read as unsigned 64-bit numbers, as MLIR does.
    const coord = (k: number): bigint => BigInt.asUintN(64, BigInt(indices.at(k)));
    const check = (n: number, index: bigint[]): string | undefined =>
      index.every((v, d) => v < BigInt(shape[d]!))
        ? undefined
        : `sparse index #${n} is not contained within the value shape, with index=[${index.join(', ')}], and type='${type}'`;
    if (indices.isSplat) return count === 0 ? undefined : check(0, Array.from({ length: rank }, () => coord(0)));
    for (let n = 0; n < count; n++) {
      const problem = check(n, Array.from({ length: rank }, (_, d) => coord(n * rank + d)));
      if (problem !== undefined) return problem;
    }
    return undefined;
  }

  override get type(): ShapedType {
    return this.shapedType;
  }

  print(w: AttrTypeWriter): void {
    w.write('sparse<');
    if (this.indices.type.numElements !== 0) {
      w.write(this.indices.literalText(false));
      w.write(', ');
      w.write(this.values instanceof DenseElementsAttr ? this.values.literalText(true) : this.values.literalText());
    }
    w.write('> : ');
    w.printType(this.shapedType);
  }
}
