// `gpu.launch blocks(%bx, %by, %bz) in (%gx = %0, ...) threads(%tx, %ty, %tz) in (%sx = %3, ...) { ... }`: a kernel
// written inline, its body run by every work-item of every block.
import {
  AnyRegion,
  AutomaticAllocationScope,
  DenseArrayAttr,
  FlatSymbolRefAttr,
  I32,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  OPERAND_SEGMENT_SIZES,
  Optional,
  OptionalAttr,
  SymbolRefAttr,
  Variadic,
  defineOp,
  type Argument,
  type BlockArgument,
  type NamedAttribute,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type UnresolvedOperand,
  type Value,
} from '@tlir/ir';
import { RecursiveMemoryEffects } from '@tlir/rewrite';
import { AsyncToken, AsyncTokenType } from './async-token-type.js';
import { TerminatorOp } from './return-op.js';
import { WORKGROUP_ATTRIBUTIONS_ATTR, numWorkgroupAttributions, parseAttributions, printAttributions, verifyAttributions } from './func-op.js';

/** The body's arguments before the attributions: block ids, thread ids, grid sizes, block sizes (x, y, z each). */
export const LAUNCH_CONFIG_ARGUMENTS = 12;

/** Whether a gpu.launch has cluster sizes (then its body has 6 more config arguments: cluster ids and sizes). */
export function launchHasClusters(op: Operation): boolean {
  const seg = op.getProperty(OPERAND_SEGMENT_SIZES);
  const sizes = seg instanceof DenseArrayAttr ? seg.values : [];
  return sizes.length === 11 && Number(sizes[7]) === 1 && Number(sizes[8]) === 1 && Number(sizes[9]) === 1;
}

/** The number of config arguments of a gpu.launch's body (12, or 18 with clusters). */
export function launchConfigArguments(op: Operation): number {
  return LAUNCH_CONFIG_ARGUMENTS + (launchHasClusters(op) ? 6 : 0);
}

/** The workgroup and private attributions of a gpu.launch's body. */
export function launchAttributions(op: Operation): { workgroup: BlockArgument[]; private: BlockArgument[] } {
  const args = op.regions[0]?.firstBlock?.args ?? [];
  const first = launchConfigArguments(op);
  const n = numWorkgroupAttributions(op);
  return { workgroup: args.slice(first, first + n), private: args.slice(first + n) };
}

/**
 * `(%ix, %iy, %iz) in (%sx = %a, %sy = %b, %sz = %c)`: three new ids, three new sizes, three operands used for
 * the sizes (MLIR's parseSizeAssignment).
 */
function parseSizeAssignment(parser: OpAsmParser): { ids: UnresolvedOperand[]; sizes: UnresolvedOperand[]; operands: UnresolvedOperand[] } {
  const loc = parser.getCurrentLocation();
  const ids = parser.parseOperandList('paren');
  parser.parseKeyword('in');
  parser.parseLParen();
  const sizes: UnresolvedOperand[] = [];
  const operands: UnresolvedOperand[] = [];
  for (let i = 0; i < 3; i++) {
    if (i) parser.parseComma();
    sizes.push(parser.parseOperand());
    parser.parseEqual();
    operands.push(parser.parseOperand());
  }
  parser.parseRParen();
  // MLIR does not count the ids (mlir-opt 22 reads on with fewer than three): the count is checked once the
  // assignment has parsed, so that errors in it come first, as in mlir-opt.
  if (ids.length !== 3) parser.emitError(`expected 3 identifiers, one for each of x, y and z, got ${ids.length}`, loc);
  return { ids, sizes, operands };
}

