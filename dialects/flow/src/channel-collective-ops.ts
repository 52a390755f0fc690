// Channel collectives: operations over the participants of a channel (IREE's flow.collective.*):
//   %r = flow.collective.all_reduce sum, f32, %target, %source, %channel
//          : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %target as tensor<4xf32>
// The result is the target tensor, updated in place (tied to it).
import {
  AnyRankedTensor,
  DYNAMIC,
  Index,
  OptionalAttr,
  RankedTensorType,
  Variadic,
  defineOp,
  type IntegerAttr,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Value,
} from '@tlir/ir';
import { AnyChannel } from './channel-type.js';
import {
  CollectiveElementTypeAttr,
  CollectiveReductionOpAttr,
  isCollectiveElementTypeOf,
  type CollectiveElementType,
} from './channel-collective-attributes.js';
import { verifyDynamicDims } from './shaped-dims.js';
import { parseShapedTiedResult, printShapedTiedResult } from './shaped-tied-result.js';
import { TiedOperandsAttr, UNTIED, tiedOperandsAttr } from './tied-operands.js';

/** How the shapes of the target and the source relate, whatever the number of participants. */
type ShapeRule = 'same' | 'gather' | 'scatter';

interface CollectiveSyntax {
  readonly reduction: boolean;
  readonly sendRecv: boolean;
}

/**
 * `[reduction,] element, %target, %source, %channel[, %send, %recv] : (types) -> [%target as] type{dims}
 * [attributes {...}]`.
 */
function parseCollective(p: OpAsmParser, state: OperationState, syntax: CollectiveSyntax): boolean {
  const ctx = p.context;
  if (syntax.reduction) {
    state.addAttribute('reduction_op', CollectiveReductionOpAttr.syntax!.parse(p, 'reduction_op'));
    p.parseComma();
  }
  state.addAttribute('element_type', CollectiveElementTypeAttr.syntax!.parse(p, 'element_type'));
  p.parseComma();
  const operands = p.parseOperandList('none');
  const expected = syntax.sendRecv ? 5 : 3;
  if (operands.length !== expected) p.emitError(`expected ${expected} operands (${syntax.sendRecv ? 'target, source, channel, send, recv' : 'target, source, channel'}), got ${operands.length}`);
  p.parseColon();
  p.parseLParen();
  const types = p.parseTypeList();
  p.parseRParen();
  if (types.length !== expected) p.emitError(`expected ${expected} operand types, got ${types.length}`);
  p.parseArrow();
  const target = operands[0]!;
  const result = parseShapedTiedResult(p, target);
  p.parseOptionalAttrDictWithKeyword(state.attributes);
  const index = Index.build!(ctx);
  state.addOperands(
    p.resolveOperand(target, types[0]!),
    ...p.resolveOperands(result.dims, result.dims.map(() => index)),
    ...p.resolveOperands(operands.slice(1), types.slice(1)),
  );
  state.addTypes(result.type);
  state.addAttribute('tied_operands', tiedOperandsAttr(ctx, [result.tied ? 0 : UNTIED]));
  return true;
}

interface CollectiveView {
  readonly op: Operation;
  readonly target: Value;
  readonly target_dims: Value[];
  readonly source: Value;
  readonly channel: Value;
  readonly element_type: IntegerAttr;
}

function printCollective(c: CollectiveView, p: OpAsmPrinter, extra: readonly Value[]): void {
  const op = c.op;
  p.write(' ');
  const reduction = op.getProperty('reduction_op');
  if (reduction) {
    CollectiveReductionOpAttr.syntax!.print(reduction as IntegerAttr, p);
    p.write(', ');
  }
  CollectiveElementTypeAttr.syntax!.print(c.element_type, p);
  p.write(', ');
  const operands = [c.target, c.source, c.channel, ...extra];
  p.printOperands(operands);
  p.write(' : (');
  p.printTypes(operands.map((v) => v.type));
  p.write(') -> ');
  printShapedTiedResult(p, c.target, op.results[0]!.type, c.target_dims);
  p.printOptionalAttrDictWithKeyword(op.attributes);
}

