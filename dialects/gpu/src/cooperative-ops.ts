// The cooperative ops, which the work-items execute together (tlir's name for them; the tensor language's
// "collectives" are its BLAS instructions, flow's are channel collectives): gpu.barrier (the work-group), gpu.all_reduce (the work-group),
// gpu.subgroup_reduce and gpu.shuffle (a subgroup), and gpu.yield, which ends all_reduce's reduction region.
import {
  AnyRegion,
  AnyType,
  I1,
  I32,
  I32Attr,
  IntegerAttr,
  IntegerType,
  IsolatedFromAbove,
  OptionalAttr,
  Pure,
  ReturnLike,
  SameAs,
  SameOperandsAndResultType,
  Terminator,
  UnitAttr,
  VectorType,
  Variadic,
  DefaultValuedAttr,
  defineOp,
  DictionaryAttr,
  FunctionType,
  type Attribute,
  type CustomDirective,
  type NamedAttribute,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Value,
} from '@tlir/ir';
import { LaunchOp } from './launch-op.js';
import { ALL_REDUCE_OPERATIONS, AllReduceOperationAttr, ShuffleModeAttr, type AllReduceOperation } from './gpu-attributes.js';
import { AnyIntegerOrFloat, AnyIntegerOrFloatOr1DVector, isReductionCompatible } from './reduction-types.js';

export const BarrierOp = defineOp('gpu.barrier', {
  summary: 'Synchronizes all work items of a workgroup.',
  description: `
The \`barrier\` op synchronizes all work items of a workgroup. It is used to coordinate communication between the
work items of the workgroup.

\`\`\`mlir
gpu.barrier
\`\`\`

waits until all work items in the workgroup have reached this point and all memory accesses made by these work items
prior to the op are visible to all work items in the workgroup. Data hazards between work items accessing the same
memory can be avoided by synchronizing work items in-between these accesses.

Either none or all work items of a workgroup need to execute this op in convergence (the interpreter reports a
barrier only some work-items reach, or work-items waiting at different barriers, as a divergent barrier).
`,
  assemblyFormat: 'attr-dict',
});

/** The reduction keyword before the value (`add`), or nothing (custom<AllReduceOperation>). */
const AllReduceOperationDirective: CustomDirective = {
  parse(parser, args) {
    const word = parser.parseOptionalIdentifier();
    if (word === undefined) return;
    // MLIR reports the unknown keyword at the token after it.
    if (!(ALL_REDUCE_OPERATIONS as readonly string[]).includes(word)) parser.emitCustomOpError('invalid op kind');
    args[0] = AllReduceOperationAttr.get(parser.context, { value: word as AllReduceOperation });
  },
  print(p, _op, args) {
    const attr = args[0] as Attribute | undefined;
    if (attr && AllReduceOperationAttr.is(attr)) p.write(` ${attr.value}`);
  },
};

/** An `I32Attr` of the op's format (`size = 4`): any attribute, typed i32 when it has no type, and an integer one. */
function parseI32Attr(parser: OpAsmParser, i32: IntegerType): IntegerAttr {
  const loc = parser.getCurrentLocation();
  const a = parser.parseAttribute(i32);
  if (!(a instanceof IntegerAttr)) return parser.emitCustomOpError('invalid kind of attribute specified', loc);
  return a;
}

/**
 * `add %v [uniform] [cluster(size = N[, stride = M])] {attrs} : (t) -> t`: gpu.subgroup_reduce's form (MLIR's
 * assembly format).
 */
