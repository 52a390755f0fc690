// The API of @tlir/dialect-krnl that lowerings use: building a krnl.iterate with its body, reading its bindings
// back, and the helpers relating loop handles (origin of a tile loop, loops run by enclosing iterates, the GPU
// processor mapping of krnl.parallel).
import { describe, expect, it } from 'vitest';
import { FuncDialect } from '@tlir/dialect-func';
import { AsmPrinter, Builder, Context, IntegerAttr, IntegerType, parseSourceString, verify, type Operation } from '@tlir/ir';
import {
  BlockOp,
  DefineLoopsOp,
  GetInductionVariableValueOp,
  IterateOp,
  KrnlDialect,
  LoopType,
  ParallelOp,
  ProcessorAttr,
  YieldOp,
  boundLoops,
  buildIterate,
  enclosingIterates,
  iterateBindings,
  iteratedLoops,
  originalLoop,
  processorMapping,
} from '../src/index.js';

/** A context with func and krnl, a function `@f(%n: index, %x: f32) -> f32`, and a builder before its return. */
function setup() {
  const ctx = new Context({ dialects: [FuncDialect, KrnlDialect] });
  const module = parseSourceString(ctx, 'func.func @f(%n: index, %x: f32) -> f32 {\n  return %x : f32\n}\n', 'api.mlir')!;
  const fn = module.regions[0]!.firstBlock!.firstOp!;
  const entry = fn.regions[0]!.firstBlock!;
  const ret = entry.lastOp!;
  const b = new Builder(ctx);
  b.setInsertionPoint(ret);
  const [n, x] = entry.args;
  return { ctx, module, b, n: n!, x: x!, ret };
}

const i64 = (ctx: Context, v: number): IntegerAttr => IntegerAttr.get(ctx, IntegerType.get(ctx, 64), BigInt(v));

describe('building krnl loop nests', () => {
  it('buildIterate makes the op, its body block and its terminator, and iterateBindings reads the bounds back', () => {
    const { ctx, module, b, n, x, ret } = setup();
    const loop = LoopType.get(ctx, {});
    const defs = DefineLoopsOp.create(b, { loops: [loop, loop], num_loops: i64(ctx, 2) });
    const [ii, jj] = defs.loops;
    const blocked = BlockOp.create(b, { loop: ii!, tile_size: i64(ctx, 4), loop_block: loop, loop_local: loop });
    ParallelOp.create(b, { loop: blocked.loop_block, mapping: ProcessorAttr.get(ctx, { value: 'workgroup_x' }) });
    let inner: Operation | undefined;
    const outer = buildIterate(b, {
      loops: [blocked.loop_block, jj!],
      bindings: [
        { loop: ii!, lowerBound: 0, upperBound: n },
        { loop: jj!, lowerBound: -2, upperBound: 8 },
      ],
      inits: [x],
      body: (bb, ivs, iterArgs) => {
        expect(ivs).toHaveLength(2);
        GetInductionVariableValueOp.create(bb, { loops: [blocked.loop_block], ind_var_vals: [bb.index] });
        inner = buildIterate(bb, { loops: [blocked.loop_local], bindings: [] }).op;
        return [iterArgs[0]!];
      },
    });
    ret.setOperand(0, outer.results[0]!);
    expect(verify(module)).toBe(true);
    expect(ctx.diagnostics.unhandled).toEqual([]);
    const text = AsmPrinter.print(module);
    expect(text).toContain('krnl.parallel %loop_block mapping workgroup_x : !krnl.loop');
    expect(text).toContain(
      'krnl.iterate(%loop_block, %0#1) with (%0#0 -> %arg2 = 0 to %arg0, %0#1 -> %arg3 = -2 to 8) iter_args(%arg4 = %arg1) -> (f32) {',
    );
    expect(text).toContain('krnl.iterate(%loop_local) with () {');
    expect(text).toContain('krnl.yield %arg4 : f32');
    // The bindings, as lowerings read them.
    const bindings = iterateBindings(outer.op);
    expect(bindings.map((x) => [x.loop, x.lowerBound, x.upperBound])).toEqual([
      [ii, 0, n],
      [jj, -2, 8],
    ]);
    expect(bindings.map((x) => x.inductionVar)).toEqual(outer.op.regions[0]!.firstBlock!.args.slice(0, 2));
    // The nest structure.
    expect(iteratedLoops(outer.op)).toEqual([blocked.loop_block, jj]);
    expect(boundLoops(outer.op)).toEqual([ii, jj]);
    expect(enclosingIterates(inner!)).toEqual([outer.op]);
    expect(originalLoop(blocked.loop_local)).toBe(ii);
    expect(processorMapping(blocked.loop_block)).toBe('workgroup_x');
    expect(processorMapping(jj!)).toBeUndefined();
    // The terminators: krnl.yield with values, krnl.terminate without.
    expect(YieldOp.is(outer.op.regions[0]!.firstBlock!.lastOp!)).toBe(true);
    expect(inner!.regions[0]!.firstBlock!.lastOp!.name).toBe('krnl.terminate');
    // What was built reads back the same.
    const ctx2 = new Context({ dialects: [FuncDialect, KrnlDialect] });
    const reparsed = parseSourceString(ctx2, text, 'reparsed.mlir')!;
    expect(verify(reparsed)).toBe(true);
    expect(AsmPrinter.print(reparsed)).toBe(text);
  });

  it('IterateOp views give the groups of the generic form', () => {
    const ctx = new Context({ dialects: [FuncDialect, KrnlDialect] });
    const m = parseSourceString(
      ctx,
      'func.func @g(%n: index) {\n  %l:2 = krnl.define_loops 2\n  krnl.iterate(%l#1, %l#0) with (%l#0 -> %i = %n to 4, %l#1 -> %j = 1 to %n) {\n  }\n  return\n}\n',
      'view.mlir',
    )!;
    expect(verify(m)).toBe(true);
    let it: Operation | undefined;
    m.walk((op) => {
      if (IterateOp.is(op)) it = op;
    });
    const view = IterateOp.wrap(it!);
    expect(view.loops).toHaveLength(2);
    expect(view.inputLoops).toHaveLength(2);
    expect(view.dynamicLowerBound).toHaveLength(1);
    expect(view.dynamicUpperBound).toHaveLength(1);
    expect(view.inits).toHaveLength(0);
    expect(String(view.staticLowerBound)).toBe('array<i64: -9223372036854775808, 1>');
    expect(String(view.staticUpperBound)).toBe('array<i64: 4, -9223372036854775808>');
  });
});
