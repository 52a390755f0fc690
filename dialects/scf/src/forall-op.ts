import {
  AnyRankedTensor,
  AnyType,
  ArrayAttr,
  AutomaticAllocationScope,
  DenseI64ArrayAttr,
  DYNAMIC,
  GraphRegion,
  HasParent,
  LoopLikeOpInterface,
  Index,
  IndexType,
  IntegerAttr,
  NoTerminator,
  OptionalAttr,
  Pure,
  RegionBranchOpInterface,
  SingleBlock,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Terminator,
  Variadic,
  Block,
  DenseArrayAttr,
  IntegerType,
  Operation,
  Region,
  attrConstraint,
  defineOp,
  parseDynamicIndexList,
  printDynamicIndexList,
  staticIndices,
  staticIndicesAttr,
  type Value,
} from '@tlir/ir';
import { RecursiveMemoryEffects, getConstantValue } from '@tlir/rewrite';
import { parseAssignmentList, printAttrDict, printInitializationList } from './syntax.js';

/** MLIR's DeviceMappingArrayAttr (its elements implement DeviceMappingAttrInterface, e.g. `#gpu.thread<x>`). */
const DeviceMappingArrayAttr = attrConstraint<ArrayAttr>('Device Mapping array attribute', (a) => a instanceof ArrayAttr, {
  storage: (a) => a instanceof ArrayAttr,
});

const SEGMENTS = 'operandSegmentSizes';

/** The operands of group `g` (0: lower bounds, 1: upper bounds, 2: steps, 3: outputs). */
function group(op: Operation, g: number): Value[] {
  const sizes = staticIndices(op.getProperty(SEGMENTS));
  let start = 0;
  for (let i = 0; i < g; i++) start += sizes[i] ?? 0;
  return op.operands.slice(start, start + (sizes[g] ?? 0));
}

/** The values of a mixed list: a static integer, or the constant a dynamic value is known to be (else undefined). */
function mixedConstants(op: Operation, property: string, g: number): (number | undefined)[] {
  const values = group(op, g);
  let next = 0;
  return staticIndices(op.getProperty(property)).map((v) => {
    if (v !== DYNAMIC) return v;
    const c = getConstantValue(values[next++]!);
    return c instanceof IntegerAttr ? Number(c.value) : undefined;
  });
}

/** MLIR's ForallOp::isNormalized: every lower bound is 0 and every step 1 (then the `in (...)` form is printed). */
function isNormalized(op: Operation): boolean {
  return mixedConstants(op, 'staticLowerBound', 0).every((v) => v === 0) && mixedConstants(op, 'staticStep', 2).every((v) => v === 1);
}

/** MLIR's verifyListOfOperandsOrIntegers. */
function verifyList(op: Operation, name: string, count: number, property: string, g: number): boolean {
  const values = staticIndices(op.getProperty(property));
  if (values.length !== count) {
    op.emitError(`expected ${count} ${name} values, got ${values.length}`);
    return false;
  }
  let dynamic = 0;
  for (const v of values) if (v === DYNAMIC) dynamic++;
  if (group(op, g).length !== dynamic) {
    op.emitError(`expected ${dynamic} dynamic ${name} values`);
    return false;
  }
  return true;
}

/**
 * `%r = scf.forall (%i, %j) in (%n, 8) shared_outs(%o = %t) -> (tensor<?xf32>) { ... scf.forall.in_parallel { ... } }`:
 * a parallel loop nest over a multi-dimensional index space, with lower bounds and steps (`= (...) to (...) step
 * (...)`) unless they are 0 and 1.
 */
