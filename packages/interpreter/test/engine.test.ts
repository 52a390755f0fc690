// The engine on ops of an unregistered `test` dialect whose implementations are registered here: regions,
// branches, calls and symbols, allocations and their lifetimes, and how runtime errors come out (diagnostics
// located at the op, never exceptions).
import { describe, expect, it } from 'vitest';
import { Context, formatDiagnostic, parseSourceString, type Diagnostic, type Operation } from '@tlir/ir';
import {
  ControlTransfer,
  Interpreter,
  InterpreterRegistry,
  MemrefView,
  RuntimeFault,
  callBody,
  interpret,
  scalarArithmetic,
  scalarFromAttribute,
  type RuntimeValue,
} from '../src/index.js';

function testRegistry(): InterpreterRegistry {
  const r = new InterpreterRegistry();
  r.register('test.const', (op) => [scalarFromAttribute(op.getAttr('value')!)!]);
  r.register('test.add', (op, [a, b]) => [scalarArithmetic(op.results[0]!.type)!.add(a as number, b as number)]);
  r.register('test.mul', (op, [a, b]) => [scalarArithmetic(op.results[0]!.type)!.mul(a as number, b as number)]);
  r.register('test.less', (_op, [a, b]) => [(a as number) < (b as number) ? 1 : 0]);
  r.register('test.return', (_op, operands) => ControlTransfer.return(operands));
  r.register('test.yield', (_op, operands) => ControlTransfer.yield(operands));
  r.register('test.br', (op, operands) => ControlTransfer.branch(op.successors[0]!, operands));
  r.register('test.cond_br', (op, [c]) => ControlTransfer.branch(op.successors[c ? 0 : 1]!));
  r.register('test.call', (op, operands, ctx) => {
    const callee = ctx.lookupSymbol(op, String(op.getAttr('callee')).slice(1));
    if (!callee) ctx.fail('no such function');
    return ctx.call(callee, operands);
  });
  // test.repeat %n { ^bb0(%i, %acc): ... test.yield %acc' }: runs its region n times, threading one value.
  r.register('test.repeat', (op, [n, init], ctx) => {
    let acc = init!;
    for (let i = 0; i < (n as number); i++) acc = ctx.runRegion(op.regions[0]!, [i, acc]).values[0]!;
    return [acc];
  });
  r.register('test.alloc', (op, _operands, ctx) => {
    const lifetime = (String(op.getAttr('lifetime') ?? '"block"').slice(1, -1) as 'block' | 'call' | 'program');
    return [MemrefView.packed(ctx.allocate(op.results[0]!.type, 4, lifetime), [4], 'row-major')];
  });
  r.register('test.store', (_op, [v, m, i]) => {
    (m as MemrefView).store([i as number], v as number);
  });
  r.register('test.load', (_op, [m, i]) => [(m as MemrefView).load([i as number])]);
  r.register('test.keep', (_op, [m], ctx) => {
    ctx.state(KEPT, () => [] as RuntimeValue[]).push(m!);
  });
  r.register('test.kept', (_op, _operands, ctx) => [ctx.state(KEPT, () => [] as RuntimeValue[])[0]!]);
  r.register('test.group_id', (_op, _o, ctx) => [ctx.groupId, ctx.groupCount]);
  r.register('test.wrong_count', () => [1, 2]);
  r.register('test.wrong_type', () => [1.5]);
  r.register('test.throws', () => {
    throw new TypeError('boom');
  });
  r.register('test.fault', () => {
    throw new RuntimeFault('something the program did wrong');
  });
  r.registerValueCheck((type, value) => (String(type) === '!test.thing' ? (value === 7 ? undefined : 'a thing is 7') : null));
  return r;
}
const KEPT = {};

function parse(text: string): { ctx: Context; fn: (name: string) => Operation } {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const m = parseSourceString(ctx, text, 'engine.mlir');
  if (!m) throw new Error(`does not parse: ${ctx.diagnostics.unhandled.map((d) => d.message).join('\n')}`);
  const fn = (name: string): Operation => {
    let found: Operation | undefined;
    m.walk((op) => {
      if (String(op.getAttr('sym_name')) === `"${name}"`) found = op;
    });
    if (!found) throw new Error(`no function ${name}`);
    return found;
  };
  return { ctx, fn };
}

