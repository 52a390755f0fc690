import {
  AnyType,
  DenseI64ArrayAttr,
  IntegerAttr,
  DenseArrayAttr,
  IntegerType,
  Index,
  RegionBranchOpInterface,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Variadic,
  VariadicRegion,
  defineOp,
  Region,
  type CustomDirective,
  type Operation,
} from '@tlir/ir';
import { RecursiveMemoryEffects, RewritePattern, getConstantValue, type PatternRewriter } from '@tlir/rewrite';
import { isDefinedOutside, replaceOpWithRegion } from './region-inlining.js';
import { YieldOp } from './yield-op.js';

/** `custom<SwitchCases>($cases, $caseRegions)`: `case 2 { ... }` lines (MLIR's parseSwitchCases / printSwitchCases). */
const SwitchCases: CustomDirective = {
  parse(p, args) {
    const values: bigint[] = [];
    const regions = args[1] as Region[];
    while (p.parseOptionalKeyword('case')) {
      const value = p.parseOptionalInteger();
      if (value === undefined) return p.emitCustomOpError('expected integer value');
      values.push(value);
      const region = new Region();
      regions.push(region);
      p.parseRegion(region);
    }
    args[0] = DenseArrayAttr.get(p.context, IntegerType.get(p.context, 64), values);
    return true;
  },
  print(p, _op, [cases, regions]) {
    const values = (cases as DenseArrayAttr).values;
    const rs = regions as readonly Region[];
    for (let i = 0; i < values.length && i < rs.length; i++) {
      p.printNewline();
      p.write(`case ${values[i]} `);
      p.printRegion(rs[i]!, { printEntryBlockArgs: false });
    }
  },
};

/** MLIR's IndexSwitchOp::verify for one region: it yields as many values as the op has results, of their types. */
function verifyCaseRegion(op: Operation, region: Region, name: string): boolean {
  const last = region.firstBlock?.lastOp;
  if (!last || !YieldOp.is(last)) {
    op.emitOpError(`expected region to end with scf.yield, but got ${last?.name ?? ''}`);
    return false;
  }
  if (last.numOperands !== op.numResults) {
    op.emitOpError(`expected each region to return ${op.numResults} values, but ${name} returns ${last.numOperands}`).attachNote(last.loc, 'see yield operation here');
    return false;
  }
  for (let i = 0; i < op.numResults; i++) {
    const result = op.results[i]!.type;
    const operand = last.getOperand(i).type;
    if (result !== operand) {
      op.emitOpError(`expected result #${i} of each region to be '${result}'`).attachNote(last.loc, `${name} returns '${operand}' here`);
      return false;
    }
  }
  return true;
}

// ---- canonicalization (MLIR 22's FoldConstantCase, and the removal of unused results) -----------------------------

/** An scf.index_switch on a constant is replaced by the region that runs: the matching case, or the default. */
class FoldConstantCase extends RewritePattern {
  constructor() {
    super('scf.index_switch');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const value = getConstantValue(op.getOperand(0));
    if (!(value instanceof IntegerAttr)) return rewriter.notifyMatchFailure(op, 'the switch value is not a constant');
    const cases = (IndexSwitchOp.wrap(op).cases as DenseArrayAttr).values;
    const i = cases.findIndex((c) => BigInt(c) === value.value);
    replaceOpWithRegion(rewriter, op, op.regions[i < 0 ? 0 : i + 1]!);
    return true;
  }
}

/**
 * An scf.index_switch some of whose results are unused, or the same value defined outside it in every region, is
 * rebuilt without them, each region yielding the others (the latter are replaced by that value).
 */