export const ForallOp = defineOp('scf.forall', {
  summary: 'evaluate a block multiple times in parallel',
  description: `
\`scf.forall\` is a target-independent multi-dimensional parallel region application operation. It has exactly one
block that represents the parallel body and it takes index operands that specify lower bounds, upper bounds and
steps, each static or dynamic. The op also takes a variadic number of tensor operands (\`shared_outs\`), whose
future buffers are shared among all threads; the \`scf.forall.in_parallel\` terminator says how the partial results
of the threads combine into the results. An optional \`mapping\` assigns the dimensions to processing units.

The loop is printed in its normalized form (\`in (...)\`) when all lower bounds are 0 and all steps are 1.

Example:

\`\`\`mlir
scf.forall (%thread_id_1, %thread_id_2) in (%num_threads_1, %num_threads_2) {
  ...
} {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
\`\`\`
`,
  operands: {
    dynamicLowerBound: Variadic(Index),
    dynamicUpperBound: Variadic(Index),
    dynamicStep: Variadic(Index),
    outputs: Variadic(AnyRankedTensor),
  },
  properties: {
    staticLowerBound: DenseI64ArrayAttr,
    staticUpperBound: DenseI64ArrayAttr,
    staticStep: DenseI64ArrayAttr,
    mapping: OptionalAttr(DeviceMappingArrayAttr),
  },
  results: { results: Variadic(AnyType) },
  regions: { region: SizedRegion(1) },
  traits: [AutomaticAllocationScope, RecursiveMemoryEffects, SingleBlockImplicitTerminator('scf.forall.in_parallel')],
  interfaces: [
    LoopLikeOpInterface.implement({}),
    RegionBranchOpInterface.implement({
      // Threads may branch into the body, or (zero threads) straight back; the body only returns to the op.
      getSuccessorRegions: (op, from) => (from ? ['parent'] : [op.regions[0]!, 'parent']),
      getSuccessorInputs: () => [],
    }),
  ],
  parse(p, state) {
    const ctx = p.context;
    const index = IndexType.get(ctx);
    const ivs = p.parseArgumentList('paren');
    let lbs: number[];
    let ubs: number[];
    let steps: number[];
    const counts = [0, 0, 0, 0];
    if (p.parseOptionalKeyword('in')) {
      const ub = parseDynamicIndexList(p, 'paren');
      state.operands.push(...ub.operands.map((o) => p.resolveOperand(o, index)));
      counts[1] = ub.operands.length;
      ubs = ub.values;
      lbs = ivs.map(() => 0);
      steps = ivs.map(() => 1);
    } else {
      p.parseEqual();
      const lb = parseDynamicIndexList(p, 'paren');
      state.operands.push(...lb.operands.map((o) => p.resolveOperand(o, index)));
      p.parseKeyword('to');
      const ub = parseDynamicIndexList(p, 'paren');
      state.operands.push(...ub.operands.map((o) => p.resolveOperand(o, index)));
      p.parseKeyword('step');
      const step = parseDynamicIndexList(p, 'paren');
      state.operands.push(...step.operands.map((o) => p.resolveOperand(o, index)));
      [counts[0], counts[1], counts[2]] = [lb.operands.length, ub.operands.length, step.operands.length];
      [lbs, ubs, steps] = [lb.values, ub.values, step.values];
    }
    const outArgs: ReturnType<typeof parseAssignmentList> = { args: [], operands: [] };
    const outsLoc = p.getCurrentLocation();
    if (p.parseOptionalKeyword('shared_outs')) {
      const list = parseAssignmentList(p);
      outArgs.args.push(...list.args);
      outArgs.operands.push(...list.operands);
      const types = p.parseOptionalArrowTypeList();
      if (types) state.resultTypes.push(...types);
      state.operands.push(...p.resolveOperands(outArgs.operands, state.resultTypes, outsLoc));
    }
    counts[3] = outArgs.operands.length;
    for (const iv of ivs) iv.type = index;
    for (let i = 0; i < outArgs.args.length; i++) outArgs.args[i]!.type = state.resultTypes[i];
    const body = state.addRegion();
    p.parseRegion(body, [...ivs, ...outArgs.args]);
    // ForallOp::ensureTerminator: the in_parallel it adds has its (empty) block, as its builder makes it.
    if (body.empty) body.pushBack(new Block());
    const last = body.firstBlock!.lastOp;
    if (!(last && last.isRegistered && last.hasTrait(Terminator))) {
      const region = new Region();
      region.pushBack(new Block());
      body.firstBlock!.append(Operation.create(ctx, { name: 'scf.forall.in_parallel', loc: state.loc, regions: [region] }));
    }
    p.parseOptionalAttrDict(state.attributes);
    state.addAttribute('staticLowerBound', staticIndicesAttr(ctx, lbs));
    state.addAttribute('staticUpperBound', staticIndicesAttr(ctx, ubs));
    state.addAttribute('staticStep', staticIndicesAttr(ctx, steps));
    state.addAttribute(SEGMENTS, DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), counts));
    return true;
  },
  print(f, p) {
    const op = f.op;
    const body = op.regions[0]!;
    const args = body.firstBlock?.args ?? [];
    const rank = staticIndices(f.staticLowerBound).length;
    p.write(' (');
    p.printOperands(args.slice(0, rank));
    if (isNormalized(op)) {
      p.write(') in ');
      printDynamicIndexList(p, f.dynamicUpperBound, staticIndices(f.staticUpperBound), 'paren');
    } else {
      p.write(') = ');
      printDynamicIndexList(p, f.dynamicLowerBound, staticIndices(f.staticLowerBound), 'paren');
      p.write(' to ');
      printDynamicIndexList(p, f.dynamicUpperBound, staticIndices(f.staticUpperBound), 'paren');
      p.write(' step ');
      printDynamicIndexList(p, f.dynamicStep, staticIndices(f.staticStep), 'paren');
    }
    const outs = args.slice(rank);
    printInitializationList(p, outs, f.outputs, ' shared_outs');
    p.write(' ');
    if (outs.length) {
      p.write('-> (');
      p.printTypes(op.resultTypes);
      p.write(') ');
    }
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: op.numResults > 0 });
    printAttrDict(p, op, [SEGMENTS, 'staticLowerBound', 'staticUpperBound', 'staticStep']);
  },
  verify(f) {
    const op = f.op;
    // MLIR's getRank(): the number of lower bounds.
    const rank = staticIndices(f.staticLowerBound).length;
    const outputs = f.outputs;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    if (op.numResults !== outputs.length) return fail(`produces ${op.numResults} results, but has only ${outputs.length} outputs`);
    const body = op.regions[0]!.firstBlock!;
    if (body.numArguments !== rank + outputs.length) return fail(`region expects ${rank} arguments`);
    for (let i = 0; i < rank; i++) if (!(body.args[i]!.type instanceof IndexType)) return fail(`expects ${i}-th block argument to be an index`);
    for (let i = 0; i < outputs.length; i++) {
      if (body.args[i + rank]!.type !== outputs[i]!.type) return fail(`type mismatch between ${i}-th output and corresponding block argument`);
    }
    const mapping = f.mapping;
    if (mapping && mapping.length !== 0 && mapping.length !== rank) return fail('mapping attribute size must match op rank');
    return (
      verifyList(op, 'lower bound', rank, 'staticLowerBound', 0) &&
      verifyList(op, 'upper bound', rank, 'staticUpperBound', 1) &&
      verifyList(op, 'step', rank, 'staticStep', 2)
    );
  },
});

