import {
  AnyType,
  I1,
  IntegerType,
  MaxSizedRegion,
  NoRegionArguments,
  RegionBranchOpInterface,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Variadic,
  defineOp,
  ensureTerminator,
} from '@tlir/ir';
import { RecursiveMemoryEffects, RecursivelySpeculatable } from '@tlir/rewrite';
import { printAttrDict } from './syntax.js';

/**
 * `%r = scf.if %c -> (i32) { scf.yield %a : i32 } else { scf.yield %b : i32 }`: runs the then region or the (optional)
 * else region, and yields the results of the one that ran.
 */
export const IfOp = defineOp('scf.if', {
  summary: 'if-then-else operation',
  description: `
The \`scf.if\` operation represents an if-then-else construct for conditionally executing two regions of code. The
operand to an if operation is a boolean value. \`scf.if\` may also produce results: which values are returned
depends on which execution path is taken, and the \`else\` region is then required.

The "then" region has exactly 1 block. The "else" region may have 0 or 1 block. The blocks are always terminated
with \`scf.yield\`. If \`scf.if\` defines no values, the \`scf.yield\` can be left out, and will be inserted implicitly.
Otherwise, it must be explicit. The types of the yielded values must match the result types of the \`scf.if\`.

Example:

\`\`\`mlir
%x, %y = scf.if %b -> (f32, f32) {
  scf.yield %x_true, %y_true : f32, f32
} else {
  scf.yield %x_false, %y_false : f32, f32
}
\`\`\`
`,
  operands: { condition: I1 },
  results: { results: Variadic(AnyType) },
  regions: { thenRegion: SizedRegion(1), elseRegion: MaxSizedRegion(1) },
  traits: [SingleBlockImplicitTerminator('scf.yield'), NoRegionArguments, RecursiveMemoryEffects, RecursivelySpeculatable],
  interfaces: [
    RegionBranchOpInterface.implement({
      getSuccessorRegions(op, from) {
        if (from) return ['parent'];
        const elseRegion = op.regions[1]!;
        return [op.regions[0]!, elseRegion.empty ? 'parent' : elseRegion];
      },
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : []),
    }),
  ],
  parse(p, state) {
    const ctx = p.context;
    const thenRegion = state.addRegion();
    const elseRegion = state.addRegion();
    const cond = p.parseOperand();
    state.operands.push(p.resolveOperand(cond, IntegerType.get(ctx, 1)));
    const types = p.parseOptionalArrowTypeList();
    if (types) state.resultTypes.push(...types);
    p.parseRegion(thenRegion);
    ensureTerminator(ctx, thenRegion, 'scf.yield', state.loc);
    if (p.parseOptionalKeyword('else')) {
      p.parseRegion(elseRegion);
      ensureTerminator(ctx, elseRegion, 'scf.yield', state.loc);
    }
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(i, p) {
    const op = i.op;
    p.write(' ');
    p.printOperand(i.condition);
    const hasResults = op.numResults !== 0;
    if (hasResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    const elseRegion = op.regions[1]!;
    if (!elseRegion.empty) {
      p.write(' else ');
      p.printRegion(elseRegion, { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    }
    printAttrDict(p, op);
  },
  verify(i) {
    if (i.op.numResults !== 0 && i.elseRegion.empty) {
      i.op.emitOpError('must have an else block if defining values');
      return false;
    }
    return true;
  },
});