class RemoveUnusedSwitchResults extends RewritePattern {
  constructor() {
    super('scf.index_switch');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const yields = op.regions.map((r) => r.firstBlock!.lastOp!);
    const forwarded = op.results.map((r) => {
      const v = yields[0]!.getOperand(r.index);
      return isDefinedOutside(v, op) && yields.every((y) => y.getOperand(r.index) === v) ? v : undefined;
    });
    const used = op.results.filter((r) => r.hasUses && forwarded[r.index] === undefined);
    if (used.length === op.numResults) return rewriter.notifyMatchFailure(op, 'every result is used and computed in the regions');
    op.results.forEach((r, i) => {
      const v = forwarded[i];
      if (v && r.hasUses) rewriter.replaceAllUsesWith(r, v);
    });
    const switchOp = IndexSwitchOp.wrap(op);
    const replacement = IndexSwitchOp.create(rewriter, {
      arg: switchOp.arg,
      cases: switchOp.cases,
      results: used.map((r) => r.type),
      caseRegions: op.numRegions - 1,
      attributes: op.attributes,
      loc: op.loc,
    }).op;
    for (let i = 0; i < op.numRegions; i++) {
      rewriter.inlineRegionBefore(op.regions[i]!, replacement.regions[i]!, null);
      const terminator = replacement.regions[i]!.firstBlock!.lastOp!;
      const values = used.map((r) => terminator.getOperand(r.index));
      rewriter.modifyOpInPlace(terminator, () => terminator.setOperands(values));
    }
    used.forEach((r, i) => rewriter.replaceAllUsesWith(r, replacement.results[i]!));
    rewriter.eraseOp(op);
    return true;
  }
}

/**
 * `%r = scf.index_switch %i -> i32 case 2 { ... } default { ... }`: runs the region of the case equal to `%i`, or
 * the default region.
 */
export const IndexSwitchOp = defineOp('scf.index_switch', {
  summary: 'switch-case operation on an index argument',
  description: `
The \`scf.index_switch\` is a control-flow operation that branches to one of the given regions based on the values
of the argument and the cases. The argument is always of type \`index\`. The operation always has a "default"
region and any number of case regions denoted by integer constants. Control-flow transfers to the case region
whose constant value equals the value of the argument; if there is none, to the "default" region.

Example:

\`\`\`mlir
%0 = scf.index_switch %arg0 -> i32
case 2 {
  %1 = arith.constant 10 : i32
  scf.yield %1 : i32
}
case 5 {
  %2 = arith.constant 20 : i32
  scf.yield %2 : i32
}
default {
  %3 = arith.constant 30 : i32
  scf.yield %3 : i32
}
\`\`\`
`,
  operands: { arg: Index },
  properties: { cases: DenseI64ArrayAttr },
  results: { results: Variadic(AnyType) },
  regions: { defaultRegion: SizedRegion(1), caseRegions: VariadicRegion(SizedRegion(1)) },
  traits: [RecursiveMemoryEffects, SingleBlockImplicitTerminator('scf.yield')],
  canonicalize: [new FoldConstantCase(), new RemoveUnusedSwitchResults()],
  interfaces: [
    RegionBranchOpInterface.implement({
      getSuccessorRegions: (op, from) => (from ? ['parent'] : op.regions),
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : []),
    }),
  ],
  customDirectives: { SwitchCases },
  assemblyFormat: '$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion',
  verify(s) {
    const op = s.op;
    const cases = (s.cases as DenseArrayAttr).values;
    const caseRegions = op.numRegions - 1;
    if (cases.length !== caseRegions) {
      op.emitOpError(`has ${caseRegions} case regions but ${cases.length} case values`);
      return false;
    }
    const seen = new Set<bigint>();
    for (const v of cases) {
      const value = BigInt(v);
      if (seen.has(value)) {
        op.emitOpError(`has duplicate case value: ${value}`);
        return false;
      }
      seen.add(value);
    }
    if (!verifyCaseRegion(op, op.regions[0]!, 'default region')) return false;
    for (let i = 1; i < op.numRegions; i++) if (!verifyCaseRegion(op, op.regions[i]!, `case region #${i - 1}`)) return false;
    return true;
  },
});