/** `scf.forall.in_parallel { ... }`: ends an scf.forall body; its ops combine the threads' results. */
export const InParallelOp = defineOp('scf.forall.in_parallel', {
  summary: 'terminates a `forall` block',
  description: `
The \`scf.forall.in_parallel\` is a designated terminator for the \`scf.forall\` operation. It has a single region with
a single block that contains a flat list of ops. Each such op participates in the aggregate formation of a single
result of the enclosing \`scf.forall\`; the result number corresponds to the position of the op in the terminator.
`,
  regions: { region: SizedRegion(1) },
  traits: [HasParent('scf.forall'), Pure, Terminator, NoTerminator, SingleBlock, GraphRegion],
  parse(p, state) {
    const region = state.addRegion();
    p.parseRegion(region);
    if (region.empty) region.pushBack(new Block());
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(i, p) {
    p.write(' ');
    p.printRegion(i.op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: false });
    printAttrDict(p, i.op);
  },
  verify(i) {
    // The ops that may combine results (ParallelCombiningOpInterface: tensor.parallel_insert_slice) are not defined
    // here, so any op in the region is an error.
    if (i.op.regions[0]!.firstBlock?.firstOp) {
      i.op.emitOpError('expected only ParallelCombiningOpInterface ops');
      return false;
    }
    return true;
  },
});
