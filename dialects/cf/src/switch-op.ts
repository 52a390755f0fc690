import {
  AnyInteger,
  AnySuccessor,
  AnyType,
  BranchOpInterface,
  DenseArrayAttr,
  DenseElementsAttr,
  DenseI32ArrayAttr,
  DictionaryAttr,
  IntegerType,
  OptionalAttr,
  Pure,
  Terminator,
  Variadic,
  VariadicSuccessor,
  VectorType,
  attrConstraint,
  defineOp,
  defineTrait,
  type Attribute,
  type Block,
  type Operation,
  type Value,
} from '@tlir/ir';
import { definePattern, getConstantValue, type PatternRewriter } from '@tlir/rewrite';
import { BranchOp } from './branch-op.js';
import { collapseBranch, sameValues, type SuccessorEdge } from './collapse-branch.js';
import { constantIntValue } from './constant-condition.js';

const SEGMENTS = 'operandSegmentSizes';
const CASE_SEGMENTS = 'case_operand_segments';
const CASE_VALUES = 'case_values';

/** MLIR's AnyIntElementsAttr: dense elements of an integer type. */
const isIntElements = (a: Attribute): boolean => a instanceof DenseElementsAttr && a.type.elementType instanceof IntegerType;
const AnyIntElementsAttr = attrConstraint<DenseElementsAttr>('integer elements attribute', isIntElements, { storage: isIntElements });

/**
 * The case operands add up to what `case_operand_segments` says (ODS's check of a VariadicOfVariadic operand group):
 * a trait, so that it runs with the op's invariants, before the successor operands are checked.
 */
const CaseOperandSegments = defineTrait('CaseOperandSegments', {
  verify(op) {
    const total = caseSegmentsOf(op).reduce((a, b) => a + b, 0);
    const n = segmentsOf(op)[2]!;
    if (total !== n) {
      op.emitOpError(`caseOperands count (${n}) does not match with the total size (${total}) specified in attribute '${CASE_SEGMENTS}'`);
      return false;
    }
    return true;
  },
});

/**
 * `cf.switch %flag : i32, [default: ^bb1(%a : i32), 42: ^bb2, 43: ^bb3(%b : f32)]`: branches to the block of the
 * case whose value equals `%flag`, else to the default block, each with its own operands.
 */
