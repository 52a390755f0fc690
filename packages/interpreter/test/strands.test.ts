// Strands (ExecutionContext.spawn): regions run as coroutines that suspend at ops with resumable
// implementations and go on when resumed, on ops of an unregistered `test` dialect. `test.launch` spawns one strand
// per id and is the scheduler: it resumes every strand until all wait at the same `test.wait` (a barrier), then
// resumes them all with the sum of what they gave; a strand that finished while others wait is a divergence.
import { describe, expect, it } from 'vitest';
import { Context, formatDiagnostic, parseSourceString, type MemRefType } from '@tlir/ir';
import {
  ControlTransfer,
  Interpreter,
  InterpreterRegistry,
  Memory,
  MemrefView,
  Suspension,
  fault,
  scalarArithmetic,
  scalarFromAttribute,
  type RuntimeValue,
  type Strand,
} from '../src/index.js';

const ID = {};
const COUNT = {};

function registry(): InterpreterRegistry {
  const r = new InterpreterRegistry();
  r.register('test.const', (op) => [scalarFromAttribute(op.getAttr('value')!)!]);
  r.register('test.add', (op, [a, b]) => [scalarArithmetic(op.results[0]!.type)!.add(a as number, b as number)]);
  r.register('test.id', (_op, _o, ctx) => [ctx.local<number>(ID) ?? fault('test.id outside a launch')]);
  r.register('test.yield', (_op, operands) => ControlTransfer.yield(operands));
  r.register('test.return', (_op, operands) => ControlTransfer.return(operands));
  // test.repeat %n { ^bb0(%i): ... }: a plain (sync) implementation that runs its region n times.
  r.register('test.repeat', (op, [n], ctx) => {
    for (let i = 0; i < (n as number); i++) ctx.runRegion(op.regions[0]!, [i]);
  });
  // Counts how many times it ran, over all strands (a replayed region must not run its ops again).
  r.register('test.count', (_op, _o, ctx) => {
    ctx.state(COUNT, () => ({ n: 0 })).n++;
  });
  r.register('test.alloc', (op, _o, ctx) => [MemrefView.packed(ctx.allocate((op.results[0]!.type as MemRefType).elementType, 8, 'program'), [8], 'row-major')]);
  r.register('test.local_alloc', (op, _o, ctx) => [MemrefView.packed(ctx.allocate((op.results[0]!.type as MemRefType).elementType, 1, 'block'), [1], 'row-major')]);
  r.register('test.store', (_op, [v, m, i]) => void (m as MemrefView).store([i as number], v as number));
  r.register('test.load', (_op, [m, i]) => [(m as MemrefView).load([i as number])]);
  r.register('test.fault', () => fault('a fault in a strand'));
  // test.wait %v: waits until every strand of the launch waits here, and gives the sum of their values.
  r.registerResumable('test.wait', function* (op, [v]) {
    const total = yield new Suspension(op, v);
    return [total as RuntimeValue];
  });
  // test.launch %n { region }: runs the region in n strands (ids 0..n-1) and schedules them.
  r.register('test.launch', (op, [n], ctx) => {
    const strands: Strand[] = [];
    for (let id = 0; id < (n as number); id++) {
      strands.push(ctx.spawn(op.regions[0]!, [], { locals: new Map([[ID, id]]), note: { loc: op.loc, message: `in strand ${id}` } }));
    }
    const waiting: (Suspension | undefined)[] = strands.map(() => undefined);
    let resume: unknown = undefined;
    for (;;) {
      strands.forEach((s, i) => {
        if (s.done) return;
        const step = s.resume(resume);
        waiting[i] = step.done ? undefined : step.suspension;
      });
      const live = waiting.filter((w) => w !== undefined);
      if (!live.length) return;
      if (live.length !== strands.length || live.some((w) => w.op !== live[0]!.op)) {
        strands.forEach((s) => s.close());
        fault(`divergent wait: ${live.length} of ${strands.length} strands wait here`, { at: live[0]!.op });
      }
      resume = live.reduce((sum, w) => sum + (w.payload as number), 0);
    }
  });
  return r;
}

