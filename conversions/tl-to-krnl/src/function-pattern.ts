// tl.func to func.func: the converted signature, the body moved as it is (its ops are converted after it), a
// func.return at its end, and the work-group size the kernel is lowered for as an attribute.
import { DenseArrayAttr, FunctionType, IntegerAttr, IntegerType, TypeAttr, type NamedAttribute, type Operation } from '@tlir/ir';
import { defineConversionPattern, type OpConversionPattern, type TypeConverter } from '@tlir/rewrite';
import type { TlToKrnlOptions } from './options.js';
import { chooseWorkGroupSize } from './work-group-size.js';
import { FuncOp as FuncFuncOp, ReturnOp as FuncReturnOp } from '@tlir/dialect-func';
import { FuncOp as TlFuncOp } from '@tlir/dialect-tl';

/** The discardable attributes of the lowered func.func that carry the kernel's launch shape (as tl.func names them). */
export const WORK_GROUP_SIZE_ATTR = 'work_group_size';
export const SUBGROUP_SIZE_ATTR = 'subgroup_size';
/** Set only when above 1: the tl groups one WebGPU work-group runs (groups-per-work-group; docs/wgsl.md). */
export const GROUPS_PER_WORK_GROUP_ATTR = 'groups_per_work_group';

/**
 * `tl.func @k(...) attributes {work_group_size = array<i32: 64, 4>}` -> `func.func @k(...) attributes
 * {work_group_size = array<i32: 64, 4>, subgroup_size = 16 : i32}`: `work_group_size` is always set (to the size
 * chosen by the option, the attribute or the heuristic), `subgroup_size` kept when the kernel has one.
 */
export function functionPattern(typeConverter: TypeConverter, options: TlToKrnlOptions | ((fn: Operation) => TlToKrnlOptions)): OpConversionPattern {
  const optionsOf = typeof options === 'function' ? options : (): TlToKrnlOptions => options;
  return defineConversionPattern(
    TlFuncOp,
    function lowerFunc(kernel, _adaptor, rewriter) {
      const { op } = kernel;
      const ctx = rewriter.context;
      const type = kernel.function_type.value;
      const signature = typeConverter.convertSignatureArgs(type.inputs);
      if (!signature) return rewriter.notifyMatchFailure(op, 'an argument type cannot be converted');
      const own = optionsOf(op);
      const [x, y] = chooseWorkGroupSize(kernel, own);
      // The launch shape becomes discardable attributes of the func.func; the other attributes go along.
      const attributes: NamedAttribute[] = [{ name: WORK_GROUP_SIZE_ATTR, value: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [x, y]) }];
      const groups = own['groups-per-work-group'];
      if (groups > 1) attributes.push({ name: GROUPS_PER_WORK_GROUP_ATTR, value: IntegerAttr.get(ctx, IntegerType.get(ctx, 32), groups) });
      if (kernel.subgroup_size) attributes.push({ name: SUBGROUP_SIZE_ATTR, value: kernel.subgroup_size });
      for (const a of op.attributes.entries) if (!attributes.some((b) => b.name === a.name)) attributes.push(a);
      const fn = FuncFuncOp.create(rewriter, {
        sym_name: kernel.sym_name,
        function_type: TypeAttr.get(ctx, FunctionType.get(ctx, signature.convertedTypes, [])) as TypeAttr & { readonly value: FunctionType },
        sym_visibility: kernel.sym_visibility,
        arg_attrs: kernel.arg_attrs,
        attributes,
      });
      const body = fn.body;
      rewriter.inlineRegionBefore(op.regions[0]!, body, null);
      const block = rewriter.convertRegionTypes(body, typeConverter, signature);
      if (block) {
        rewriter.setInsertionPointToEnd(block);
        FuncReturnOp.create(rewriter, {});
      }
      rewriter.eraseOp(op);
      return true;
    },
    { typeConverter },
  );
}

/**
 * The work-group size the function around `op` was lowered for (the attribute the pattern above sets), or undefined
 * for an op outside a lowered kernel.
 */
export function loweredWorkGroupSize(op: Operation): [number, number] | undefined {
  for (let p = op.parentOp; p; p = p.parentOp) {
    const attr = FuncFuncOp.is(p) ? p.getAttr(WORK_GROUP_SIZE_ATTR) : undefined;
    if (attr instanceof DenseArrayAttr && attr.values.length === 2) return [Number(attr.values[0]), Number(attr.values[1])];
  }
  return undefined;
}
