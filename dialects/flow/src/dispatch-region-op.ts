// `%r = flow.dispatch.region[%n] -> (tensor<?xf32>{%n}) { ... flow.return %v : tensor<?xf32> }`: a group of ops
// that will become one dispatch (IREE's flow.dispatch.region).
import {
  AnyRegion,
  AnyType,
  DenseArrayAttr,
  Index,
  IntegerType,
  RankedTensorType,
  Variadic,
  defineOp,
  ensureTerminator,
  type Region,
  type Type,
  type UnresolvedOperand,
} from '@tlir/ir';
import { parseDynamicDims, printDynamicDims, verifyDynamicDims } from './shaped-dims.js';
import { parseWorkgroupCountRegion, printWorkgroupCountRegion, verifyWorkgroupCountRegion } from './workgroup-count-region.js';
import { parseWorkload, printWorkload } from './workload.js';
import { ReturnOp } from './return-op.js';

/** The body's terminator when it is a flow.return without operands or attributes (the custom form leaves it out). */
function isElidableReturn(region: Region): boolean {
  const last = region.firstBlock?.lastOp;
  return !!last && ReturnOp.is(last) && last.numOperands === 0 && last.attributes.entries.length === 0 && region.numBlocks === 1;
}

export const DispatchRegionOp = defineOp('flow.dispatch.region', {
  summary: 'A group of ops',
  description: `
This op is a container/grouping of ops. It represents a fusion group before being lowered to a dispatch region. Ops
are collected inside of the region body of the op. Values from parent regions can be captured. Results are yielded
with a \`flow.return\` terminator and returned from this op (ranked tensors, with their dynamic dimensions given as
\`tensor<?xf32>{%n}\`).

\`dispatch.region\` ops are lowered to \`dispatch.workgroups\` ops, which are isolated from above;
\`dispatch.region\` ops are a more lightweight abstraction for implementing fusion heuristics, i.e., the process of
deciding which ops should form a dispatch region. The optional second region, \`count\`, takes the workload and
returns the number of workgroups; it is lowered to the \`count\` region of \`dispatch.workgroups\`.

\`\`\`mlir
%r = flow.dispatch.region[%d0, %d1] -> (tensor<?x?xf32>{%d0, %d1}) {
  flow.return %arg0 : tensor<?x?xf32>
}
\`\`\`

In the reference interpreter the body runs once (it is one group of computations on one device).
`,
  operands: { result_dims: Variadic(Index), workload: Variadic(Index) },
  results: { result: Variadic(AnyType) },
  regions: { body: AnyRegion, workgroup_count: AnyRegion },
  parse(p, state) {
    const ctx = p.context;
    const workload = parseWorkload(p);
    const types: Type[] = [];
    const dims: UnresolvedOperand[] = [];
    if (p.parseOptionalArrow()) {
      p.parseCommaSeparatedList('paren', () => {
        const t = p.parseType();
        types.push(t);
        parseDynamicDims(p, t, dims);
      });
    }
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    const body = state.addRegion();
    p.parseRegion(body);
    // The custom form leaves out a flow.return without values (IREE prints it so).
    if (body.numBlocks <= 1) ensureTerminator(ctx, body, 'flow.return', state.loc);
    parseWorkgroupCountRegion(p, state.addRegion(), 'count');
    const index = Index.build!(ctx);
    state.addOperands(...p.resolveOperands(dims, dims.map(() => index)), ...p.resolveOperands(workload, workload.map(() => index)));
    state.addTypes(...types);
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [dims.length, workload.length]));
    return true;
  },
  print(r, p) {
    printWorkload(p, r.workload);
    p.write(' -> (');
    const next = { index: 0 };
    r.result.forEach((v, i) => {
      if (i) p.write(', ');
      p.printType(v.type);
      printDynamicDims(p, v.type, r.result_dims, next);
    });
    p.write(')');
    p.printOptionalAttrDictWithKeyword(r.op.attributes);
    p.write(' ');
    p.printRegion(r.body, { printEntryBlockArgs: true, printBlockTerminators: !isElidableReturn(r.body) });
    printWorkgroupCountRegion(p, r.workgroup_count, 'count');
  },
  verify(r) {
    const op = r.op;
    const entry = r.body.firstBlock;
    if (entry && entry.numArguments) {
      op.emitOpError('expected no block arguments');
      return false;
    }
    for (let b = r.body.firstBlock; b; b = b.nextBlock) {
      const ret = b.lastOp;
      if (!ret || !ReturnOp.is(ret)) continue;
      const types = ret.operands.map((v) => v.type);
      if (types.length !== op.numResults || types.some((t, i) => t !== op.resultTypes[i])) {
        ret.emitOpError(`operand types do not match with parent results (${types.join(', ') || 'none'} vs ${op.resultTypes.join(', ') || 'none'})`);
        return false;
      }
    }
    if (op.resultTypes.some((t) => !(t instanceof RankedTensorType))) {
      op.emitOpError('only ranked tensor results are allowed');
      return false;
    }
    return verifyDynamicDims(op, op.resultTypes, r.result_dims) && verifyWorkgroupCountRegion(op, r.workgroup_count, r.workload);
  },
});