interface Outcome {
  readonly error?: string;
  /** The shared memory after the run. */
  readonly memory: number[];
  /** How many test.count ops ran, over all strands. */
  readonly count: number;
}

/** Runs `body` (ops of a function taking %n: index and %m: memref<8xi32>) with n and zero-filled memory. */
function run(body: string, n: number, options = {}): Outcome {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const text = `"test.func"() ({
^bb0(%n: index, %m: memref<8xi32>):
${body}
  "test.return"() : () -> ()
}) {sym_name = "main"} : () -> ()`;
  const module = parseSourceString(ctx, text, 'strands.mlir');
  if (!module) throw new Error(ctx.diagnostics.unhandled.map((d) => d.message).join('\n'));
  const fn = module.regions[0]!.firstBlock!.firstOp!;
  const type = fn.regions[0]!.firstBlock!.args[1]!.type as MemRefType;
  const memory = Memory.fromValues(type.elementType, new Array(8).fill(0), '%m');
  const reg = registry();
  let count = 0;
  reg.register('test.observe', (_op, _o, c) => {
    count = c.state(COUNT, () => ({ n: 0 })).n;
  });
  const r = new Interpreter(reg).call(fn, [n, MemrefView.packed(memory, [8], 'row-major')], options);
  const values = Array.from({ length: 8 }, (_, i) => memory.load(i) as number);
  return { error: r.ok ? undefined : formatDiagnostic(r.diagnostic, ctx.sources), memory: values, count };
}

// Every strand stores its id at m[id], waits, and stores what its right neighbour stored at m[4 + id]: without the
// wait, strand 0 would read m[1] before strand 1 wrote it.
const EXCHANGE = `
  "test.launch"(%n) ({
    %id = "test.id"() : () -> index
    "test.store"(%id, %m, %id) : (index, memref<8xi32>, index) -> ()
    %z = "test.const"() {value = 0 : index} : () -> index
    %s = "test.wait"(%z) : (index) -> index
    %one = "test.const"() {value = 1 : index} : () -> index
    %next = "test.add"(%id, %one) : (index, index) -> index
    %four = "test.const"() {value = 4 : index} : () -> index
    %wrap = "test.const"() {value = 3 : index} : () -> index
    %j = "test.add"(%id, %four) : (index, index) -> index
    %v = "test.load"(%m, %next) : (memref<8xi32>, index) -> i32
    "test.store"(%v, %m, %j) : (i32, memref<8xi32>, index) -> ()
    "test.yield"() : () -> ()
  }) : (index) -> ()
`;

