// `%r = flow.dispatch.workgroups[%x, %y](%a, %n) : (tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n} = (...) {...}`:
// a dispatch whose body is written in place (IREE's flow.dispatch.workgroups).
import {
  AnyRegion,
  AnyType,
  Index,
  IsolatedFromAbove,
  OptionalAttr,
  RankedTensorType,
  ShapedType,
  Variadic,
  defineOp,
  IndexType,
  type Context,
  type Operation,
  type Type,
} from '@tlir/ir';
import { NoMemoryEffect } from '@tlir/rewrite';
import { DispatchTensorType, type TensorAccess } from './dispatch-tensor-type.js';
import { addDispatchOperands, parseShapedFunctionType, printShapedFunctionType } from './shaped-function-type.js';
import { verifyDynamicDims } from './shaped-dims.js';
import { TiedOperandsAttr, UNTIED, tiedOperandIndices, verifyTiedOperands } from './tied-operands.js';
import { parseWorkgroupCountRegion, printWorkgroupCountRegion, verifyWorkgroupCountRegion } from './workgroup-count-region.js';
import { parseWorkload, printWorkload } from './workload.js';
import { ReturnOp } from './return-op.js';

/** The types of a body argument: the one expected, and the accesses a dispatch tensor may declare. */
interface BodyArgumentSpec {
  readonly type: Type;
  readonly accesses: readonly TensorAccess[];
}

/**
 * What the body's arguments must be, in order: one per argument (a tensor as a `readonly` dispatch tensor, or
 * `readwrite` / `writeonly` / `readonly` when a result is tied to it; any other value as itself), then one per untied result (a
 * `writeonly` or `readwrite` dispatch tensor).
 */
function bodyArgumentSpecs(ctx: Context, args: readonly Type[], results: readonly Type[], tied: readonly number[]): BodyArgumentSpec[] {
  const tiedArgs = new Set(tied.filter((t) => t !== UNTIED));
  const bind = (type: Type, accesses: readonly TensorAccess[]): BodyArgumentSpec =>
    type instanceof RankedTensorType ? { type: DispatchTensorType.get(ctx, { access: accesses[0]!, boundType: type }), accesses } : { type, accesses: [] };
  // A tied argument may also be readonly (IREE's verifier allows it): the result is then the argument unchanged.
  const specs = args.map((t, i) => bind(t, tiedArgs.has(i) ? ['readwrite', 'writeonly', 'readonly'] : ['readonly']));
  results.forEach((t, i) => {
    if (tied[i] === UNTIED) specs.push(bind(t, ['writeonly', 'readwrite']));
  });
  return specs;
}

/**
 * The types of the body's arguments for a dispatch of `args` to `results` with the tied results `tied` (what a pass
 * building a flow.dispatch.workgroups gives its body block).
 */
export function dispatchWorkgroupsBodyTypes(ctx: Context, args: readonly Type[], results: readonly Type[], tied: readonly number[]): Type[] {
  return bodyArgumentSpecs(ctx, args, results, tied).map((s) => s.type);
}

function verifyBody(op: Operation, args: readonly Type[]): boolean {
  const block = op.regions[0]!.firstBlock;
  if (!block) {
    op.emitOpError('expects a non-empty workgroup body');
    return false;
  }
  const specs = bodyArgumentSpecs(op.context, args, op.resultTypes, tiedOperandIndices(op));
  if (block.numArguments !== specs.length) {
    op.emitOpError(`expects ${specs.length} workgroup body arguments (one per argument, then one per result not tied to an argument), got ${block.numArguments}`);
    return false;
  }
  for (const [i, spec] of specs.entries()) {
    const t = block.args[i]!.type;
    const expected = spec.type;
    const ok =
      t === expected ||
      (DispatchTensorType.is(t) && DispatchTensorType.is(expected) && t.boundType === expected.boundType && spec.accesses.includes(t.access));
    if (!ok) {
      const what = i < args.length ? `argument #${i}` : `result #${i - args.length}`;
      const allowed = spec.accesses.length > 1 ? ` (access ${spec.accesses.join(' or ')})` : '';
      op.emitOpError(`workgroup body argument #${i} (for ${what}) must be of type ${expected}${allowed}, got ${t}`);
      return false;
    }
  }
  for (let b = op.regions[0]!.firstBlock; b; b = b.nextBlock) {
    const last = b.lastOp;
    if (last && ReturnOp.is(last) && last.numOperands) {
      last.emitOpError('in a workgroup body returns no values (the results are stored through the dispatch tensor arguments)');
      return false;
    }
  }
  return true;
}

/** IREE's rule: a tensor of index elements has no size across the dispatch boundary. */
function verifyIOType(op: Operation, type: Type): boolean {
  if (type instanceof ShapedType && type.elementType instanceof IndexType) {
    op.emitOpError(`I/O type ${type} is invalid: index types must not cross the dispatch boundary`);
    return false;
  }
  return true;
}

