import { FunctionOpInterface, FunctionType, Operation, TypeAttr, getFunctionType, type Type, type Value } from '@tlir/ir';
import { rootNameOf, type PatternRoot } from '../pattern.js';
import { OpConversionPattern, type ConversionPatternRewriter, type OpAdaptor } from './dialect-conversion.js';
import type { TypeConverter } from './type-converter.js';

/**
 * Converts the signature of function-like ops (FunctionOpInterface, or the ops of `root`, a definition or name): their
 * `function_type` and the arguments of their body's entry block (MLIR's
 * populateFunctionOpInterfaceTypeConversionPattern). Pair it with `isFunctionSignatureLegal` as the ops'
 * dynamic legality, and with `typeConversionPattern` for the returns and calls.
 */
export class FunctionSignatureConversion extends OpConversionPattern {
  constructor(typeConverter: TypeConverter, root?: PatternRoot) {
    super(root, { typeConverter, debugName: 'FunctionSignatureConversion' });
  }

  matchAndRewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
    if (this.rootName === undefined && !FunctionOpInterface.get(op)) return false;
    const type = getFunctionType(op);
    if (!type) return rewriter.notifyMatchFailure(op, 'no function_type');
    const tc = this.typeConverter!;
    const signature = tc.convertSignatureArgs(type.inputs);
    const results = tc.convertTypes(type.results);
    if (!signature || !results) return rewriter.notifyMatchFailure(op, 'a type of the signature cannot be converted');
    const body = op.regions[0];
    if (body && !body.empty && !rewriter.convertRegionTypes(body, tc, signature)) {
      return rewriter.notifyMatchFailure(op, 'a block argument type cannot be converted');
    }
    const ctx = op.context;
    const attr = TypeAttr.get(ctx, FunctionType.get(ctx, signature.convertedTypes, results));
    rewriter.modifyOpInPlace(op, () => {
      if (op.getProperty('function_type')) op.setProperty('function_type', attr);
      else op.setAttr('function_type', attr);
    });
    return true;
  }
}

/** Whether a function-like op's signature and block arguments are legal for `typeConverter`. */
export function isFunctionSignatureLegal(typeConverter: TypeConverter, op: Operation): boolean {
  const type = getFunctionType(op);
  return (!type || typeConverter.isSignatureLegal(type)) && typeConverter.hasLegalRegionTypes(op);
}

/**
 * Rebuilds the ops of `root` (a definition or an op name; any op when undefined) with converted operand and result types, keeping
 * their name, attributes, properties, successors and regions (moved): for ops whose only tie to the types is
 * their operands and results, such as returns and calls (MLIR's return/call type conversion patterns). A type
 * converted 1:N gives several operands or results in its place.
 */
export function typeConversionPattern(typeConverter: TypeConverter, root?: PatternRoot): OpConversionPattern {
  const rootName = rootNameOf(root);
  return new (class extends OpConversionPattern {
    matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
      const groups: Type[][] = [];
      for (const r of op.results) {
        const t = typeConverter.convertTypeToMany(r.type);
        if (!t) return rewriter.notifyMatchFailure(op, `result type ${r.type} cannot be converted`);
        groups.push([...t]);
      }
      const operands: Value[] = adaptor.operandGroups.flat();
      if (typeConverter.isLegal(op) && operands.every((v, i) => v === op.operandValues[i])) return false;
      const created = Operation.create(op.context, {
        name: op.name,
        operands,
        resultTypes: groups.flat(),
        attributes: op.attributes,
        properties: op.properties,
        successors: op.successors,
        regions: op.numRegions,
        loc: op.loc,
      });
      for (let i = 0; i < op.numRegions; i++) rewriter.inlineRegionBefore(op.regions[i]!, created.regions[i]!, null);
      rewriter.insert(created);
      let next = 0;
      rewriter.replaceOpWithMultiple(
        op,
        groups.map((g) => created.results.slice(next, (next += g.length))),
      );
      return true;
    }
  })(root, { typeConverter, debugName: `TypeConversion(${rootName ?? 'any op'})` });
}
