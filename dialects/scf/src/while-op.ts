import {
  AnyType,
  FunctionType,
  LoopLikeOpInterface,
  RegionBranchOpInterface,
  SingleBlock,
  SizedRegion,
  Variadic,
  defineOp,
  type OpDefinition,
  type Operation,
  type Region,
} from '@tlir/ir';
import { ConditionOp } from './condition-op.js';
import { YieldOp } from './yield-op.js';
import { RecursiveMemoryEffects } from '@tlir/rewrite';
import { parseOptionalAssignmentList, printAttrDict, printInitializationList } from './syntax.js';
import { whileCanonicalizationPatterns } from './while-patterns.js';

/** MLIR's verifyAndGetTerminator: the region's block ends with `name`, else an error with a note at the end. */
function endsWith(op: Operation, region: Region, terminator: OpDefinition & { is(op: Operation): boolean }, message: string): boolean {
  const last = region.firstBlock?.lastOp;
  if (last && terminator.is(last)) return true;
  const d = op.emitOpError(message);
  if (last) d.attachNote(last.loc, 'terminator here');
  return false;
}

/**
 * `%r = scf.while (%arg = %init) : (f32) -> f32 { ... scf.condition(%c) %v : f32 } do { ^bb0(%x: f32): ... scf.yield
 * %next : f32 }`: a loop that runs its "before" region, stops or passes values to its "after" region, whose
 * yielded values start the next iteration.
 */
export const WhileOp = defineOp('scf.while', {
  summary: "a generic 'while' loop",
  description: `
This operation represents a generic "while"/"do-while" loop that keeps iterating as long as a condition is
satisfied. It consists of two regions (with single block each): "before" region and "after" region. The "before"
region terminates with \`scf.condition\`, whose first operand says whether to proceed to the "after" region (true)
or to stop; its other operands go to the "after" region or become the results of the \`scf.while\`. The "after"
region yields, with \`scf.yield\`, the arguments of the next run of the "before" region, which takes the operands
of the \`scf.while\` the first time.

Example:

\`\`\`mlir
%res = scf.while (%arg1 = %init1) : (f32) -> f32 {
  %condition = func.call @evaluate_condition(%arg1) : (f32) -> i1
  scf.condition(%condition) %arg1 : f32
} do {
^bb0(%arg2: f32):
  %next = func.call @payload(%arg2) : (f32) -> f32
  scf.yield %next : f32
}
\`\`\`
`,
  operands: { inits: Variadic(AnyType) },
  results: { results: Variadic(AnyType) },
  regions: { before: SizedRegion(1), after: SizedRegion(1) },
  traits: [SingleBlock, RecursiveMemoryEffects],
  canonicalize: whileCanonicalizationPatterns(),
  interfaces: [
    LoopLikeOpInterface.implement({}),
    RegionBranchOpInterface.implement({
      getSuccessorRegions(op, from) {
        const [before, after] = op.regions as [Region, Region];
        if (!from) return [before];
        return from.parentRegion === after ? [before] : ['parent', after];
      },
      getEntrySuccessorOperands: (op) => op.operands,
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : (successor.firstBlock?.args ?? [])),
    }),
  ],
  parse(p, state) {
    const before = state.addRegion();
    const after = state.addRegion();
    // `(%arg = %init, ...)`, optional.
    const assignments = parseOptionalAssignmentList(p) ?? { args: [], operands: [] };
    const typeLoc = p.getCurrentLocation();
    const type = p.parseColonType();
    if (!(type instanceof FunctionType)) return p.emitCustomOpError(`invalid kind of type specified: expected builtin.function, but found '${type}'`, typeLoc);
    state.resultTypes.push(...type.results);
    if (type.inputs.length !== assignments.operands.length) {
      p.emitCustomOpError(`expected as many input types as operands (expected ${assignments.operands.length} got ${type.inputs.length})`, typeLoc);
    }
    state.operands.push(...p.resolveOperands(assignments.operands, type.inputs, p.getCurrentLocation()));
    for (let i = 0; i < assignments.args.length; i++) assignments.args[i]!.type = type.inputs[i];
    p.parseRegion(before, assignments.args);
    p.parseKeyword('do');
    p.parseRegion(after);
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    return true;
  },
  print(w, p) {
    const op = w.op;
    printInitializationList(p, op.regions[0]!.firstBlock?.args ?? [], w.inits, ' ');
    p.write(' : ');
    p.printFunctionalType(op);
    p.write(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false });
    p.write(' do ');
    p.printRegion(op.regions[1]!);
    printAttrDict(p, op, [], true);
  },
  verify(w) {
    return (
      endsWith(w.op, w.before, ConditionOp, "expects the 'before' region to terminate with 'scf.condition'") &&
      endsWith(w.op, w.after, YieldOp, "expects the 'after' region to terminate with 'scf.yield'")
    );
  },
});