/** Whether two sizes may be equal (`?` may be anything). */
const compatible = (a: number, b: number): boolean => a === DYNAMIC || b === DYNAMIC || a === b;

/**
 * The checks of every collective: the result is the target (its type, tied to it), the dims fit the target, the
 * element type names the tensors' element type, and the shapes are related as `rule` says.
 */
function verifyCollective(c: CollectiveView, rule: ShapeRule): boolean {
  const op = c.op;
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  const target = c.target.type as RankedTensorType;
  const source = c.source.type as RankedTensorType;
  const result = op.results[0]!.type;
  if (result !== target) return fail(`result type ${result} must be the target's type ${target}`);
  const tied = op.getProperty('tied_operands');
  if (tied !== undefined && !(TiedOperandsAttr.check(tied) && tied.length === 1 && [0, UNTIED].includes(Number((tied.elements[0] as IntegerAttr).value)))) {
    return fail(`expects 'tied_operands' to be [0 : index] (the result is the target) or [-1 : index], got ${tied}`);
  }
  if (!verifyDynamicDims(op, [target], c.target_dims)) return false;
  const element = CollectiveElementTypeAttr.symbolize(c.element_type) as CollectiveElementType;
  for (const [what, t] of [['target', target], ['source', source]] as const) {
    if (!isCollectiveElementTypeOf(element, t.elementType)) return fail(`element type ${element} does not describe the ${what}'s elements (${t.elementType})`);
  }
  if (target.shape.length !== source.shape.length) return fail(`expects the target (${target}) and the source (${source}) to have the same rank`);
  for (let i = 0; i < target.shape.length; i++) {
    const t = target.shape[i]!;
    const s = source.shape[i]!;
    if (i === 0 && rule !== 'same') {
      // The target gathers one source per participant along dimension 0 (or the source scatters into targets).
      const [whole, part] = rule === 'gather' ? [t, s] : [s, t];
      if (whole !== DYNAMIC && part !== DYNAMIC && (part === 0 ? whole !== 0 : whole % part !== 0)) {
        return fail(`dimension 0 of the ${rule === 'gather' ? 'target' : 'source'} (${whole}) must be a multiple of the ${rule === 'gather' ? "source's" : "target's"} (${part})`);
      }
    } else if (!compatible(t, s)) {
      return fail(`expects the target (${target}) and the source (${source}) to have the same size in dimension ${i}`);
    }
  }
  return true;
}

const COLLECTIVE_PROPERTIES = { element_type: CollectiveElementTypeAttr, tied_operands: OptionalAttr(TiedOperandsAttr) } as const;
const BASE_OPERANDS = { target: AnyRankedTensor, target_dims: Variadic(Index), source: AnyRankedTensor, channel: AnyChannel } as const;
const SINGLE_DEVICE = `
In the reference interpreter (one device, a channel of one participant) the result is the source, which must have
the target's shape.`;

export const CollectiveAllGatherOp = defineOp('flow.collective.all_gather', {
  summary: 'Performs all-gather operation',
  description: `
It gathers data from all ranks and concatenates them on the 0-th dimension: the target's dimension 0 is the
participant count times the source's, its other dimensions are the source's. ${SINGLE_DEVICE}

\`\`\`mlir
%r = flow.collective.all_gather f32, %target, %source, %channel : (tensor<1024xf32>, tensor<512xf32>, !flow.channel) -> %target as tensor<1024xf32>
\`\`\`
`,
  operands: BASE_OPERANDS,
  results: { result: AnyRankedTensor },
  properties: COLLECTIVE_PROPERTIES,
  parse: (p, state) => parseCollective(p, state, { reduction: false, sendRecv: false }),
  print: (c, p) => printCollective(c, p, []),
  verify: (c) => verifyCollective(c, 'gather'),
});