export const SwitchOp = defineOp('cf.switch', {
  summary: 'Switch operation',
  description: `
The \`cf.switch\` terminator operation represents a switch on a signless integer value. If the flag matches one of
the specified cases, then the corresponding destination is jumped to. If the flag does not match any of the cases,
the default destination is jumped to. The count and types of operands must align with the arguments in the
corresponding target blocks.

Example:

\`\`\`mlir
cf.switch %flag : i32, [
  default: ^bb1(%a : i32),
  42: ^bb1(%b : i32),
  43: ^bb3(%c : i32)
]
\`\`\`
`,
  operands: { flag: AnyInteger, defaultOperands: Variadic(AnyType), caseOperands: Variadic(AnyType) },
  properties: { case_values: OptionalAttr(AnyIntElementsAttr), case_operand_segments: DenseI32ArrayAttr },
  successors: { defaultDestination: AnySuccessor, caseDestinations: VariadicSuccessor(AnySuccessor) },
  traits: [Pure, Terminator, CaseOperandSegments],
  interfaces: [
    BranchOpInterface.implement({
      getSuccessorOperandRange(op, index) {
        const seg = segmentsOf(op);
        if (index === 0) return [1, seg[1]!];
        const cases = caseSegmentsOf(op);
        let start = 1 + seg[1]!;
        for (let i = 0; i < index - 1; i++) start += cases[i] ?? 0;
        return [start, cases[index - 1] ?? 0];
      },
      eraseSuccessorOperand(op, index, i) {
        const seg = segmentsOf(op);
        const cases = caseSegmentsOf(op);
        const ctx = op.context;
        const i32 = IntegerType.get(ctx, 32);
        if (index === 0) {
          op.eraseOperand(1 + i);
          seg[1]!--;
        } else {
          let start = 1 + seg[1]!;
          for (let k = 0; k < index - 1; k++) start += cases[k] ?? 0;
          op.eraseOperand(start + i);
          cases[index - 1]!--;
          seg[2]!--;
          op.setProperty(CASE_SEGMENTS, DenseArrayAttr.get(ctx, i32, cases));
        }
        op.setProperty(SEGMENTS, DenseArrayAttr.get(ctx, i32, seg));
      },
      appendSuccessorOperands(op, index, values) {
        const seg = segmentsOf(op);
        const cases = caseSegmentsOf(op);
        const ctx = op.context;
        const i32 = IntegerType.get(ctx, 32);
        let end = 1 + seg[1]!;
        if (index === 0) seg[1]! += values.length;
        else {
          for (let k = 0; k < index; k++) end += cases[k] ?? 0;
          cases[index - 1]! += values.length;
          seg[2]! += values.length;
          op.setProperty(CASE_SEGMENTS, DenseArrayAttr.get(ctx, i32, cases));
        }
        op.insertOperands(end, values);
        op.setProperty(SEGMENTS, DenseArrayAttr.get(ctx, i32, seg));
      },
    }),
  ],
  parse(p, state) {
    const ctx = p.context;
    const flag = p.parseOperand();
    p.parseColon();
    const flagType = p.parseType();
    p.parseComma();
    p.parseLSquare();
    p.parseKeyword('default');
    p.parseColon();
    const defaultOperands: Value[] = [];
    const defaultDest = p.parseSuccessorAndUseList(defaultOperands);
    const width = flagType instanceof IntegerType ? flagType.width : 64;
    const values: bigint[] = [];
    const dests: Block[] = [];
    const caseOperands: Value[] = [];
    const caseSegments: number[] = [];
    while (p.parseOptionalComma()) {
      // MLIR reads a case value as an int64_t, then truncates it to the flag's width.
      const loc = p.getCurrentLocation();
      const value = p.parseInteger();
      if (value !== BigInt.asIntN(64, value)) p.emitCustomOpError('integer value too large', loc);
      values.push(BigInt.asUintN(width, value));
      p.parseColon();
      const before = caseOperands.length;
      dests.push(p.parseSuccessorAndUseList(caseOperands));
      caseSegments.push(caseOperands.length - before);
    }
    p.parseRSquare();
    p.parseOptionalAttrDict(state.attributes);
    state.operands.push(p.resolveOperand(flag, flagType), ...defaultOperands, ...caseOperands);
    state.successors.push(defaultDest, ...dests);
    const i32 = IntegerType.get(ctx, 32);
    if (values.length) state.addAttribute(CASE_VALUES, DenseElementsAttr.get(ctx, VectorType.get(ctx, [values.length], flagType), values));
    state.addAttribute(CASE_SEGMENTS, DenseArrayAttr.get(ctx, i32, caseSegments));
    state.addAttribute(SEGMENTS, DenseArrayAttr.get(ctx, i32, [1, defaultOperands.length, caseOperands.length]));
    return true;
  },
  print(s, p) {
    const op = s.op;
    p.write(' ');
    p.printOperand(s.flag);
    p.write(' : ');
    p.printType(s.flag.type);
    p.write(', [');
    p.printNewline();
    p.write('  default: ');
    p.printSuccessorAndUseList(s.defaultDestination, s.defaultOperands);
    const values = s.case_values;
    if (values) {
      const width = s.flag.type instanceof IntegerType ? s.flag.type.width : 64;
      const dests = s.caseDestinations;
      for (let i = 0; i < dests.length; i++) {
        p.write(',');
        p.printNewline();
        // MLIR prints getLimitedValue(): the value as unsigned. For an i64 flag a value of 2^63 or more does not read
        // back (the parser takes an int64_t, mlir-opt 22 too), so tlir prints those as the negative values they are.
        const unsigned = BigInt.asUintN(Math.min(width, 64), BigInt(values.at(i)));
        p.write(`  ${width === 64 ? BigInt.asIntN(64, unsigned) : unsigned}: `);
        p.printSuccessorAndUseList(dests[i]!, caseOperandsOf(op, i));
      }
      p.printNewline();
    }
    p.write(']');
    const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
    const elided = [CASE_VALUES, CASE_SEGMENTS, SEGMENTS];
    let dict = op.attributes;
    if (props && props.entries.some((e) => !elided.includes(e.name))) dict = DictionaryAttr.get(op.context, [...props.entries, ...op.attributes.entries]);
    p.printOptionalAttrDict(dict, elided);
  },
  verify(s) {
    const op = s.op;
    const values = s.case_values;
    const dests = s.caseDestinations;
    if (!values && dests.length === 0) return true;
    const flagType = s.flag.type;
    const caseType = values?.type.elementType;
    if (caseType !== flagType) {
      op.emitOpError(`'flag' type ('${flagType}') should match case value type ('${caseType}')`);
      return false;
    }
    const count = values!.type.numElements;
    if (count !== dests.length) {
      op.emitOpError(`number of case values (${count}) should match number of case destinations (${dests.length})`);
      return false;
    }
    return true;
  },
});