describe('strands', () => {
  it('run until they suspend, and go on when resumed: a wait orders the stores before the loads', () => {
    // Strands 0..2 read m[1..3]; m[3] is 0 (nobody stores it), the others are the neighbours' ids.
    const r = run(EXCHANGE, 3);
    expect(r.error).toBeUndefined();
    expect(r.memory).toEqual([0, 1, 2, 0, 1, 2, 0, 0]);
  });

  it('resume a waiting op with the value the scheduler gives', () => {
    const r = run(
      `
  "test.launch"(%n) ({
    %id = "test.id"() : () -> index
    %sum = "test.wait"(%id) : (index) -> index
    "test.store"(%sum, %m, %id) : (index, memref<8xi32>, index) -> ()
    "test.yield"() : () -> ()
  }) : (index) -> ()`,
      4,
    );
    expect(r.memory.slice(0, 4)).toEqual([6, 6, 6, 6]);
  });

  it('suspend inside regions run by plain implementations, whose finished runs are replayed, never re-executed', () => {
    // Each strand adds the sum of all ids (6) to m[id], 3 times, each iteration after a wait; the counter runs
    // once per iteration and strand, however often test.repeat's implementation is replayed.
    const r = run(
      `
  %three = "test.const"() {value = 3 : index} : () -> index
  "test.launch"(%n) ({
    %id = "test.id"() : () -> index
    "test.repeat"(%three) ({
    ^bb0(%i: index):
      "test.count"() : () -> ()
      %sum = "test.wait"(%id) : (index) -> index
      %old = "test.load"(%m, %id) : (memref<8xi32>, index) -> i32
      %s32 = "test.const"() {value = 6 : i32} : () -> i32
      %new = "test.add"(%old, %s32) : (i32, i32) -> i32
      "test.store"(%new, %m, %id) : (i32, memref<8xi32>, index) -> ()
      "test.yield"() : () -> ()
    }) : (index) -> ()
    "test.yield"() : () -> ()
  }) : (index) -> ()
  "test.observe"() : () -> ()`,
      4,
    );
    expect(r.error).toBeUndefined();
    expect(r.memory.slice(0, 4)).toEqual([18, 18, 18, 18]);
    expect(r.count).toBe(12);
  });

  it('see the values of the spawning call', () => {
    const r = run(
      `
  %seven = "test.const"() {value = 7 : i32} : () -> i32
  "test.launch"(%n) ({
    %id = "test.id"() : () -> index
    "test.store"(%seven, %m, %id) : (i32, memref<8xi32>, index) -> ()
    "test.yield"() : () -> ()
  }) : (index) -> ()`,
      2,
    );
    expect(r.memory.slice(0, 3)).toEqual([7, 7, 0]);
  });

  it('report a runtime error located at the op, with the note the spawner gave', () => {
    const r = run(
      `
  "test.launch"(%n) ({
    "test.fault"() : () -> ()
    "test.yield"() : () -> ()
  }) : (index) -> ()`,
      2,
    );
    expect(r.error).toContain('strands.mlir:5:5: error: a fault in a strand');
    expect(r.error).toContain('strands.mlir:4:3: note: in strand 0');
  });

  it('let a scheduler report an error at the op where strands wait (a fault located elsewhere)', () => {
    const r = run(
      `
  "test.launch"(%n) ({
    %id = "test.id"() : () -> index
    %zero = "test.const"() {value = 0 : index} : () -> index
    "test.repeat"(%id) ({
    ^bb0(%i: index):
      %s = "test.wait"(%zero) : (index) -> index
      "test.yield"() : () -> ()
    }) : (index) -> ()
    "test.yield"() : () -> ()
  }) : (index) -> ()`,
      3,
    );
    expect(r.error).toContain('strands.mlir:9:12: error: divergent wait: 2 of 3 strands wait here');
  });

  it('free what a closed strand allocated', () => {
    let kept: MemrefView | undefined;
    const reg = registry();
    reg.register('test.keep', (_op, [v]) => void (kept = v as MemrefView));
    // A scheduler that gives up at the first wait: it closes the strand, which leaves its blocks.
    reg.register('test.abandon', (op, _o, ctx) => {
      const strand = ctx.spawn(op.regions[0]!, [], { locals: new Map([[ID, 0]]) });
      expect(strand.resume().done).toBe(false);
      expect(kept!.memory.freedReason).toBeUndefined();
      strand.close();
      expect(strand.done).toBe(true);
    });
    const ctx = new Context({ allowUnregisteredDialects: true });
    const module = parseSourceString(
      ctx,
      `"test.func"() ({
  "test.abandon"() ({
    %a = "test.local_alloc"() : () -> memref<1xi32>
    "test.keep"(%a) : (memref<1xi32>) -> ()
    %z = "test.const"() {value = 0 : index} : () -> index
    %s = "test.wait"(%z) : (index) -> index
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "main"} : () -> ()`,
      'strands.mlir',
    )!;
    const r = new Interpreter(reg).call(module.regions[0]!.firstBlock!.firstOp!, []);
    expect(r.ok ? '' : formatDiagnostic(r.diagnostic, ctx.sources)).toBe('');
    expect(kept!.memory.freedReason).toBe('freed at the end of the block that allocated it');
  });

  it('count their ops in the run\'s limit', () => {
    const r = run(EXCHANGE, 3, { maxOperations: 20 });
    expect(r.error).toContain('the run exceeds the limit of 20 executed operations');
  });

  it('make a resumable op that waits outside a strand an error', () => {
    const r = run(
      `
  %z = "test.const"() {value = 0 : index} : () -> index
  %s = "test.wait"(%z) : (index) -> index`,
      1,
    );
    expect(r.error).toContain("error: 'test.wait' has to wait for others here, but it runs outside a strand that could be resumed");
  });
});