export const DispatchWorkgroupsOp = defineOp('flow.dispatch.workgroups', {
  summary: 'A dispatch of workgroups across a 3-dimensional grid',
  description: `
Dispatches some number of workgroups across a 3-dimensional grid. The body region will be invoked for each workgroup
with a unique \`flow.dispatch.workgroup.id\` in the range of \`[0, flow.dispatch.workgroup.count)\` (along each
dimension XYZ).

From the outside the dispatch operation has value semantics: some tensors (and optionally other primitive types) are
consumed and one or more new result tensors are produced. Inside each workgroup, however, the input and output
tensors are available for arbitrary loads and stores. Behavior is undefined if multiple workgroups store to the same
regions of the output tensors.

The workload (\`[%x, %y]\`) is what the optional \`count\` region turns into the workgroup count (x, y, z); without the
region the reference interpreter uses the workload itself (missing dimensions are 1, extra values multiply into z).

\`\`\`mlir
%r = flow.dispatch.workgroups[%c5, %c5](%0, %1) : (tensor<5x5xf32>, tensor<5xf32>) -> tensor<5x5xf32> =
    (%arg0: !flow.dispatch.tensor<readonly:tensor<5x5xf32>>,
     %arg1: !flow.dispatch.tensor<readonly:tensor<5xf32>>,
     %arg2: !flow.dispatch.tensor<writeonly:tensor<5x5xf32>>) {
  ...
  flow.return
} count(%x: index, %y: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  flow.return %x, %y, %c1 : index, index, index
}
\`\`\`

Each tensor argument and result in the type signature has a corresponding block argument of type
\`!flow.dispatch.tensor\` (\`readonly\` for an argument, \`writeonly\` or \`readwrite\` for a result); other arguments are
passed as they are. A result can be tied to an argument by writing the argument's SSA value instead of its type
(\`-> %0\`); it then has no block argument of its own, and the argument's is \`readwrite\` (or \`writeonly\`). The body
ends with \`flow.return\` without values.
`,
  operands: { workload: Variadic(Index), arguments: Variadic(AnyType), argument_dims: Variadic(Index), result_dims: Variadic(Index) },
  results: { results: Variadic(AnyType) },
  properties: { tied_operands: OptionalAttr(TiedOperandsAttr) },
  regions: { workgroup_body: AnyRegion, workgroup_count: AnyRegion },
  traits: [IsolatedFromAbove, NoMemoryEffect],
  parse(p, state) {
    const workload = parseWorkload(p);
    const args = p.parseOperandList('paren');
    p.parseColon();
    const f = parseShapedFunctionType(p, args);
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    p.parseEqual();
    const bodyArgs = p.parseArgumentList('paren', true);
    // As IREE: the body is a name scope of its own (its arguments usually reuse the operands' names).
    p.parseRegion(state.addRegion(), bodyArgs, true);
    parseWorkgroupCountRegion(p, state.addRegion(), 'count');
    addDispatchOperands(p, state, workload, args, f);
    return true;
  },
  print(d, p) {
    printWorkload(p, d.workload);
    p.write('(');
    p.printOperands(d.arguments);
    p.write(') : ');
    printShapedFunctionType(p, d.op, d.arguments, d.argument_dims, d.result_dims);
    p.printOptionalAttrDictWithKeyword(d.op.attributes);
    p.write(' =');
    p.printNewline();
    p.write('    (');
    d.workgroup_body.firstBlock?.args.forEach((a, i) => {
      if (i) p.write(', ');
      p.printRegionArgument(a);
    });
    p.write(') ');
    p.printRegion(d.workgroup_body, { printEntryBlockArgs: false, printBlockTerminators: true });
    printWorkgroupCountRegion(p, d.workgroup_count, 'count');
  },
  verify(d) {
    const op = d.op;
    const argTypes = d.arguments.map((a) => a.type);
    if (
      !verifyDynamicDims(op, argTypes, d.argument_dims) ||
      !verifyDynamicDims(op, op.resultTypes, d.result_dims) ||
      !verifyTiedOperands(op, d.arguments)
    ) {
      return false;
    }
    for (const t of [...argTypes, ...op.resultTypes]) if (!verifyIOType(op, t)) return false;
    for (const [i, t] of op.resultTypes.entries()) {
      if (!(t instanceof RankedTensorType)) {
        op.emitOpError(`result #${i} must be a ranked tensor (the body stores results through dispatch tensors), got ${t}`);
        return false;
      }
    }
    return verifyBody(op, argTypes) && verifyWorkgroupCountRegion(op, d.workgroup_count, d.workload);
  },
});
