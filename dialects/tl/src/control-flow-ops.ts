import {
  AnyType,
  Block,
  DictionaryAttr,
  HasParent,
  I1,
  IndexType,
  IntegerType,
  MaxSizedRegion,
  NoRegionArguments,
  NoTerminator,
  Optional,
  SameAs,
  SingleBlock,
  SizedRegion,
  Terminator,
  Variadic,
  defineOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Region,
  type Type,
} from '@tlir/ir';
import { NESTED_SPMD, YIELD_PARENTS, ifElseProblem, ifYieldProblem, yieldTypesProblem } from './region-rules.js';
import { loopTypeProblem } from './scalar-rules.js';
import { TlScalar } from './type-constraints.js';

/**
 * The instructions with regions (spec: For, Foreach, If) and yield. Their regions have one block and need no
 * terminator; a for's and a foreach's block takes the loop variable.
 */

const quoted = (t: Type): string => `'${t}'`;

function printAttrs(p: OpAsmPrinter, op: Operation): void {
  const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
  const dict = props && props.entries.length ? DictionaryAttr.get(op.context, [...props.entries, ...op.attributes.entries]) : op.attributes;
  p.printOptionalAttrDict(dict, ['operandSegmentSizes']);
}

/** `%i = %from to %to [step %step] [: type] { ... }` (the type defaults to index, as in the tensor language). */
function parseLoop(p: OpAsmParser, state: OperationState, withStep: boolean): boolean {
  const iv = p.parseArgument();
  p.parseEqual();
  const from = p.parseOperand();
  p.parseKeyword('to');
  const to = p.parseOperand();
  const step = withStep && p.parseOptionalKeyword('step') ? p.parseOperand() : undefined;
  const type = p.parseOptionalColon() ? p.parseType() : IndexType.get(p.context);
  iv.type = type;
  p.parseRegion(state.addRegion(), [iv]);
  // The bounds are resolved after the body, as MLIR's loops do: a use of a value defined inside is an error.
  state.operands.push(p.resolveOperand(from, type), p.resolveOperand(to, type));
  if (step) state.operands.push(p.resolveOperand(step, type));
  p.parseOptionalAttrDict(state.attributes);
  return true;
}

function printLoop(op: Operation, p: OpAsmPrinter): void {
  const body = op.regions[0]!;
  const iv = body.firstBlock?.args[0];
  p.write(' ');
  if (iv) p.printOperand(iv);
  else p.write('<<no loop variable>>');
  p.write(' = ');
  p.printOperand(op.getOperand(0));
  p.write(' to ');
  p.printOperand(op.getOperand(1));
  if (op.numOperands > 2) {
    p.write(' step ');
    p.printOperand(op.getOperand(2));
  }
  p.write(' : ');
  p.printType(op.getOperand(0).type);
  p.write(' ');
  p.printRegion(body, { printEntryBlockArgs: false });
  printAttrs(p, op);
}

/** The loop rules: an integer loop variable type, a body block taking the loop variable. */
function verifyLoop(op: Operation): boolean {
  const type = op.getOperand(0).type;
  const problem = loopTypeProblem(type, quoted);
  if (problem) {
    op.emitOpError(problem);
    return false;
  }
  const block = op.regions[0]!.firstBlock;
  if (block && (block.numArguments !== 1 || block.args[0]!.type !== type)) {
    op.emitOpError(`expects its body to take one argument, the loop variable, of type ${quoted(type)}`);
    return false;
  }
  return true;
}

/** `tl.for %i = %from to %to step %step : i32 { ... }`: a sequential loop over [from, to). */
export const ForOp = defineOp('tl.for', {
  summary: 'A sequential loop (mixed region)',
  description: `
spec: For. The loop variable, the bounds and the step (1 when absent) have one integer type (index by default).
The body is a mixed region, unless the loop is inside a foreach.
`,
  operands: { from: AnyType, to: SameAs('from'), step: Optional(SameAs('from')) },
  regions: { body: SizedRegion(1) },
  traits: [SingleBlock, NoTerminator],
  defaultDialect: 'tl',
  parse: (p, state) => parseLoop(p, state, true),
  print: (v, p) => printLoop(v.op, p),
  verify: (v) => verifyLoop(v.op),
});