function parseSubgroupReduce(parser: OpAsmParser, state: OperationState): boolean {
  const ctx = parser.context;
  const props: NamedAttribute[] = [];
  const slot: unknown[] = [];
  // The keyword is optional in the syntax, as in MLIR: without it the verifier reports the missing attribute.
  AllReduceOperationDirective.parse(parser, slot);
  if (slot[0] !== undefined) props.push({ name: 'op', value: slot[0] as Attribute });
  const value = parser.parseOperand();
  if (parser.parseOptionalKeyword('uniform')) props.push({ name: 'uniform', value: UnitAttr.get(ctx) });
  if (parser.parseOptionalKeyword('cluster')) {
    const i32 = IntegerType.get(ctx, 32);
    parser.parseLParen();
    parser.parseKeyword('size');
    parser.parseEqual();
    props.push({ name: 'cluster_size', value: parseI32Attr(parser, i32) });
    if (parser.parseOptionalComma()) {
      parser.parseKeyword('stride');
      parser.parseEqual();
      props.push({ name: 'cluster_stride', value: parseI32Attr(parser, i32) });
    }
    parser.parseRParen();
  }
  parser.parseOptionalAttrDict(state.attributes);
  parser.parseColon();
  const typeLoc = parser.getCurrentLocation();
  // functional-type(operands, results): any type is read, then it must be a function type (MLIR's words).
  const fnType = parser.parseType();
  if (!(fnType instanceof FunctionType)) parser.emitCustomOpError(`invalid kind of type specified: expected builtin.function, but found '${fnType}'`, typeLoc);
  if (fnType.inputs.length !== 1) parser.emitCustomOpError('expected a function type with one input', typeLoc);
  state.addOperands(parser.resolveOperand(value, fnType.inputs[0]!));
  state.addTypes(...fnType.results);
  state.properties = DictionaryAttr.get(ctx, props);
  return true;
}

/** What printSubgroupReduce reads of a gpu.subgroup_reduce (its view). */
interface SubgroupReduceParts {
  readonly op: Operation;
  readonly value: Value;
  readonly reduction: Attribute;
  readonly uniform: Attribute | undefined;
  readonly cluster_size: Attribute | undefined;
  readonly cluster_stride: Attribute | undefined;
}

function printSubgroupReduce(r: SubgroupReduceParts, p: OpAsmPrinter): void {
  const op = r.op;
  // ODS writes a space before the custom directive, which writes one before the keyword.
  p.write(' ');
  AllReduceOperationDirective.print(p, op, [r.reduction]);
  p.write(' ');
  p.printOperand(r.value);
  if (r.uniform !== undefined) p.write(' uniform');
  const size = r.cluster_size;
  const stride = r.cluster_stride;
  if (size instanceof IntegerAttr) {
    p.write(` cluster(size = ${size.value}`);
    if (stride instanceof IntegerAttr && stride.value !== 1n) p.write(`, stride = ${stride.value}`);
    p.write(')');
  }
  p.printOptionalAttrDict(op.attributes);
  p.write(' : ');
  p.printFunctionalType(op);
}

/** The message of a reduction that does not apply to a type. */
const incompatible = (op: AllReduceOperation, type: unknown): string => `\`${op}\` reduction operation is not compatible with type '${type}'`;

/**
 * Whether a reduction may be marked \`uniform\`: it is in the entry block of a \`gpu.launch\`'s body, which every
 * work-item runs (MLIR's canMakeGroupOpUniform).
 */
function canMakeGroupOpUniform(op: Operation): boolean {
  const parent = op.parentOp;
  return parent !== null && LaunchOp.is(parent) && op.parentBlock === parent.regions[0]!.firstBlock;
}

/** The fold of gpu.all_reduce and gpu.subgroup_reduce that marks one \`uniform\` (in place). */
function foldToUniform(op: Operation): readonly Value[] | undefined {
  if (op.getProperty('uniform') !== undefined || !canMakeGroupOpUniform(op)) return undefined;
  op.setProperty('uniform', UnitAttr.get(op.context));
  return op.results;
}