function segmentsOf(op: Operation): number[] {
  const attr = op.getProperty(SEGMENTS);
  return attr instanceof DenseArrayAttr ? attr.values.map(Number) : [1, 0, op.numOperands - 1];
}

function caseSegmentsOf(op: Operation): number[] {
  const attr = op.getProperty(CASE_SEGMENTS);
  return attr instanceof DenseArrayAttr ? attr.values.map(Number) : [];
}

/** The operands passed to case `i` (its successor is `i + 1`). */
function caseOperandsOf(op: Operation, i: number): Value[] {
  const seg = segmentsOf(op);
  const cases = caseSegmentsOf(op);
  let start = 1 + seg[1]!;
  for (let k = 0; k < i; k++) start += cases[k] ?? 0;
  const out: Value[] = [];
  for (let k = 0; k < (cases[i] ?? 0); k++) out.push(op.getOperand(start + k));
  return out;
}

/** The case values of a switch, as written in its attribute (signed, normalized to the flag's type). */
function caseValuesOf(op: Operation): bigint[] {
  const attr = op.getProperty(CASE_VALUES);
  if (!(attr instanceof DenseElementsAttr)) return [];
  const out: bigint[] = [];
  for (let i = 0; i < attr.type.numElements; i++) out.push(BigInt(attr.at(i)));
  return out;
}

/** A switch's cases: value, destination and operands. */
interface SwitchCase extends SuccessorEdge {
  value: bigint;
}

function casesOf(op: Operation): SwitchCase[] {
  const values = caseValuesOf(op);
  const dests = SwitchOp.wrap(op).caseDestinations;
  return values.map((value, i) => ({ value, dest: dests[i]!, operands: caseOperandsOf(op, i) }));
}

/** Replaces `op` by a switch on the same flag with `def` and `cases` (the order kept). */
function replaceWithSwitch(rewriter: PatternRewriter, op: Operation, def: SuccessorEdge, cases: readonly SwitchCase[]): void {
  const ctx = op.context;
  const s = SwitchOp.wrap(op);
  rewriter.setInsertionPoint(op);
  const flagType = s.flag.type;
  const replacement = SwitchOp.create(rewriter, {
    flag: s.flag,
    defaultOperands: def.operands,
    caseOperands: cases.flatMap((c) => c.operands),
    ...(cases.length ? { case_values: DenseElementsAttr.get(ctx, VectorType.get(ctx, [cases.length], flagType), cases.map((c) => c.value)) } : {}),
    case_operand_segments: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), cases.map((c) => c.operands.length)),
    defaultDestination: def.dest,
    caseDestinations: cases.map((c) => c.dest),
    attributes: op.attributes,
    loc: op.loc,
  });
  rewriter.replaceOp(op, replacement.op);
}

function replaceWithBranch(rewriter: PatternRewriter, op: Operation, edge: SuccessorEdge): void {
  rewriter.setInsertionPoint(op);
  rewriter.replaceOp(op, BranchOp.create(rewriter, { dest: edge.dest, destOperands: edge.operands, loc: op.loc }).op);
}

function defaultOf(op: Operation): SuccessorEdge {
  const s = SwitchOp.wrap(op);
  return { dest: s.defaultDestination, operands: s.defaultOperands };
}

/** The edge a switch takes for the flag value `value` (MLIR's foldSwitch). */
function edgeFor(op: Operation, value: bigint): SuccessorEdge {
  const width = (SwitchOp.wrap(op).flag.type as IntegerType).width;
  for (const c of casesOf(op)) if (BigInt.asUintN(width, c.value) === BigInt.asUintN(width, value)) return c;
  return defaultOf(op);
}

/** `cf.switch %f : i32, [default: ^bb1]` is `cf.br ^bb1` (MLIR's simplifySwitchWithOnlyDefault). */
export const SimplifySwitchWithOnlyDefault = definePattern(
  SwitchOp,
  (s, rewriter): boolean => {
    if (s.caseDestinations.length !== 0) return rewriter.notifyMatchFailure(s.op, 'the switch has cases');
    replaceWithBranch(rewriter, s.op, defaultOf(s.op));
    return true;
  },
  { debugName: 'simplifySwitchWithOnlyDefault' },
);