/** Whether `op` is inside an spmd region: nested, at any depth, in a tl.foreach (spec: Execution model). */
export function isInSpmdRegion(op: Operation): boolean {
  for (let p = op.parentOp; p; p = p.parentOp) if (ForeachOp.is(p)) return true;
  return false;
}

/** `tl.foreach %i = %from to %to : index { ... }`: iterations spread over the work-items. */
export const ForeachOp = defineOp('tl.foreach', {
  summary: 'A loop spread over the work-items (spmd region)',
  description: `
spec: Foreach. The iterations run in no particular order, spread over the work-items: the body is an spmd region,
where collective instructions are not allowed, and which must not be nested in another one.
`,
  operands: { from: AnyType, to: SameAs('from') },
  regions: { body: SizedRegion(1) },
  traits: [SingleBlock, NoTerminator],
  defaultDialect: 'tl',
  parse: (p, state) => parseLoop(p, state, false),
  print: (v, p) => printLoop(v.op, p),
  verify(v) {
    if (isInSpmdRegion(v.op)) {
      v.op.emitOpError(NESTED_SPMD);
      return false;
    }
    return verifyLoop(v.op);
  },
});

/** Whether the block of `region` ends with a tl.yield. */
function endsWithYield(region: Region): boolean {
  const last = region.firstBlock?.lastOp;
  return last !== undefined && last !== null && YieldOp.is(last);
}

/** `%r = tl.if %c -> (i32) { ... tl.yield %a : i32 } else { ... }`. */
export const IfOp = defineOp('tl.if', {
  summary: 'A conditional with optional results',
  description: `
spec: If. Both regions are mixed regions. With results, both regions end with a \`tl.yield\` of values of the
result types, and the else region cannot be left out.
`,
  operands: { condition: I1 },
  results: { results: Variadic(TlScalar) },
  regions: { then: SizedRegion(1), else: MaxSizedRegion(1) },
  traits: [SingleBlock, NoTerminator, NoRegionArguments],
  defaultDialect: 'tl',
  parse(p, state) {
    const then = state.addRegion();
    const otherwise = state.addRegion();
    state.operands.push(p.resolveOperand(p.parseOperand(), IntegerType.get(p.context, 1)));
    const types = p.parseOptionalArrowTypeList();
    if (types) state.resultTypes.push(...types);
    // `{}` parses to a region without blocks; the regions of a tl.if hold a block, empty or not (as ODS's parsers
    // do for single-block regions without terminator).
    p.parseRegion(then);
    if (then.empty) then.pushBack(new Block());
    if (p.parseOptionalKeyword('else')) {
      p.parseRegion(otherwise);
      if (otherwise.empty) otherwise.pushBack(new Block());
    }
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(v, p) {
    const op = v.op;
    p.write(' ');
    p.printOperand(v.condition);
    if (op.numResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    p.printRegion(op.regions[0]!);
    if (!op.regions[1]!.empty) {
      p.write(' else ');
      p.printRegion(op.regions[1]!);
    }
    printAttrs(p, op);
  },
  verify(v) {
    const op = v.op;
    const problem =
      ifElseProblem(op.numResults, !op.regions[1]!.empty) ??
      ifYieldProblem('then', op.numResults, endsWithYield(op.regions[0]!)) ??
      ifYieldProblem('else', op.numResults, endsWithYield(op.regions[1]!));
    if (problem) op.emitOpError(problem);
    return !problem;
  },
});

/** `tl.yield %a, %b : i32, f32`: gives back the results of the enclosing tl.if (a tl.for takes none). */
export const YieldOp = defineOp('tl.yield', {
  summary: 'Returns values from an if',
  description: `
spec: Yield. The last instruction of a region of \`tl.if\` (or \`tl.for\`); its values have the if's result types
(a for has none).
`,
  operands: { values: Variadic(TlScalar) },
  traits: [Terminator, HasParent(...YIELD_PARENTS.map((p) => `tl.${p}`))],
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
  verify(v) {
    const parent = v.op.parentOp;
    if (!parent) return true;
    const problem = yieldTypesProblem(
      v.values.map((x) => x.type),
      parent.resultTypes,
      IfOp.is(parent) ? 'if' : 'for',
      quoted,
    );
    if (problem) v.op.emitOpError(problem);
    return !problem;
  },
});