export const AllReduceOp = defineOp('gpu.all_reduce', {
  summary: 'Reduce values among workgroup.',
  description: `
The \`all_reduce\` op reduces the value of every work item across a local workgroup. The result is equal for all work
items of a workgroup.

For example, both

\`\`\`mlir
%1 = gpu.all_reduce add %0 {} : (f32) -> (f32)
%2 = gpu.all_reduce %0 {
^bb(%lhs : f32, %rhs : f32):
  %sum = arith.addf %lhs, %rhs : f32
  "gpu.yield"(%sum) : (f32) -> ()
} : (f32) -> (f32)
\`\`\`

compute the sum of each work item's %0 value. The first version specifies the accumulation as operation, whereas the
second version specifies the accumulation as code region. The reduction operation must be one of:
*  Integer types: \`add\`, \`mul\`, \`minui\`, \`minsi\`, \`maxui\`, \`maxsi\`, \`and\`, \`or\`, \`xor\`
*  Floating point types: \`add\`, \`mul\`, \`minnumf\`, \`maxnumf\`, \`minimumf\`, \`maximumf\`

If \`uniform\` flag is set either none or all work items of a workgroup need to execute this op in convergence.

The interpreter combines the values in the order of the work-items' linear ids (x fastest), so a float sum is the same
on every run.
`,
  operands: { value: AnyIntegerOrFloat },
  properties: { reduction: OptionalAttr(AllReduceOperationAttr), uniform: UnitAttr },
  propertyAttributeNames: { reduction: 'op' },
  results: { result: AnyIntegerOrFloat },
  regions: { body: AnyRegion },
  traits: [SameOperandsAndResultType, IsolatedFromAbove],
  assemblyFormat: 'custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body attr-dict `:` functional-type(operands, results)',
  // MLIR's AllReduceOp::fold: marked uniform in the entry block of a gpu.launch.
  fold: ({ op }) => foldToUniform(op.op),
  customDirectives: { AllReduceOperation: AllReduceOperationDirective },
  verifyRegions(r) {
    const body = r.body;
    const type = r.result.type;
    const fail = (message: string): false => {
      r.op.emitError(message);
      return false;
    };
    if (body.empty !== (r.reduction !== undefined)) return fail('expected either an op attribute or a non-empty body');
    if (!body.empty) {
      const entry = body.firstBlock!;
      if (entry.numArguments !== 2) return fail('expected two region arguments');
      if (entry.args.some((a) => a.type !== type)) return fail('incorrect region argument type');
      let yields = 0;
      for (let b = body.firstBlock; b; b = b.nextBlock) {
        const last = b.lastOp;
        if (!last || !YieldOp.is(last)) continue;
        if (last.numOperands !== 1) return fail('expected one gpu.yield operand');
        if (last.getOperand(0).type !== type) return fail('incorrect gpu.yield type');
        yields++;
      }
      if (!yields) return fail('expected gpu.yield op in region');
    } else if (r.reduction !== undefined && !isReductionCompatible(r.reduction.value, type)) {
      return fail(incompatible(r.reduction.value, type));
    }
    return true;
  },
});