/** Cases that go where the default goes, with the same operands, are dropped (MLIR's dropSwitchCasesThatMatchDefault). */
export const DropSwitchCasesThatMatchDefault = definePattern(
  SwitchOp,
  (s, rewriter): boolean => {
    const def = defaultOf(s.op);
    const cases = casesOf(s.op);
    const kept = cases.filter((c) => !(c.dest === def.dest && sameValues(c.operands, def.operands)));
    if (kept.length === cases.length) return rewriter.notifyMatchFailure(s.op, 'no case matches the default');
    replaceWithSwitch(rewriter, s.op, def, kept);
    return true;
  },
  { debugName: 'dropSwitchCasesThatMatchDefault' },
);

/** A switch on a constant is a branch to that case, or to the default (MLIR's simplifyConstSwitchValue). */
export const SimplifyConstSwitchValue = definePattern(
  SwitchOp,
  (s, rewriter): boolean => {
    const value = constantIntValue(getConstantValue(s.flag));
    if (value === undefined) return rewriter.notifyMatchFailure(s.op, 'the flag is not a constant');
    replaceWithBranch(rewriter, s.op, edgeFor(s.op, value));
    return true;
  },
  { debugName: 'simplifyConstSwitchValue' },
);

/** Cases (and the default) that lead to blocks that only branch on go straight on (MLIR's simplifyPassThroughSwitch). */
export const SimplifyPassThroughSwitch = definePattern(
  SwitchOp,
  (s, rewriter): boolean => {
    let changed = false;
    const cases = casesOf(s.op).map((c) => {
      const e = collapseBranch(c);
      if (!e) return c;
      changed = true;
      return { value: c.value, dest: e.dest, operands: e.operands };
    });
    let def = defaultOf(s.op);
    const d = collapseBranch(def);
    if (d) {
      changed = true;
      def = d;
    }
    if (!changed) return rewriter.notifyMatchFailure(s.op, 'no destination only branches on');
    replaceWithSwitch(rewriter, s.op, def, cases);
    return true;
  },
  { debugName: 'simplifyPassThroughSwitch' },
);

/** The switch that ends the single predecessor of `op`'s block when it switches on the same flag. */
function predecessorSwitchOnSameFlag(op: Operation): { pred: Operation; block: Block } | undefined {
  const block = op.parentBlock!;
  const predBlock = block.singlePredecessor;
  const pred = predBlock?.lastOp;
  if (!pred || !SwitchOp.is(pred) || pred.getOperand(0) !== op.getOperand(0)) return undefined;
  return { pred, block };
}

/**
 * A switch in a case block of a switch on the same flag: the flag is that case's value (MLIR's
 * simplifySwitchFromSwitchOnSameCondition).
 */
export const SimplifySwitchFromSwitchOnSameCondition = definePattern(
  SwitchOp,
  (s, rewriter): boolean => {
    const found = predecessorSwitchOnSameFlag(s.op);
    if (!found || SwitchOp.wrap(found.pred).defaultDestination === found.block) {
      return rewriter.notifyMatchFailure(s.op, 'not a case block of a switch on the same flag');
    }
    const predCase = casesOf(found.pred).find((c) => c.dest === found.block);
    replaceWithBranch(rewriter, s.op, predCase ? edgeFor(s.op, predCase.value) : defaultOf(s.op));
    return true;
  },
  { debugName: 'simplifySwitchFromSwitchOnSameCondition' },
);

/**
 * A switch in the default block of a switch on the same flag: the values of the other cases cannot reach it and
 * their cases are dropped (MLIR's simplifySwitchFromDefaultSwitchOnSameCondition).
 */
export const SimplifySwitchFromDefaultSwitchOnSameCondition = definePattern(
  SwitchOp,
  (s, rewriter): boolean => {
    const found = predecessorSwitchOnSameFlag(s.op);
    if (!found || SwitchOp.wrap(found.pred).defaultDestination !== found.block) {
      return rewriter.notifyMatchFailure(s.op, 'not the default block of a switch on the same flag');
    }
    const impossible = new Set(casesOf(found.pred).filter((c) => c.dest !== found.block).map((c) => c.value));
    const cases = casesOf(s.op);
    const kept = cases.filter((c) => !impossible.has(c.value));
    if (kept.length === cases.length) return rewriter.notifyMatchFailure(s.op, 'no case is impossible here');
    replaceWithSwitch(rewriter, s.op, defaultOf(s.op), kept);
    return true;
  },
  { debugName: 'simplifySwitchFromDefaultSwitchOnSameCondition' },
);
