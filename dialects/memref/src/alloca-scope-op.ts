import {
  AnyType,
  AutomaticAllocationScope,
  HasParent,
  NoRegionArguments,
  Pure,
  RegionBranchOpInterface,
  ReturnLike,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Terminator,
  Variadic,
  defineOp,
  ensureTerminator,
} from '@tlir/ir';
import { RecursiveMemoryEffects } from '@tlir/rewrite';

/** `%r = memref.alloca_scope -> (index) { ... memref.alloca_scope.return %v : index }`: a scope for stack allocations. */
export const AllocaScopeOp = defineOp('memref.alloca_scope', {
  summary: 'explicitly delimited scope for stack allocation',
  description: `
The \`memref.alloca_scope\` operation represents an explicitly-delimited scope for the alloca allocations. Any
\`memref.alloca\` operations that are used within this scope are going to be cleaned up automatically once the
control-flow exits the nested region. It may return values with \`memref.alloca_scope.return\`, which may be left
out when it returns none.

Example:

\`\`\`mlir
memref.alloca_scope {
  %myalloca = memref.alloca(): memref<4x3xf32>
}
\`\`\`
`,
  results: { results: Variadic(AnyType) },
  regions: { bodyRegion: SizedRegion(1) },
  traits: [AutomaticAllocationScope, SingleBlockImplicitTerminator('memref.alloca_scope.return'), RecursiveMemoryEffects, NoRegionArguments],
  interfaces: [
    RegionBranchOpInterface.implement({
      getSuccessorRegions: (op, from) => (from ? ['parent'] : [op.regions[0]!]),
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : []),
    }),
  ],
  parse(p, state) {
    const types = p.parseOptionalArrowTypeList();
    if (types) state.resultTypes.push(...types);
    const body = state.addRegion();
    p.parseRegion(body);
    ensureTerminator(p.context, body, 'memref.alloca_scope.return', state.loc);
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(a, p) {
    const op = a.op;
    const hasResults = op.numResults !== 0;
    // MLIR writes a space, then ` -> (types)`, then a space.
    p.write(' ');
    if (hasResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    p.printOptionalAttrDict(op.attributes);
  },
});

/** `memref.alloca_scope.return %v : index`: ends the region of memref.alloca_scope with its results. */
export const AllocaScopeReturnOp = defineOp('memref.alloca_scope.return', {
  summary: 'terminator for alloca_scope operation',
  description: `
\`memref.alloca_scope.return\` operation returns zero or more SSA values from the region within
\`memref.alloca_scope\`. If no values are returned, the return operation may be omitted.
`,
  operands: { results: Variadic(AnyType) },
  traits: [HasParent('memref.alloca_scope'), Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});
