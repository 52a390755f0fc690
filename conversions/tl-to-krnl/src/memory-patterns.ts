// Memory instructions (spec: Load, Store, Alloca; lifetime_stop, barrier): load and store of elements to krnl.load /
// krnl.store, a load from a group to flow.group.load, alloca to memref.alloca.
import { GroupLoadOp } from '@tlir/dialect-flow';
import { LoadOp as KrnlLoadOp, StoreOp as KrnlStoreOp } from '@tlir/dialect-krnl';
import { AllocaOp, CastOp } from '@tlir/dialect-memref';
import { MemRefType, StridedLayoutAttr, type OpDef } from '@tlir/ir';
import { defineConversionPattern, type OpConversionPattern, type TypeConverter } from '@tlir/rewrite';
import { AllocaOp as TlAllocaOp, BarrierOp as TlBarrierOp, LifetimeStopOp, LoadOp as TlLoadOp, StoreOp as TlStoreOp, TlGroupType, type TlMemrefType } from '@tlir/dialect-tl';
import { convertMemrefType } from './type-conversion.js';

/** `tl.load %m[%i, %j]` -> `krnl.load`; `tl.load %g[%i]` of a group -> `flow.group.load` (the memref moved by the offset). */
function loadPattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    TlLoadOp,
    function lowerLoad({ op }, { operands: [source, ...indices] }, rewriter) {
      if (TlGroupType.is(op.getOperand(0).type)) {
        const type = typeConverter.convertType(op.getResult(0).type)!;
        rewriter.replaceOp(op, GroupLoadOp.create(rewriter, { group: source!, index: indices[0]!, result: type }).op);
      } else {
        rewriter.replaceOp(op, [KrnlLoadOp.create(rewriter, { memref: source!, indices }).result]);
      }
      return true;
    },
    { typeConverter },
  );
}

function storePattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    TlStoreOp,
    function lowerStore({ op }, { operands: [value, memref, ...indices] }, rewriter) {
      KrnlStoreOp.create(rewriter, { value: value!, memref: memref!, indices });
      rewriter.eraseOp(op);
      return true;
    },
    { typeConverter },
  );
}

/**
 * `tl.alloca : !tl.memref<f32x16x8>` -> `memref.alloca() : memref<16x8xf32, strided<[1, 16]>>` cast to the converted
 * type (whose offset is dynamic, as every lowered tl memref's). The memory is the work-group's: a later stage puts
 * it in workgroup memory. memref.alloca lives until the function returns; the tensor language's end of block (or
 * lifetime_stop) only ends it earlier, which no correct program can observe.
 */
function allocaPattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    TlAllocaOp,
    function lowerAlloca({ op }, _adaptor, rewriter) {
      const ctx = rewriter.context;
      const type = convertMemrefType(ctx, op.getResult(0).type as TlMemrefType);
      const allocated = MemRefType.get(ctx, type.shape, type.elementType, StridedLayoutAttr.get(ctx, type.getStridesAndOffset().strides, 0));
      const memory = AllocaOp.create(rewriter, { dynamicSizes: [], symbolOperands: [], memref: allocated }).memref;
      rewriter.replaceOp(op, [CastOp.create(rewriter, { source: memory, dest: type }).dest]);
      return true;
    },
    { typeConverter },
  );
}

/**
 * lifetime_stop only tells that the memory is not used any more, and barrier orders the work-group's memory
 * accesses: in the lowered IR a work-group's ops run in program order, and the stage that spreads loops over
 * work-items inserts the barriers their accesses need (DESIGN: "Semantics that every stage keeps").
 */
function erasePattern(def: OpDef): OpConversionPattern {
  return defineConversionPattern(
    def,
    ({ op }, _adaptor, rewriter) => {
      rewriter.eraseOp(op);
      return true;
    },
    { debugName: `erase ${def.name}` },
  );
}

export function memoryPatterns(typeConverter: TypeConverter): OpConversionPattern[] {
  return [loadPattern(typeConverter), storePattern(typeConverter), allocaPattern(typeConverter), erasePattern(LifetimeStopOp), erasePattern(TlBarrierOp)];
}