/** MLIR's LaunchOp::parse. */
function parseLaunch(parser: OpAsmParser, state: OperationState): boolean {
  const ctx = parser.context;
  const index = IndexType.get(ctx);
  const token = AsyncTokenType.get(ctx, {});
  const asyncLoc = parser.getCurrentLocation();
  const isAsync = parser.parseOptionalKeyword('async');
  if (isAsync && parser.numResultsToBind === 0) parser.emitCustomOpError("needs to be named when marked 'async'", asyncLoc);
  const deps = parser.parseOperandList('optional-square');
  state.addOperands(...parser.resolveOperands(deps, deps.map(() => token)));
  if (isAsync) state.addTypes(token);

  const clusters = parser.parseOptionalKeyword('clusters') ? parseSizeAssignment(parser) : undefined;
  parser.parseKeyword('blocks');
  const blocks = parseSizeAssignment(parser);
  parser.parseKeyword('threads');
  const threads = parseSizeAssignment(parser);
  const sizeOperands = [...blocks.operands, ...threads.operands, ...(clusters?.operands ?? [])];
  state.addOperands(...parser.resolveOperands(sizeOperands, sizeOperands.map(() => index)));
  let hasSharedMemorySize = false;
  if (parser.parseOptionalKeyword('dynamic_shared_memory_size')) {
    hasSharedMemorySize = true;
    state.addOperands(parser.resolveOperand(parser.parseOperand(), IntegerType.get(ctx, 32)));
  }

  // Region arguments: block ids, thread ids, grid sizes, block sizes, [cluster ids, cluster sizes], attributions.
  const config = [...blocks.ids, ...threads.ids, ...blocks.sizes, ...threads.sizes, ...(clusters ? [...clusters.ids, ...clusters.sizes] : [])];
  const args: Argument[] = config.map((ssaName) => ({ ssaName, type: index }));
  const numConfig = args.length;
  // `module(@m) function(@f)`: where the outlined kernel goes (MLIR 22's optional names).
  for (const keyword of ['module', 'function']) {
    if (!parser.parseOptionalKeyword(keyword)) continue;
    parser.parseLParen();
    const loc = parser.getCurrentLocation();
    const name = parser.parseAttribute();
    if (!(name instanceof SymbolRefAttr) || name.nested.length !== 0) parser.emitError('invalid kind of attribute specified', loc);
    parser.parseRParen();
    state.addAttribute(keyword, name);
  }
  parseAttributions(parser, 'workgroup', args);
  state.addAttribute(WORKGROUP_ATTRIBUTIONS_ATTR, IntegerAttr.get(ctx, IntegerType.get(ctx, 64), args.length - numConfig));
  parseAttributions(parser, 'private', args);
  parser.parseRegion(state.addRegion(), args);
  const dictLoc = parser.getCurrentLocation();
  const attrs: NamedAttribute[] = [];
  parser.parseOptionalAttrDict(attrs);
  for (const a of attrs) {
    if (state.attributes.some((b) => b.name === a.name)) parser.emitCustomOpError(`attribute '${a.name}' occurs more than once in the attribute list`, dictLoc);
    state.attributes.push(a);
  }
  const c = clusters ? 1 : 0;
  state.addAttribute(OPERAND_SEGMENT_SIZES, DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [deps.length, 1, 1, 1, 1, 1, 1, c, c, c, hasSharedMemorySize ? 1 : 0]));
  // MLIR parses on and gives a named launch without 'async' a result of no type (mlir-opt 22 then crashes in
  // the verifier): checked once the rest has parsed, so that errors in the rest come first, as in mlir-opt.
  if (!isAsync && parser.numResultsToBind > 0) parser.emitCustomOpError("has a result only when marked 'async'", asyncLoc);
  return true;
}

/** `(%ids) in (%size = %operand, ...)`. */
function printSizeAssignment(p: OpAsmPrinter, sizes: readonly BlockArgument[], operands: readonly Value[], ids: readonly BlockArgument[]): void {
  p.write('(');
  p.printOperands(ids);
  p.write(') in (');
  for (let i = 0; i < 3; i++) {
    if (i) p.write(', ');
    p.printOperand(sizes[i]!);
    p.write(' = ');
    p.printOperand(operands[i]!);
  }
  p.write(')');
}

