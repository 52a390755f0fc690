import { StringAttr } from './builtin-attributes.js';
import { RankedTensorType, ShapedType } from './builtin-types.js';
import type { Operation } from './operation.js';
import { defineTrait, type Trait } from './trait.js';
import { getElementTypeOrSelf, haveCompatibleShapes, isCompatibleShape, isMappable } from './type-utilities.js';

/** The operation ends its block; it must be the last operation there. */
export const Terminator = defineTrait('Terminator', {
  verify(op) {
    const b = op.parentBlock;
    if (b && b.lastOp !== op) {
      op.emitOpError('must be the last operation in the parent block');
      return false;
    }
    return true;
  },
});

/** Regions of the op need no terminator (e.g. builtin.module). */
export const NoTerminator = defineTrait('NoTerminator');

/** Regions of the op have at most one block, which (unless the op is NoTerminator) is not empty. */
export const SingleBlock = defineTrait('SingleBlock', {
  verify(op) {
    for (const r of op.regions) {
      if (r.numBlocks > 1) {
        op.emitOpError(`expects region #${r.index} to have 0 or 1 blocks`);
        return false;
      }
      if (r.firstBlock?.empty && !op.hasTrait(NoTerminator)) {
        op.emitOpError('expects a non-empty block');
        return false;
      }
    }
    return true;
  },
});

/** The op has no regions. */
export const ZeroRegions = defineTrait('ZeroRegions', {
  signatureOnly: true,
  verify(op) {
    if (op.numRegions !== 0) {
      op.emitOpError(`requires zero regions`);
      return false;
    }
    return true;
  },
});

/** No region of the op may use a value defined outside of it (checked by the verifier's isolation walk). */
export const IsolatedFromAbove = defineTrait('IsolatedFromAbove');

/**
 * The op's regions are scopes for automatic (stack) allocations, freed when control leaves them (MLIR's
 * AutomaticAllocationScope): `memref.alloca` needs such an ancestor.
 */
export const AutomaticAllocationScope = defineTrait('AutomaticAllocationScope');

/** The op's regions are graph regions: no dominance requirement and no terminator needed between ops. */
export const GraphRegion = defineTrait('GraphRegion');

/** The op's entry blocks take no arguments. */
export const NoRegionArguments = defineTrait('NoRegionArguments', {
  verify(op) {
    for (const r of op.regions) {
      if (r.firstBlock && r.firstBlock.numArguments !== 0) {
        op.emitOpError(op.numRegions === 1 ? 'region should have no arguments' : `region #${r.index} should have no arguments`);
        return false;
      }
    }
    return true;
  },
});

/** The op defines a symbol: it has a string `sym_name` property or attribute. */
export const SymbolTrait = defineTrait('Symbol', {
  verify(op) {
    if (!(op.getInherentOrDiscardable('sym_name') instanceof StringAttr)) {
      op.emitOpError(`requires string attribute 'sym_name'`);
      return false;
    }
    return true;
  },
});

export { SymbolTableTrait } from './symbol-table-trait.js';

/** The op has no side effects (may be removed when unused, hoisted, CSE'd). */
export const Pure = defineTrait('Pure');

/**
 * The op materializes a constant: no operands, one result, and its `fold` returns the constant's attribute
 * (MLIR's ConstantLike). Folding looks through such ops to find constant operands.
 */
export const ConstantLike = defineTrait('ConstantLike');

/** The op's operation is commutative in its operands. */
export const Commutative = defineTrait('Commutative');

/** The op returns control to the parent op (like func.return or scf.yield). */
export const ReturnLike = defineTrait('ReturnLike');

/**
 * All operands and results have one type, up to shapes: the same element type and encoding, shapes compatible
 * (`tensor<?xf32>` goes with `tensor<4xf32>`), as MLIR's verifySameOperandsAndResultType. Ops whose result type
 * is inferred from their operands add `InferredSameOperandsAndResultType` for the exact check.
 */
export const SameOperandsAndResultType = defineTrait('SameOperandsAndResultType', {
  signatureOnly: true,
  verify(op) {
    if (!atLeastOneOperandAndResult(op)) return false;
    const values = op.operandValues;
    const type = op.getResult(0).type;
    const nr = op.numResults;
    const n = values.length + nr;
    for (let i = 1; i < n; i++) {
      const t = i < nr ? op.getResult(i).type : values[i - nr]!.type;
      if (t === type) continue;
      const encoding = type instanceof RankedTensorType ? type.encoding : undefined;
      if (getElementTypeOrSelf(t) !== getElementTypeOrSelf(type) || !isCompatibleShape(t, type)) {
        op.emitOpError('requires the same type for all operands and results');
        return false;
      }
      if (encoding !== undefined && (!(t instanceof RankedTensorType) || t.encoding !== encoding)) {
        op.emitOpError('requires the same encoding for all operands and results');
        return false;
      }
    }
    return true;
  },
});

/**
 * The check of MLIR's InferTypeOpInterface for an op whose result types are inferred as its first operand's
 * (what ODS derives from SameOperandsAndResultType): every result has exactly that type. Put it after the
 * op's other traits, where MLIR runs interface verifiers.
 */