export const CollectiveAllReduceOp = defineOp('flow.collective.all_reduce', {
  summary: 'Performs all-reduce operation',
  description: `
The operation reduces data across all the ranks in the channel: each element of the target is the reduction
(\`sum\`, \`product\`, \`minimum\`, \`maximum\`, \`average\`, or \`none\`) of that element of every participant's
source. ${SINGLE_DEVICE}

\`\`\`mlir
%r = flow.collective.all_reduce sum, f32, %target, %source, %channel : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %target as tensor<4xf32>
\`\`\`
`,
  operands: BASE_OPERANDS,
  results: { result: AnyRankedTensor },
  properties: { reduction_op: CollectiveReductionOpAttr, ...COLLECTIVE_PROPERTIES },
  parse: (p, state) => parseCollective(p, state, { reduction: true, sendRecv: false }),
  print: (c, p) => printCollective(c, p, []),
  verify: (c) => verifyCollective(c, 'same'),
});

export const CollectiveAllToAllOp = defineOp('flow.collective.all_to_all', {
  summary: 'Performs all-to-all operation',
  description: `
This operation mutually exchanges data acrosss all of the ranks in the channel: each participant's source is split
along dimension 0 into one part per participant, and part \`i\` goes to participant \`i\`, which concatenates what it
receives in rank order. ${SINGLE_DEVICE}

\`\`\`mlir
%r = flow.collective.all_to_all f32, %target, %source, %channel : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %target as tensor<4xf32>
\`\`\`
`,
  operands: BASE_OPERANDS,
  results: { result: AnyRankedTensor },
  properties: COLLECTIVE_PROPERTIES,
  parse: (p, state) => parseCollective(p, state, { reduction: false, sendRecv: false }),
  print: (c, p) => printCollective(c, p, []),
  verify: (c) => verifyCollective(c, 'same'),
});

export const CollectiveReduceScatterOp = defineOp('flow.collective.reduce_scatter', {
  summary: 'Performs reduce and scatter operations',
  description: `
The operation reduces data across all the ranks in the channel and scatters the result to each rank: the source's
dimension 0 is the participant count times the target's, and participant \`i\` receives part \`i\` of the reduction.
${SINGLE_DEVICE}

\`\`\`mlir
%r = flow.collective.reduce_scatter sum, f32, %target, %source, %channel : (tensor<2xf32>, tensor<4xf32>, !flow.channel) -> %target as tensor<2xf32>
\`\`\`
`,
  operands: BASE_OPERANDS,
  results: { result: AnyRankedTensor },
  properties: { reduction_op: CollectiveReductionOpAttr, ...COLLECTIVE_PROPERTIES },
  parse: (p, state) => parseCollective(p, state, { reduction: true, sendRecv: false }),
  print: (c, p) => printCollective(c, p, []),
  verify: (c) => verifyCollective(c, 'scatter'),
});

export const CollectiveSendRecvOp = defineOp('flow.collective.send_recv', {
  summary: 'Performs a grouped send and receive operation',
  description: `
The operation sends data to the rank specificied by send and receives data from the rank specified by recv. If send
is -1, this rank will not send any data. If recv is -1, this rank will not receive any data and the output will be
all zeros. In the reference interpreter the only rank is 0: receiving from rank 0 gives the source (rank 0 must then
send to itself), and a rank outside \`[-1, 1)\` is a runtime error.

\`\`\`mlir
%r = flow.collective.send_recv f32, %target, %source, %channel, %send, %recv : (tensor<4xf32>, tensor<4xf32>, !flow.channel, index, index) -> %target as tensor<4xf32>
\`\`\`
`,
  operands: { ...BASE_OPERANDS, send: Index, recv: Index },
  results: { result: AnyRankedTensor },
  properties: COLLECTIVE_PROPERTIES,
  parse: (p, state) => parseCollective(p, state, { reduction: false, sendRecv: true }),
  print: (c, p) => printCollective(c, p, [c.send, c.recv]),
  verify: (c) => verifyCollective(c, 'same'),
});