/** MLIR's LaunchOp::print. */
function printLaunch(l: { op: Operation; asyncToken: Value | undefined; asyncDependencies: Value[]; gridSizeX: Value; gridSizeY: Value; gridSizeZ: Value; blockSizeX: Value; blockSizeY: Value; blockSizeZ: Value; clusterSizeX: Value | undefined; clusterSizeY: Value | undefined; clusterSizeZ: Value | undefined; dynamicSharedMemorySize: Value | undefined }, p: OpAsmPrinter): void {
  const op = l.op;
  if (l.asyncToken) {
    p.write(' async');
    if (l.asyncDependencies.length) {
      p.write(' [');
      p.printOperands(l.asyncDependencies);
      p.write(']');
    }
  }
  const args = op.regions[0]!.firstBlock?.args ?? [];
  if (launchHasClusters(op)) {
    p.write(' clusters');
    printSizeAssignment(p, args.slice(15, 18), [l.clusterSizeX!, l.clusterSizeY!, l.clusterSizeZ!], args.slice(12, 15));
  }
  p.write(' blocks');
  printSizeAssignment(p, args.slice(6, 9), [l.gridSizeX, l.gridSizeY, l.gridSizeZ], args.slice(0, 3));
  p.write(' threads');
  printSizeAssignment(p, args.slice(9, 12), [l.blockSizeX, l.blockSizeY, l.blockSizeZ], args.slice(3, 6));
  if (l.dynamicSharedMemorySize) {
    p.write(' dynamic_shared_memory_size ');
    p.printOperand(l.dynamicSharedMemorySize);
  }
  for (const keyword of ['module', 'function']) {
    const name = op.getProperty(keyword);
    if (name === undefined) continue;
    p.write(` ${keyword}(`);
    p.printAttribute(name);
    p.write(')');
  }
  const { workgroup, private: priv } = launchAttributions(op);
  printAttributions(p, 'workgroup', workgroup);
  printAttributions(p, 'private', priv);
  p.write(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
  p.printOptionalAttrDict(op.attributes, [OPERAND_SEGMENT_SIZES, WORKGROUP_ATTRIBUTIONS_ATTR]);
}

export const LaunchOp = defineOp('gpu.launch', {
  summary: 'GPU kernel launch operation',
  description: `
Launch a kernel on the specified grid of thread blocks. The body of the kernel is defined by the single region that
this operation contains. The operation takes an optional list of async dependencies followed by six operands (the
grid sizes along x, y, z, then the block sizes along x, y, z; unused sizes must be set to \`1\`), optionally three
cluster sizes and the amount of dynamic shared memory per work-group.

The \`async\` keyword indicates the kernel should be launched asynchronously; the operation then returns a new
\`!gpu.async.token\`. The kernel does not start executing until the ops producing its async dependencies have
completed.

The body region has at least twelve arguments, or eighteen with clusters: the block ids (x, y, z), the thread ids,
the grid sizes and the block sizes, then the cluster ids and sizes, then the workgroup and the private memory
attributions.

\`\`\`mlir
gpu.launch blocks(%bx, %by, %bz) in (%sz_bx = %0, %sz_by = %1, %sz_bz = %2)
           threads(%tx, %ty, %tz) in (%sz_tx = %3, %sz_ty = %4, %sz_tz = %5)
           workgroup(%workgroup: memref<32xf32, 3>)
           private(%private: memref<1xf32, 5>) {
  "some_op"(%bx, %tx) : (index, index) -> ()
  gpu.terminator
}
\`\`\`

Blocks of the body that end without successors end with \`gpu.terminator\`.
`,
  operands: {
    asyncDependencies: Variadic(AsyncToken),
    gridSizeX: Index,
    gridSizeY: Index,
    gridSizeZ: Index,
    blockSizeX: Index,
    blockSizeY: Index,
    blockSizeZ: Index,
    clusterSizeX: Optional(Index),
    clusterSizeY: Optional(Index),
    clusterSizeZ: Optional(Index),
    dynamicSharedMemorySize: Optional(I32),
  },
  results: { asyncToken: Optional(AsyncToken) },
  properties: { module: OptionalAttr(FlatSymbolRefAttr), function: OptionalAttr(FlatSymbolRefAttr) },
  regions: { body: AnyRegion },
  traits: [AutomaticAllocationScope, RecursiveMemoryEffects],
  parse: parseLaunch,
  print: printLaunch,
  verify(l) {
    const present = [l.clusterSizeX, l.clusterSizeY, l.clusterSizeZ].filter((v) => v !== undefined).length;
    if (present !== 0 && present !== 3) {
      l.op.emitOpError('cluster size must be all present');
      return false;
    }
    return true;
  },
  verifyRegions(l) {
    const op = l.op;
    const body = op.regions[0]!;
    if (!body.empty && body.firstBlock!.numArguments < launchConfigArguments(op) + numWorkgroupAttributions(op)) {
      op.emitOpError('unexpected number of region arguments');
      return false;
    }
    const { workgroup, private: priv } = launchAttributions(op);
    if (!verifyAttributions(op, workgroup, 'workgroup') || !verifyAttributions(op, priv, 'private')) return false;
    for (let b = body.firstBlock; b; b = b.nextBlock) {
      const last = b.lastOp;
      if (!last || last.numSuccessors !== 0 || TerminatorOp.is(last)) continue;
      last.emitError("expected 'gpu.terminator' or a terminator with successors").attachNote(op.loc, "in 'gpu.launch' body region");
      return false;
    }
    return true;
  },
});
