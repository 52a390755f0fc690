import {
  DYNAMIC,
  defineTrait,
  staticIndices,
  type Attribute,
  type Operation,
  type Trait,
  type Value,
} from '@tlir/ir';
import { countDynamic } from './static-indices.js';

/** The static offsets, sizes and strides of an op's view (subview, reinterpret_cast). */
export interface StaticIndexLists {
  readonly static_offsets: Attribute | undefined;
  readonly static_sizes: Attribute | undefined;
  readonly static_strides: Attribute | undefined;
}

/** The number of operands in each group of an op with `operandSegmentSizes` (no allocation after the first time). */
function segments(op: Operation): readonly number[] {
  return staticIndices(op.getProperty('operandSegmentSizes'));
}

/**
 * MLIR's OffsetSizeAndStrideOpInterface verifier, for ops whose operand groups are [source, offsets, sizes,
 * strides] with the properties static_offsets, static_sizes and static_strides. `offsetRank` and `sizeRank` say how
 * many offsets and how many sizes (and strides) the op takes (MLIR's getArrayAttrMaxRanks): subview takes the
 * source rank of each, reinterpret_cast one offset and the result rank of sizes and strides.
 */
export function OffsetSizeAndStrideTrait(name: string, offsetRank: (op: Operation) => number, sizeRank: (op: Operation) => number): Trait {
  return defineTrait(`OffsetSizeAndStrideOpInterface<${name}>`, {
    verify(op) {
      const seg = segments(op);
      const numOffsets = seg[1] ?? 0;
      const numSizes = seg[2] ?? 0;
      const numStrides = seg[3] ?? 0;
      const offsets = staticIndices(op.getProperty('static_offsets'));
      const sizes = staticIndices(op.getProperty('static_sizes'));
      const strides = staticIndices(op.getProperty('static_strides'));
      const fail = (message: string): false => {
        op.emitError(message);
        return false;
      };
      const dynSizes = countDynamic(sizes);
      if (numSizes !== dynSizes) {
        return fail(`expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (${numSizes} vs ${dynSizes})`);
      }
      const dynStrides = countDynamic(strides);
      if (numStrides !== dynStrides) {
        return fail(`expected the number of 'strides' to match the number of dynamic entries in 'static_strides' (${numStrides} vs ${dynStrides})`);
      }
      const dynOffsets = countDynamic(offsets);
      if (numOffsets !== dynOffsets) {
        return fail(`expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (${numOffsets} vs ${dynOffsets})`);
      }
      const maxOffsets = offsetRank(op);
      const maxSizes = sizeRank(op);
      if (!(offsets.length === 1 && maxOffsets === 1) && offsets.length !== sizes.length) {
        return fail(`expected mixed offsets rank to match mixed sizes rank (${offsets.length} vs ${sizes.length}) so the rank of the result type is well-formed.`);
      }
      if (sizes.length !== strides.length) {
        return fail(`expected mixed sizes rank to match mixed strides rank (${sizes.length} vs ${strides.length}) so the rank of the result type is well-formed.`);
      }
      if (offsets.length !== maxOffsets) return fail(`expected ${maxOffsets} offset values, got ${offsets.length}`);
      if (sizes.length !== maxSizes) return fail(`expected ${maxSizes} size values, got ${sizes.length}`);
      if (strides.length !== maxSizes) return fail(`expected ${maxSizes} stride values, got ${strides.length}`);
      for (let i = 0; i < offsets.length; i++) {
        const v = offsets[i]!;
        if (v < 0 && v !== DYNAMIC) return fail(`expected offsets to be non-negative, but got ${v}`);
      }
      for (let i = 0; i < sizes.length; i++) {
        const v = sizes[i]!;
        if (v < 0 && v !== DYNAMIC) return fail(`expected sizes to be non-negative, but got ${v}`);
      }
      return true;
    },
  });
}
