// The ops that create loop handles and describe a schedule: define_loops, block, permute, unroll, parallel,
// get_induction_var_value, specialized_kernel. None of them runs anything; krnl.iterate runs the nest.
//
// Loop handles have no memory effects, but define_loops and block are not pure either: two of them with the same
// operands make different loops, so CSE must not merge them (nor hoist them out of loops).
import {
  I64ArrayAttr,
  I64Attr,
  Index,
  IntegerAttr,
  IntegerType,
  OptionalAttr,
  Variadic,
  defineOp,
} from '@tlir/ir';
import { NoMemoryEffect } from '@tlir/rewrite';
import { LoopHandle, LoopType } from './krnl-types.js';
import { enclosingIterates, iteratedLoops, parallelMarks, repeatedLoop } from './loop-nest.js';
import { ProcessorAttr } from './processor-attr.js';

/** `%l:2 = krnl.define_loops 2`: handles on the original loops of a nest. */
export const DefineLoopsOp = defineOp('krnl.define_loops', {
  summary: 'define_loops operation',
  description: `
The \`krnl.define_loops\` operation is used to define input loops, those are the for loops appearing in the input
program that we intend to optimize: it returns \`num_loops\` fresh \`!krnl.loop\` handles. Their bounds are given by
the \`krnl.iterate\` that binds them.

\`\`\`mlir
%ii, %jj = krnl.define_loops 2
\`\`\`

Two \`krnl.define_loops\` always define different loops: the op is never merged with another (no CSE).
`,
  results: { loops: Variadic(LoopHandle) },
  properties: { num_loops: I64Attr },
  parse(p, state) {
    const ctx = p.context;
    const loc = p.getCurrentLocation();
    const n = p.parseInteger();
    if (n < 0n || n > 1_000_000n) p.emitCustomOpError(`expected a number of loops between 0 and 1000000, but got ${n}`, loc);
    state.addAttribute('num_loops', IntegerAttr.get(ctx, IntegerType.get(ctx, 64), n));
    const loop = LoopType.get(ctx, {});
    for (let i = 0n; i < n; i++) state.resultTypes.push(loop);
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(d, p) {
    p.write(` ${d.num_loops.value}`);
    p.printOptionalAttrDict(d.op.attributes);
  },
  verify(d) {
    const n = d.num_loops.value;
    if (n !== BigInt(d.op.numResults)) {
      d.op.emitOpError(`defines ${n} loops ('num_loops'), but has ${d.op.numResults} results`);
      return false;
    }
    return true;
  },
});

/**
 * `%tile, %local = krnl.block %l 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`: splits a loop into a loop over tiles of
 * 4 iterations and a loop within a tile.
 */
export const BlockOp = defineOp('krnl.block', {
  summary: 'Krnl block operation',
  description: `
Block a single for loop by a constant tile size: \`krnl.block %i 4\` splits the loop referred to by \`%i\` into a loop
over tiles of 4 iterations (the first result, whose induction variable is the first index of the tile) and a loop
over the iterations of a tile (the second result). The last tile may be partial. The tile size is positive.

\`\`\`mlir
%ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
\`\`\`
`,
  operands: { loop: LoopHandle },
  results: { loop_block: LoopHandle, loop_local: LoopHandle },
  properties: { tile_size: I64Attr },
  assemblyFormat: '$loop $tile_size attr-dict `:` functional-type($loop, results)',
  verify(b) {
    if (b.tile_size.value < 1n) {
      b.op.emitOpError(`expects a positive tile size, but got ${b.tile_size.value}`);
      return false;
    }
    return true;
  },
});

/**
 * `krnl.permute(%a, %b, %c) [1, 2, 0] : !krnl.loop, !krnl.loop, !krnl.loop`: the loop of the i-th operand goes to
 * position `map[i]` of the nest.
 */
export const PermuteOp = defineOp('krnl.permute', {
  summary: 'Krnl permute operation',
  description: `
Permute a set of loops using a specified permutation map: the loop referred to by the i-th operand is sent to the
\`map[i]\`-th position of the nest (0 outermost). \`map\` is a permutation of \`0 .. n-1\` for \`n\` distinct loops.

\`\`\`mlir
%ii, %jj, %kk = krnl.define_loops 3
krnl.permute(%ii, %jj, %kk) [1, 2, 0] : !krnl.loop, !krnl.loop, !krnl.loop
krnl.iterate(%ii, %jj, %kk) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to 20, %kk -> %k = 0 to 30) {
}
\`\`\`

runs the loop of \`%kk\` outermost, then \`%ii\`, then \`%jj\`. With \`krnl.block\`, a permutation moves the tile loops
outside:

\`\`\`mlir
%ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
%jb, %jl = krnl.block %jj 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
krnl.permute(%ib, %il, %jb, %jl) [0, 2, 1, 3] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
\`\`\`
`,
  operands: { loops: Variadic(LoopHandle) },
  properties: { map: I64ArrayAttr },
  assemblyFormat: '`(` $loops `)` $map attr-dict `:` type($loops)',
  verify(perm) {
    const op = perm.op;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    const loops = perm.loops;
    const map = perm.map.elements.map((e) => Number((e as IntegerAttr).value));
    if (loops.length === 0) return fail('expects at least one loop');
    if (map.length !== loops.length) return fail(`expects a map of ${loops.length} positions (one per loop), but got ${map.length}`);
    const seen = new Set<number>();
    for (let i = 0; i < map.length; i++) {
      const m = map[i]!;
      if (m < 0 || m >= map.length) return fail(`expects map entries in [0, ${map.length - 1}], but entry #${i} is ${m}`);
      if (seen.has(m)) return fail(`expects a permutation, but position ${m} appears twice in the map`);
      seen.add(m);
    }
    const r = repeatedLoop(loops);
    if (r) return fail(`expects distinct loops, but loop #${r[1]} is loop #${r[0]}`);
    return true;
  },
});

/** `krnl.unroll %l : !krnl.loop`: the loop is fully unrolled. */
export const UnrollOp = defineOp('krnl.unroll', {
  summary: 'Krnl unroll operation',
  description: `
Fully unroll the specified loop.

\`\`\`mlir
krnl.unroll %i : !krnl.loop
\`\`\`
`,
  operands: { loop: LoopHandle },
  assemblyFormat: '$loop attr-dict `:` type($loop)',
});

/**
 * `krnl.parallel %l : !krnl.loop`: the iterations of the loop may run in parallel; with the tlir extension
 * `mapping workitem_x`, they are spread over a dimension of the GPU's work-items (or work-groups).
 */
export const ParallelOp = defineOp('krnl.parallel', {
  summary: 'Krnl parallel operation',
  description: `
Parallelize the specified loop. \`krnl.parallel\` should be placed as the last operator before \`krnl.iterate\`, since
we do not want to parallelize the loop until we interpret \`krnl.block\`, \`krnl.permute\` and \`krnl.unroll\`. A loop
is marked parallel at most once.

\`\`\`mlir
krnl.parallel %i : !krnl.loop
krnl.parallel %ib mapping workgroup_x : !krnl.loop
krnl.parallel %il mapping workitem_x : !krnl.loop
\`\`\`

**tlir extension**: the optional \`mapping\` (a \`#krnl<processor ...>\` attribute) says which processor dimension of a
GPU the iterations go to: one work-group per iteration along \`workgroup_x\`, \`workgroup_y\` or \`workgroup_z\` (the
dispatch grid), or one work-item per iteration along \`workitem_x\`, \`workitem_y\` or \`workitem_z\` (the work-group).
The loops run by one \`krnl.iterate\` map to distinct processor dimensions. Without a mapping the lowering chooses.
The lowering to scf makes the loop an \`scf.parallel\` carrying the mapping as \`{krnl.mapping = [#krnl<processor
workitem_x>]}\`; a loop of a krnl.iterate with loop-carried values cannot be parallel.
`,
  operands: { loop: LoopHandle },
  properties: { mapping: OptionalAttr(ProcessorAttr) },
  // The attribute's own form (`$value`) starts with a space, as MLIR prints such enums (`gpu.thread_id  x`): the
  // empty literal keeps one space after `mapping`.
  assemblyFormat: '$loop (`mapping` `` $mapping^)? attr-dict `:` type($loop)',
  verify(par) {
    const op = par.op;
    // The first mark of a loop in a block is fine; the later ones (or one in another block) are reported.
    const other = parallelMarks(par.loop).find((m) => m !== op && (m.parentBlock !== op.parentBlock || m.isBeforeInBlock(op)));
    if (other) {
      op.emitOpError('marks a loop that another krnl.parallel already marks').attachNote(other.loc, 'marked parallel here');
      return false;
    }
    return true;
  },
});

/**
 * `%i, %j = krnl.get_induction_var_value(%a, %b) : (!krnl.loop, !krnl.loop) -> (index, index)`: the current value of
 * the induction variables of loops run by an enclosing krnl.iterate (for a tile loop: the first index of the tile).
 */
export const GetInductionVariableValueOp = defineOp('krnl.get_induction_var_value', {
  summary: 'Krnl induction variable value of loops',
  description: `
Converts loop references to the corresponding induction variable values. This is useful for accessing optimized
loop induction variables, as they are not otherwise accessible in the krnl dialect. For a loop reference
corresponding to inter-tile iterations (the first result of \`krnl.block\`), the value is the starting index of the
current tile. Each loop must be run by an enclosing \`krnl.iterate\`; there is one \`index\` result per loop.

\`\`\`mlir
krnl.iterate(%ib, %jb) with (%ii -> %i = 0 to 40, %jj -> %j = 0 to 80) {
  %i1, %j1 = krnl.get_induction_var_value(%ib, %jb) : (!krnl.loop, !krnl.loop) -> (index, index)
}
\`\`\`
`,
  operands: { loops: Variadic(LoopHandle) },
  results: { ind_var_vals: Variadic(Index) },
  traits: [NoMemoryEffect],
  assemblyFormat: '`(` $loops `)` attr-dict `:` functional-type($loops, results)',
  verify(g) {
    const op = g.op;
    if (g.loops.length !== op.numResults) {
      op.emitOpError(`expects one result per loop, but has ${g.loops.length} loops and ${op.numResults} results`);
      return false;
    }
    const running = enclosingIterates(op).flatMap((it) => iteratedLoops(it));
    const i = g.loops.findIndex((l) => !running.includes(l));
    if (i >= 0) {
      op.emitOpError(`expects loop #${i} to be run by an enclosing 'krnl.iterate'`);
      return false;
    }
    return true;
  },
});

/** `krnl.specialized_kernel(%a, %b) : !krnl.loop, !krnl.loop`: the loops are replaced by a specialized kernel. */
export const SpecializedKernelOp = defineOp('krnl.specialized_kernel', {
  summary: 'Krnl specialized kernel op',
  description: `
Marks loops whose iterations a specialized kernel (for instance a \`krnl.matmul\`) computes as a whole: the lowering
does not generate those loops.

\`\`\`mlir
krnl.specialized_kernel(%ii, %jj) : !krnl.loop, !krnl.loop
\`\`\`
`,
  operands: { loops: Variadic(LoopHandle) },
  assemblyFormat: '`(` $loops `)` attr-dict `:` type($loops)',
});
