// `gpu.warp_execute_on_lane_0(%lane)[32] args(...) -> (...) { ... }`: a region only lane 0 of a warp runs, with
// values distributed over the lanes outside it and whole inside (MLIR 22's WarpExecuteOnLane0Op).
import {
  AnyType,
  I64Attr,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Variadic,
  VectorType,
  defineOp,
  ensureTerminator,
  type Operation,
  type Type,
} from '@tlir/ir';
import { RecursiveMemoryEffects } from '@tlir/rewrite';

/**
 * Checks that `distributed` (outside the region) is `expanded` (inside) spread over `warpSize` lanes: the same type,
 * or vectors of one rank and element type whose dimensions divide, the quotients multiplying to the warp size
 * (MLIR's verifyDistributedType). Emits the error and returns false otherwise.
 */
function verifyDistributedType(expanded: Type, distributed: Type, warpSize: number, op: Operation): boolean {
  if (expanded === distributed) return true;
  if (!(expanded instanceof VectorType) || !(distributed instanceof VectorType)) {
    op.emitOpError('expected vector type for distributed operands.');
    return false;
  }
  if (expanded.shape.length !== distributed.shape.length || expanded.elementType !== distributed.elementType) {
    op.emitOpError('expected distributed vectors to have same rank and element type.');
    return false;
  }
  let product = 1;
  for (let i = 0; i < expanded.shape.length; i++) {
    const e = expanded.shape[i]!;
    const d = distributed.shape[i]!;
    if (e === d) continue;
    if (d === 0 || e % d !== 0) {
      op.emitOpError(`expected expanded vector dimension #${i} (${e}) to be a multipler of the distributed vector dimension (${d})`);
      return false;
    }
    product *= e / d;
  }
  if (product !== warpSize) {
    op.emitOpError(`incompatible distribution dimensions from '${expanded}' to '${distributed}' with warp size = ${warpSize}`);
    return false;
  }
  return true;
}

export const WarpExecuteOnLane0Op = defineOp('gpu.warp_execute_on_lane_0', {
  summary: 'Executes operations in the associated region on thread #0 of a SPMD program',
  description: `
\`warp_execute_on_lane_0\` is an operation used to bridge the gap between vector programming and SPMD programming
models like GPU SIMT. It allows to trivially convert a region of vector code meant to run on multiple threads into a
valid SPMD region and then allows incremental transformations to distribute vector operations on the threads.

Any code present in the region would only be executed on the first thread/lane based on the \`laneid\` operand. The
\`laneid\` operand is an integer ID between [0, \`warp_size\`). The \`warp_size\` attribute indicates the number of lanes
in a warp.

Operands are vector values distributed on all lanes that may be used by the single lane execution. The matching
region argument is a vector of all the values of those lanes available to the single active lane. The distributed
dimension is implicit based on the shape of the operand and argument. The properties of the distribution may be
described by extra attributes (e.g. affine map).

Return values are distributed on all lanes using laneId as index. The vector is distributed based on the shape ratio
between the vector type of the yield and the result type. If the shapes are the same this means the value is
broadcasted to all lanes.

\`\`\`mlir
%r = gpu.warp_execute_on_lane_0(%laneid)[32] args(%v : vector<4xi32>) -> (vector<1xf32>) {
^bb0(%all: vector<128xi32>):
  %c = arith.constant dense<1.0> : vector<32xf32>
  gpu.yield %c : vector<32xf32>
}
\`\`\`
`,
  operands: { laneid: Index, args: Variadic(AnyType) },
  properties: { warp_size: I64Attr },
  results: { results: Variadic(AnyType) },
  regions: { warpRegion: SizedRegion(1) },
  traits: [SingleBlockImplicitTerminator('gpu.yield'), RecursiveMemoryEffects],
  parse(p, state) {
    const ctx = p.context;
    p.parseLParen();
    const laneid = p.parseOperand();
    p.parseRParen();
    p.parseLSquare();
    const warpSize = p.parseInteger();
    p.parseRSquare();
    state.addAttribute('warp_size', IntegerAttr.get(ctx, IntegerType.get(ctx, 64), warpSize));
    state.operands.push(p.resolveOperand(laneid, IndexType.get(ctx)));
    if (p.parseOptionalKeyword('args')) {
      p.parseLParen();
      const loc = p.getCurrentLocation();
      const args = p.parseOperandList();
      const types = p.parseColonTypeList();
      p.parseRParen();
      state.operands.push(...p.resolveOperands(args, types, loc));
    }
    const results = p.parseOptionalArrowTypeList();
    if (results) state.resultTypes.push(...results);
    const region = state.addRegion();
    p.parseRegion(region);
    ensureTerminator(ctx, region, 'gpu.yield', state.loc);
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(w, p) {
    p.write('(');
    p.printOperand(w.laneid);
    p.write(`)[${w.warp_size.value}]`);
    if (w.args.length) {
      p.write(' args(');
      p.printOperands(w.args);
      p.write(' : ');
      p.printTypes(w.args.map((a) => a.type));
      p.write(')');
    }
    if (w.results.length) {
      p.write(' -> (');
      p.printTypes(w.results.map((r) => r.type));
      p.write(')');
    }
    p.write(' ');
    p.printRegion(w.warpRegion, { printEntryBlockArgs: true, printBlockTerminators: w.results.length > 0 });
    p.printOptionalAttrDict(w.op.attributes, ['warp_size']);
  },
  verify(w) {
    const op = w.op;
    const block = w.warpRegion.firstBlock!;
    if (w.args.length !== block.numArguments) {
      op.emitOpError('expected same number op arguments and block arguments.');
      return false;
    }
    const yielded = block.lastOp!;
    if (yielded.numOperands !== op.numResults) {
      op.emitOpError('expected same number of yield operands and return values.');
      return false;
    }
    const warpSize = Number(w.warp_size.value);
    for (let i = 0; i < w.args.length; i++) {
      if (!verifyDistributedType(block.args[i]!.type, w.args[i]!.type, warpSize, op)) return false;
    }
    for (let i = 0; i < op.numResults; i++) {
      if (!verifyDistributedType(yielded.getOperand(i).type, op.getResultType(i), warpSize, op)) return false;
    }
    return true;
  },
});