function run(text: string, name: string, args: RuntimeValue[], options = {}): { results?: readonly RuntimeValue[]; error?: string; diagnostic?: Diagnostic } {
  const { ctx, fn } = parse(text);
  const r = new Interpreter(testRegistry()).call(fn(name), args, options);
  return r.ok ? { results: r.results } : { error: formatDiagnostic(r.diagnostic, ctx.sources), diagnostic: r.diagnostic };
}

const FUNCTIONS = `
"test.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "test.add"(%a, %b) : (i32, i32) -> i32
  "test.return"(%0) : (i32) -> ()
}) {sym_name = "add"} : () -> ()
"test.func"() ({
^bb0(%a: i8):
  %0 = "test.mul"(%a, %a) : (i8, i8) -> i8
  "test.return"(%0) : (i8) -> ()
}) {sym_name = "square8"} : () -> ()
"test.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "test.call"(%a, %b) {callee = @add} : (i32, i32) -> i32
  %1 = "test.call"(%0, %0) {callee = @add} : (i32, i32) -> i32
  "test.return"(%1) : (i32) -> ()
}) {sym_name = "twice"} : () -> ()
"test.func"() ({
^bb0(%a: i32, %b: i32):
  %c = "test.less"(%a, %b) : (i32, i32) -> i1
  "test.cond_br"(%c)[^less, ^other] : (i1) -> ()
^less:
  "test.br"(%a)[^done] : (i32) -> ()
^other:
  "test.br"(%b)[^done] : (i32) -> ()
^done(%r: i32):
  "test.return"(%r) : (i32) -> ()
}) {sym_name = "min"} : () -> ()
"test.func"() ({
^bb0(%n: index):
  %0 = "test.const"() {value = 1 : i64} : () -> i64
  %1 = "test.repeat"(%n, %0) ({
  ^bb0(%i: index, %acc: i64):
    %2 = "test.add"(%acc, %acc) : (i64, i64) -> i64
    "test.yield"(%2) : (i64) -> ()
  }) : (index, i64) -> i64
  "test.return"(%1) : (i64) -> ()
}) {sym_name = "power_of_two"} : () -> ()
`;

describe('running functions', () => {
  it('runs ops in order and returns the values of the terminator', () => {
    expect(run(FUNCTIONS, 'add', [2, 40]).results).toEqual([42]);
  });

  it('wraps integers at their width', () => {
    expect(run(FUNCTIONS, 'add', [2 ** 31 - 1, 1]).results).toEqual([-(2 ** 31)]);
    expect(run(FUNCTIONS, 'square8', [16]).results).toEqual([0]);
    expect(run(FUNCTIONS, 'square8', [-11]).results).toEqual([121]);
    expect(run(FUNCTIONS, 'square8', [12]).results).toEqual([-112]);
  });

  it('calls functions by symbol, each with its own frame', () => {
    expect(run(FUNCTIONS, 'twice', [3, 4]).results).toEqual([14]);
  });

  it('follows branches between blocks with arguments', () => {
    expect(run(FUNCTIONS, 'min', [3, 9]).results).toEqual([3]);
    expect(run(FUNCTIONS, 'min', [9, 3]).results).toEqual([3]);
  });

  it('runs regions of an op as often as the op says, with block arguments', () => {
    expect(run(FUNCTIONS, 'power_of_two', [10]).results).toEqual([1024n]);
    expect(run(FUNCTIONS, 'power_of_two', [64]).results).toEqual([0n]);
    expect(run(FUNCTIONS, 'power_of_two', [63]).results).toEqual([-(2n ** 63n)]);
  });

  it('gives the work-group id and count of the launch', () => {
    const text = `"test.func"() ({
      %0, %1 = "test.group_id"() : () -> (index, index)
      "test.return"(%0, %1) : (index, index) -> ()
    }) {sym_name = "f"} : () -> ()`;
    expect(run(text, 'f', []).results).toEqual([0, 1]);
    expect(run(text, 'f', [], { groupId: 5, groupCount: 7 }).results).toEqual([5, 7]);
    expect(run(text, 'f', [], { groupId: 7, groupCount: 7 }).error).toContain('work-group id 7 is not in [0, 7)');
    expect(run(text, 'f', [], { groupCount: 0 }).error).toContain('the number of work-groups must be a positive integer');
  });

  it('is also reachable as interpret()', () => {
    const { fn } = parse(FUNCTIONS);
    const r = interpret(testRegistry(), fn('add'), [1, 2]);
    expect(r).toEqual({ ok: true, results: [3] });
  });

  it('keeps dialect state for the length of a run', () => {
    const text = `"test.func"() ({
      %m = "test.alloc"() {lifetime = "program"} : () -> f32
      "test.keep"(%m) : (f32) -> ()
      %k = "test.kept"() : () -> f32
      "test.return"(%k) : (f32) -> ()
    }) {sym_name = "f"} : () -> ()`;
    const { fn } = parse(text);
    const registry = testRegistry();
    registry.register('test.alloc_check', () => undefined);
    const r = new Interpreter(registry, { checkResults: false }).call(fn('f'), []);
    expect(r.ok && r.results[0]).toBeInstanceOf(MemrefView);
  });
});

