// tl.func to func.func: the converted signature, the body moved as it is (its ops are converted after it), a
// func.return at its end, and the work-group size the kernel is lowered for as an attribute.
import { DenseArrayAttr, FunctionType, IntegerType, TypeAttr, getFunctionType, type NamedAttribute, type Operation } from '@tlir/ir';
import { defineConversionPattern, type OpConversionPattern, type TypeConverter } from '@tlir/rewrite';
import type { TlToKrnlOptions } from './options.js';
import { chooseWorkGroupSize } from './work-group-size.js';
import { FuncOp as FuncFuncOp } from '@tlir/dialect-func';

/** The discardable attributes of the lowered func.func that carry the kernel's launch shape (as tl.func names them). */
export const WORK_GROUP_SIZE_ATTR = 'work_group_size';
export const SUBGROUP_SIZE_ATTR = 'subgroup_size';

/**
 * `tl.func @k(...) attributes {work_group_size = array<i32: 64, 4>}` -> `func.func @k(...) attributes
 * {work_group_size = array<i32: 64, 4>, subgroup_size = 16 : i32}`: `work_group_size` is always set (to the size
 * chosen by the option, the attribute or the heuristic), `subgroup_size` kept when the kernel has one.
 */
export function functionPattern(typeConverter: TypeConverter, options: TlToKrnlOptions | ((fn: Operation) => TlToKrnlOptions)): OpConversionPattern {
  const optionsOf = typeof options === 'function' ? options : (): TlToKrnlOptions => options;
  return defineConversionPattern(
    'tl.func',
    function lowerFunc(op, _adaptor, rewriter) {
      const ctx = rewriter.context;
      const type = getFunctionType(op)!;
      const signature = typeConverter.convertSignatureArgs(type.inputs);
      if (!signature) return rewriter.notifyMatchFailure(op, 'an argument type cannot be converted');
      const [x, y] = chooseWorkGroupSize(op, optionsOf(op));
      const attributes: NamedAttribute[] = [
        { name: 'sym_name', value: op.getInherentOrDiscardable('sym_name')! },
        { name: 'function_type', value: TypeAttr.get(ctx, FunctionType.get(ctx, signature.convertedTypes, [])) },
      ];
      for (const name of ['sym_visibility', 'arg_attrs']) {
        const v = op.getInherentOrDiscardable(name);
        if (v) attributes.push({ name, value: v });
      }
      attributes.push({ name: WORK_GROUP_SIZE_ATTR, value: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [x, y]) });
      const subgroup = op.getInherentOrDiscardable(SUBGROUP_SIZE_ATTR);
      if (subgroup) attributes.push({ name: SUBGROUP_SIZE_ATTR, value: subgroup });
      for (const a of op.attributes.entries) if (!attributes.some((b) => b.name === a.name)) attributes.push(a);
      const fn = rewriter.create({ name: 'func.func', attributes, regions: 1 });
      const body = fn.regions[0]!;
      rewriter.inlineRegionBefore(op.regions[0]!, body, null);
      const block = rewriter.convertRegionTypes(body, typeConverter, signature);
      if (block) {
        rewriter.setInsertionPointToEnd(block);
        rewriter.create({ name: 'func.return' });
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