export const SubgroupReduceOp = defineOp('gpu.subgroup_reduce', {
  summary: 'Reduce values among subgroup.',
  description: `
The \`subgroup_reduce\` op reduces the values of lanes (work items) across a subgroup.

\`\`\`
operation ::= \`gpu.subgroup_reduce\` reduction ssa-use (\`uniform\`)?
              (\`cluster\` \`(\` \`size\` \`=\` integer (\`,\` \`stride\` \`=\` integer)? \`)\`)? attr-dict \`:\` function-type
\`\`\`

The subgroup is divided into clusters starting at lane index 0. Within each cluster, there are \`size\` lanes, and the
lane index advances by \`stride\`. A reduction is done for each cluster in parallel: every lane in the cluster is
reduced, and the result is equal for all lanes in the cluster. If \`size\` is omitted, there is a single cluster
covering the entire subgroup. If \`stride\` is omitted, the stride is 1 (the cluster's lanes are contiguous).

When the reduced value is of a vector type, each vector element is reduced independently. Only 1-d vector types are
allowed.

\`\`\`mlir
%1 = gpu.subgroup_reduce add %a : (f32) -> f32
%2 = gpu.subgroup_reduce add %b : (vector<4xf16>) -> vector<4xf16>
%3 = gpu.subgroup_reduce add %c cluster(size = 4) : (f32) -> f32
%3 = gpu.subgroup_reduce add %c cluster(size = 4, stride = 2) : (f32) -> f32
\`\`\`

If \`uniform\` flag is set either none or all lanes of a subgroup need to execute this op in convergence. The
reduction operation is one of those of \`gpu.all_reduce\`.
`,
  operands: { value: AnyIntegerOrFloatOr1DVector },
  properties: {
    reduction: AllReduceOperationAttr,
    uniform: UnitAttr,
    cluster_size: OptionalAttr(I32Attr),
    cluster_stride: DefaultValuedAttr(I32Attr, (ctx) => IntegerAttr.get(ctx, IntegerType.get(ctx, 32), 1)),
  },
  results: { result: AnyIntegerOrFloatOr1DVector },
  propertyAttributeNames: { reduction: 'op' },
  traits: [SameOperandsAndResultType],
  // MLIR's format nests the stride's optional group in the cluster's, which tlir's formats do not have: the same
  // syntax written by hand.
  parse: parseSubgroupReduce,
  // MLIR's SubgroupReduceOp::fold: a cluster of one lane is the value itself; otherwise marked uniform in the entry
  // block of a gpu.launch.
  fold: ({ op }) => (op.cluster_size !== undefined && op.cluster_size.value === 1n ? op.value : foldToUniform(op.op)),
  print: (r, p) => printSubgroupReduce(r, p),
  verify(r) {
    let element = r.result.type;
    if (element instanceof VectorType) {
      if (element.scalableDims.some((s) => s)) {
        r.op.emitOpError('is not compatible with scalable vector types');
        return false;
      }
      element = element.elementType;
    }
    if (!isReductionCompatible(r.reduction.value, element)) {
      r.op.emitError(incompatible(r.reduction.value, r.result.type));
      return false;
    }
    const size = r.cluster_size === undefined ? undefined : Number(r.cluster_size.value);
    const isPowerOf2 = (n: number): boolean => n > 0 && (n & (n - 1)) === 0;
    if (size !== undefined && !isPowerOf2(size)) {
      r.op.emitOpError(`cluster size ${size} is not a power of two`);
      return false;
    }
    const stride = Number(r.cluster_stride.value);
    if (stride !== 1 && size === undefined) {
      r.op.emitOpError('cluster stride can only be specified if cluster size is specified');
      return false;
    }
    if (!isPowerOf2(stride)) {
      r.op.emitOpError(`cluster stride ${stride} is not a power of two`);
      return false;
    }
    return true;
  },
});

export const ShuffleOp = defineOp('gpu.shuffle', {
  summary: 'Shuffles values within a subgroup.',
  description: `
The "shuffle" op moves values across lanes (a.k.a., invocations, work items) within the same subgroup. The \`width\`
argument specifies the number of lanes that participate in the shuffle, and must be uniform across all lanes.
Further, the first \`width\` lanes of the subgroup must be active.

Returns the \`shuffleResult\` and \`true\` if the lane it reads is smaller than \`width\`, and an unspecified value and
\`false\` otherwise (the interpreter then gives the lane's own value).

\`\`\`mlir
%1, %2 = gpu.shuffle xor %0, %offset, %width : f32   // lane k reads lane k ^ offset
%3, %4 = gpu.shuffle down %0, %cst1, %width : f32    // lane k reads lane k + 1
%5, %6 = gpu.shuffle up %0, %cst1, %width : f32      // lane k reads lane k - 1
%7, %8 = gpu.shuffle idx %0, %cst0, %width : f32     // every lane reads lane 0
\`\`\`
`,
  operands: { value: AnyIntegerOrFloatOr1DVector, offset: I32, width: I32 },
  properties: { mode: ShuffleModeAttr },
  results: { shuffleResult: SameAs('value', AnyIntegerOrFloatOr1DVector), valid: I1 },
  traits: [Pure],
  assemblyFormat: '$mode $value `,` $offset `,` $width attr-dict `:` type($value)',
});

export const YieldOp = defineOp('gpu.yield', {
  summary: 'GPU yield operation',
  description: `
\`gpu.yield\` is a special terminator operation for blocks inside regions in gpu ops. It returns values to the
immediately enclosing gpu op (the combined value of \`gpu.all_reduce\`'s reduction region).

\`\`\`mlir
gpu.yield %f0, %f1 : f32, f32
\`\`\`
`,
  operands: { values: Variadic(AnyType) },
  traits: [Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
});
