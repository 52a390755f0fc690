// The type of a dispatch, with the dynamic dimensions of its tensors and its tied results (IREE's
// custom<ShapedFunctionType>): `(tensor<?x4xf32>{%d}, index) -> (tensor<4xf32>, %arg0{%d})`.
import { DenseArrayAttr, Index, IntegerType, type OpAsmParser, type OpAsmPrinter, type Operation, type OperationState, type Type, type UnresolvedOperand, type Value } from '@tlir/ir';
import { parseDynamicDims, parseShapedTypeList, printDynamicDims, printShapedTypeList } from './shaped-dims.js';
import { UNTIED, tiedOperandIndices, tiedOperandsAttr } from './tied-operands.js';

/** What `(...) -> ...` gives: the argument and result types, their dynamic dimensions, and the tied results. */
export interface ShapedFunctionType {
  argumentTypes: Type[];
  argumentDims: UnresolvedOperand[];
  resultTypes: Type[];
  resultDims: UnresolvedOperand[];
  /** Per result: the index of the argument it is tied to, or UNTIED. */
  tiedOperands: number[];
}

const sameOperand = (a: UnresolvedOperand, b: UnresolvedOperand): boolean => a.name === b.name && a.number === b.number;

/**
 * Parses the type after `:`, given the arguments written before it (a result written as one of them, `%arg0` or
 * `%arg0 as tensor<...>`, is tied to it and takes its type unless `as` gives another).
 */
export function parseShapedFunctionType(p: OpAsmParser, args: readonly UnresolvedOperand[]): ShapedFunctionType {
  const f: ShapedFunctionType = { argumentTypes: [], argumentDims: [], resultTypes: [], resultDims: [], tiedOperands: [] };
  p.parseLParen();
  if (!p.parseOptionalRParen()) {
    parseShapedTypeList(p, f.argumentTypes, f.argumentDims);
    p.parseRParen();
  }
  if (f.argumentTypes.length !== args.length) {
    p.emitError(`the type lists ${f.argumentTypes.length} argument type${f.argumentTypes.length === 1 ? '' : 's'} for ${args.length} argument${args.length === 1 ? '' : 's'}`);
  }
  p.parseArrow();
  const parseResults = (): void => {
    do parseResult(p, args, f);
    while (p.parseOptionalComma());
  };
  if (p.parseOptionalLParen()) {
    if (!p.parseOptionalRParen()) {
      parseResults();
      p.parseRParen();
    }
  } else parseResults();
  return f;
}

function parseResult(p: OpAsmParser, args: readonly UnresolvedOperand[], f: ShapedFunctionType): void {
  const tied = p.parseOptionalOperand();
  let type: Type;
  let index = UNTIED;
  if (tied) {
    index = args.findIndex((a) => sameOperand(a, tied));
    if (index < 0) p.emitError(`tied operand not found for result reference %${tied.name}${tied.number ? `#${tied.number}` : ''}`, tied.loc);
    type = p.parseOptionalKeyword('as') ? p.parseType() : f.argumentTypes[index]!;
  } else type = p.parseType();
  f.resultTypes.push(type);
  f.tiedOperands.push(index);
  parseDynamicDims(p, type, f.resultDims);
}

/**
 * Adds what a dispatch's custom form gave (flow.dispatch, flow.dispatch.workgroups) to `state`: the operands in
 * their order (workload, arguments, argument dims, result dims) with their segment sizes, the result types, and
 * the tied operands when a result is tied to an argument.
 */
export function addDispatchOperands(
  p: OpAsmParser,
  state: OperationState,
  workload: readonly UnresolvedOperand[],
  args: readonly UnresolvedOperand[],
  f: ShapedFunctionType,
): void {
  const ctx = p.context;
  const index = Index.build!(ctx);
  state.addOperands(
    ...p.resolveOperands(workload, workload.map(() => index)),
    ...p.resolveOperands(args, f.argumentTypes),
    ...p.resolveOperands(f.argumentDims, f.argumentDims.map(() => index)),
    ...p.resolveOperands(f.resultDims, f.resultDims.map(() => index)),
  );
  state.addTypes(...f.resultTypes);
  if (f.tiedOperands.some((t) => t !== UNTIED)) state.addAttribute('tied_operands', tiedOperandsAttr(ctx, f.tiedOperands));
  state.addAttribute(
    'operandSegmentSizes',
    DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [workload.length, args.length, f.argumentDims.length, f.resultDims.length]),
  );
}

/**
 * Prints `(types{dims}) -> results` for an op whose arguments are `args` (with `argDims`) and whose results have
 * `resultDims`; tied results print as their operand, with `as type` when the type differs.
 */
export function printShapedFunctionType(
  p: OpAsmPrinter,
  op: Operation,
  args: readonly Value[],
  argDims: readonly Value[],
  resultDims: readonly Value[],
): void {
  p.write('(');
  printShapedTypeList(p, args.map((a) => a.type), argDims);
  p.write(') -> ');
  const results = op.results;
  const tied = tiedOperandIndices(op);
  if (results.length !== 1) p.write('(');
  const next = { index: 0 };
  results.forEach((r, i) => {
    if (i) p.write(', ');
    const t = tied[i]!;
    const operand = t !== UNTIED ? args[t] : undefined;
    if (operand) {
      p.printOperand(operand);
      if (operand.type !== r.type) {
        p.write(' as ');
        p.printType(r.type);
      }
    } else p.printType(r.type);
    printDynamicDims(p, r.type, resultDims, next);
  });
  if (results.length !== 1) p.write(')');
}