describe('arguments', () => {
  it('checks the number of arguments and each value against its type', () => {
    expect(run(FUNCTIONS, 'add', [1]).error).toContain("takes 2 arguments, 1 given");
    expect(run(FUNCTIONS, 'add', [1, 2 ** 40]).error).toContain('argument #1');
    expect(run(FUNCTIONS, 'add', [1, 0.5]).error).toContain('expected an integer number in the range of i32');
    expect(run(FUNCTIONS, 'power_of_two', [1n]).error).toContain('argument #0');
  });

  it('asks the dialects for their types', () => {
    const text = `"test.func"() ({
    ^bb0(%t: !test.thing):
      "test.return"() : () -> ()
    }) {sym_name = "f"} : () -> ()`;
    expect(run(text, 'f', [7]).results).toEqual([]);
    expect(run(text, 'f', [8]).error).toContain('a thing is 7');
  });

  it('reports at the function with the source line and a caret', () => {
    const e = run(FUNCTIONS, 'add', [1]).error!;
    expect(e).toMatch(/^engine\.mlir:2:1: error: 'test\.func' @add takes 2 arguments, 1 given\n"test\.func"\(\) \(\{\n\^\n/);
  });
});

describe('runtime errors', () => {
  const body = (ops: string): string => `"test.func"() ({\n${ops}\n  "test.return"() : () -> ()\n}) {sym_name = "f"} : () -> ()`;

  it('locate a fault at the op that raised it', () => {
    const r = run(body('  "test.fault"() : () -> ()'), 'f', []);
    expect(r.error).toBe('engine.mlir:2:3: error: something the program did wrong\n  "test.fault"() : () -> ()\n  ^\n');
  });

  it('locate a fault inside a region at the innermost op', () => {
    const text = `"test.func"() ({
^bb0(%n: index):
  %0 = "test.const"() {value = 1 : i64} : () -> i64
  %1 = "test.repeat"(%n, %0) ({
  ^bb0(%i: index, %acc: i64):
    "test.fault"() : () -> ()
    "test.yield"(%acc) : (i64) -> ()
  }) : (index, i64) -> i64
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`;
    const r = run(text, 'f', [3]);
    expect(r.diagnostic?.loc.fileLoc()?.line).toBe(6);
    expect(run(text, 'f', [0]).results).toEqual([]);
  });

  it('name an op without implementation', () => {
    expect(run(body('  "other.op"() : () -> ()'), 'f', []).error).toContain("engine.mlir:2:3: error: no interpreter implementation for 'other.op'");
  });

  it('turn a bug of an implementation into a located internal error', () => {
    expect(run(body('  "test.throws"() : () -> ()'), 'f', []).error).toContain("error: internal error in the interpreter implementation of 'test.throws': boom");
    expect(run(body('  %0 = "test.wrong_count"() : () -> i32'), 'f', []).error).toContain("the implementation of 'test.wrong_count' gave 2 values for 1 results");
    expect(run(body('  %0 = "test.wrong_type"() : () -> i32'), 'f', []).error).toContain('gave result #0 1.5: expected an integer number in the range of i32');
  });

  it('stop an endless run at the operation limit', () => {
    const text = `"test.func"() ({
    ^bb0:
      "test.br"()[^bb0] : () -> ()
    }) {sym_name = "f"} : () -> ()`;
    expect(run(text, 'f', [], { maxOperations: 1000 }).error).toContain('exceeds the limit of 1000 executed operations');
  });

  it('stop unbounded recursion', () => {
    const text = `"test.func"() ({
      "test.call"() {callee = @f} : () -> ()
      "test.return"() : () -> ()
    }) {sym_name = "f"} : () -> ()`;
    expect(run(text, 'f', []).error).toContain('call depth exceeds 256');
  });

  it('report a call of a declaration', () => {
    const text = `"test.func"() ({
    }) {sym_name = "decl"} : () -> ()
    "test.func"() ({
      "test.call"() {callee = @decl} : () -> ()
      "test.return"() : () -> ()
    }) {sym_name = "f"} : () -> ()`;
    expect(run(text, 'f', []).error).toContain("cannot call 'test.func' without a body");
  });
});

describe('allocations', () => {
  const text = (lifetime: string, useOutside: boolean): string => `"test.func"() ({
^bb0(%n: index):
  %i = "test.const"() {value = 1 : index} : () -> index
  %v = "test.const"() {value = 2.5 : f32} : () -> f32
  %0 = "test.const"() {value = 0 : index} : () -> index
  %m = "test.repeat"(%n, %0) ({
  ^bb0(%k: index, %acc: index):
    %a = "test.alloc"() {lifetime = "${lifetime}"} : () -> f32
    "test.store"(%v, %a, %i) : (f32, f32, index) -> ()
    %x = "test.load"(%a, %i) : (f32, index) -> f32
    "test.keep"(%a) : (f32) -> ()
    "test.yield"(%acc) : (index) -> ()
  }) : (index, index) -> index
  ${useOutside ? '%kept = "test.kept"() : () -> f32\n  %y = "test.load"(%kept, %i) : (f32, index) -> f32' : ''}
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`;

  const runIt = (src: string, args: RuntimeValue[] = [1]) => {
    const { ctx, fn } = parse(src);
    const r = new Interpreter(testRegistry(), { checkResults: false }).call(fn("f"), args);
    return r.ok ? 'ok' : formatDiagnostic(r.diagnostic, ctx.sources);
  };

  it('frees block allocations at the end of the block', () => {
    expect(runIt(text('block', false))).toBe('ok');
    expect(runIt(text('block', true))).toContain('after its lifetime ended (freed at the end of the block that allocated it)');
  });

  it('keeps call and program allocations past the block', () => {
    expect(runIt(text('call', true))).toBe('ok');
    expect(runIt(text('program', true))).toBe('ok');
  });

  it('reports reading an element never written, and accesses out of bounds', () => {
    const src = (ops: string) => `"test.func"() ({
  %i = "test.const"() {value = ${ops} : index} : () -> index
  %a = "test.alloc"() : () -> f32
  %x = "test.load"(%a, %i) : (f32, index) -> f32
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`;
    expect(runIt(src('2'), [])).toContain('engine.mlir:4:8: error: load of element 2 of the memory of test.alloc at engine.mlir:3:8, which was never written');
    expect(runIt(src('4'), [])).toContain('index 4 is out of bounds for mode 0 of size 4');
  });
});

describe('callBody', () => {
  it('runs the body region of a function-like op', () => {
    const { fn } = parse(FUNCTIONS);
    const registry = testRegistry();
    registry.registerCallable('test.func', (f, args, ctx) => callBody(f, args, ctx).map((v) => (v as number) * 10));
    const r = new Interpreter(registry).call(fn('add'), [1, 2]);
    expect(r).toEqual({ ok: true, results: [30] });
  });

  it('refuses to register an op twice', () => {
    expect(() => testRegistry().register('test.add', () => undefined)).toThrow("'test.add' is already registered");
  });
});