export const InferredSameOperandsAndResultType = defineTrait('InferTypeOpInterface', {
  signatureOnly: true,
  verify(op) {
    if (op.numOperands === 0) return true;
    const inferred = op.operandValues[0]!.type;
    const nr = op.numResults;
    for (let i = 0; i < nr; i++) {
      if (op.getResult(i).type === inferred) continue;
      const name = op.name;
      const rs = op.results;
      op.emitError(
        `'${name}' op inferred type(s) ${rs.map(() => `'${inferred}'`).join(', ')} are incompatible with return type(s) of operation ${rs.map((r) => `'${r.type}'`).join(', ')}`,
      );
      op.emitOpError('failed to infer returned types');
      return false;
    }
    return true;
  },
});

/** Operands and results all have compatible shapes (MLIR's SameOperandsAndResultShape). */
export const SameOperandsAndResultShape = defineTrait('SameOperandsAndResultShape', {
  signatureOnly: true,
  verify(op) {
    if (!atLeastOneOperandAndResult(op)) return false;
    if (haveCompatibleShapes(op)) return true;
    op.emitOpError('requires the same shape for all operands and results');
    return false;
  },
});

/**
 * The op applies elementwise to vectors and tensors (MLIR's Elementwise, the verifying part of
 * ElementwiseMappable): if any operand or result is a vector or tensor, all results are, and all of those
 * operands and results are of one kind with compatible shapes; scalar operands are broadcast.
 */
export const Elementwise = defineTrait('Elementwise', {
  signatureOnly: true,
  verify(op) {
    const values = op.operandValues;
    // The common case, all scalars, with one instanceof per value.
    let shaped = false;
    const nr = op.numResults;
    for (let i = 0; i < nr && !shaped; i++) shaped = op.getResult(i).type instanceof ShapedType;
    for (let i = 0; i < values.length && !shaped; i++) shaped = values[i]!.type instanceof ShapedType;
    if (!shaped) return true;
    const rs = op.results;
    let mappableResults = 0;
    for (let i = 0; i < rs.length; i++) if (isMappable(rs[i]!.type)) mappableResults++;
    let mappableOperands = 0;
    let kind: Function | undefined;
    let sameKind = true;
    for (let i = 0; i < values.length; i++) {
      const t = values[i]!.type;
      if (!isMappable(t)) continue;
      mappableOperands++;
      if (kind === undefined) kind = t.constructor;
      else if (t.constructor !== kind) sameKind = false;
    }
    if (mappableResults === 0 && mappableOperands === 0) return true;
    if (mappableOperands === 0) return fail(op, 'if a result is non-scalar, then at least one operand must be non-scalar');
    if (mappableResults === 0) return fail(op, 'if an operand is non-scalar, then there must be at least one non-scalar result');
    if (mappableResults !== rs.length) return fail(op, 'if an operand is non-scalar, then all results must be non-scalar');
    for (let i = 0; i < rs.length; i++) if (rs[i]!.type.constructor !== kind) sameKind = false;
    if (!sameKind || !haveCompatibleShapes(op, true)) return fail(op, 'all non-scalar operands/results must have the same shape and base type');
    return true;
  },
});

function atLeastOneOperandAndResult(op: Operation): boolean {
  if (op.numOperands < 1) return fail(op, `expected 1 or more operands, but found ${op.numOperands}`);
  if (op.numResults < 1) return fail(op, `expected 1 or more results, but found ${op.numResults}`);
  return true;
}

function fail(op: Operation, message: string): false {
  op.emitOpError(message);
  return false;
}

/** All operands have one and the same type. */
export const SameTypeOperands = defineTrait('SameTypeOperands', {
  signatureOnly: true,
  verify(op) {
    const types = op.operands.map((v) => v.type);
    if (types.some((t) => t !== types[0])) {
      op.emitOpError('requires all operands to have the same type');
      return false;
    }
    return true;
  },
});

/** The op may only appear directly inside one of the named ops. */
export function HasParent(...parents: string[]): Trait {
  return defineTrait(`HasParent<${parents.join(', ')}>`, {
    verify(op) {
      const p = op.parentOp;
      if (!p || !parents.includes(p.name)) {
        op.emitOpError(
          parents.length === 1 ? `expects parent op '${parents[0]}'` : `expects parent op to be one of '${parents.join(', ')}'`,
        );
        return false;
      }
      return true;
    },
  });
}

/** A fixed number of operands / results / successors. */
export function NOperands(n: number): Trait {
  return defineTrait(`NOperands<${n}>`, {
    signatureOnly: true,
    verify(op) {
      if (op.numOperands !== n) {
        // MLIR's ZeroOperands / OneOperand / NOperands<n> messages.
        op.emitOpError(
          n === 0 ? 'requires zero operands' : n === 1 ? 'requires a single operand' : `expected ${n} operands, but found ${op.numOperands}`,
        );
        return false;
      }
      return true;
    },
  });
}

export function NResults(n: number): Trait {
  return defineTrait(`NResults<${n}>`, {
    signatureOnly: true,
    verify(op) {
      if (op.numResults !== n) {
        op.emitOpError(n === 0 ? 'requires zero results' : n === 1 ? 'requires one result' : `expected ${n} results`);
        return false;
      }
      return true;
    },
  });
}

export function NRegions(n: number): Trait {
  return defineTrait(`NRegions<${n}>`, {
    signatureOnly: true,
    verify(op) {
      if (op.numRegions !== n) {
        op.emitOpError(n === 0 ? 'requires zero regions' : n === 1 ? 'requires one region' : `expected ${n} regions`);
        return false;
      }
      return true;
    },
  });
}
