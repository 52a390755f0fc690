// Implementations registered for an op definition (`registerImpl(Def, (op, operands, ctx) => ...)`): they receive
// the op's typed view, a definition is registered once, and an op parsed from text (found by its name) runs the
// implementation registered for its definition.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AnyRegion,
  AnyType,
  Context,
  I64Attr,
  IntegerAttr,
  SameAs,
  SignlessIntegerLike,
  StrAttr,
  UnitAttr,
  Variadic,
  defineDialect,
  defineOp,
  formatDiagnostic,
  parseSourceString,
  type OpResult,
  type Operation,
  type Region,
  type StringAttr,
  type Value,
} from '@tlir/ir';
import { ControlTransfer, InterpreterRegistry, Suspension, interpret, scalarArithmetic, scalarFromAttribute } from '../src/index.js';

const AddOp = defineOp('demo.add', {
  operands: { lhs: SignlessIntegerLike, rhs: SameAs('lhs') },
  results: { result: SameAs('lhs') },
  properties: { saturate: UnitAttr },
  assemblyFormat: '$lhs `,` $rhs (`saturate` $saturate^)? attr-dict `:` type($result)',
});
const ConstantOp = defineOp('demo.constant', {
  results: { result: AnyType },
  properties: { value: I64Attr },
  assemblyFormat: '$value attr-dict `:` type($result)',
});
const ReturnOp = defineOp('demo.return', { operands: { values: Variadic(AnyType) }, assemblyFormat: 'attr-dict ($values^ `:` type($values))?' });
const FuncOp = defineOp('demo.func', {
  properties: { sym_name: StrAttr },
  regions: { body: AnyRegion },
});
const DemoDialect = defineDialect({ name: 'demo', operations: [AddOp, ConstantOp, ReturnOp, FuncOp] });

const SOURCE = `
"test.func"() ({
^bb0(%a: i8, %b: i8):
  %s = demo.add %a, %b : i8
  %t = demo.add %a, %b saturate : i8
  %c = demo.constant 5 : i8
  demo.return %s, %t, %c : i8, i8, i8
}) : () -> ()
`;

function parseFunction(ctx: Context): Operation {
  const m = parseSourceString(ctx, SOURCE, 'typed.mlir');
  if (!m) throw new Error(ctx.diagnostics.unhandled.map((d) => formatDiagnostic(d, ctx.sources)).join(''));
  return m.regions[0]!.firstBlock!.firstOp!;
}

function demoRegistry(seen: { lhs: Value; result: OpResult; saturate: UnitAttr | undefined }[] = []): InterpreterRegistry {
  const r = new InterpreterRegistry();
  r.registerImpl(AddOp, (op, [a, b]) => {
    seen.push({ lhs: op.lhs, result: op.result, saturate: op.saturate });
    const sum = (a as number) + (b as number);
    return [op.saturate ? Math.max(-128, Math.min(127, sum)) : scalarArithmetic(op.result.type)!.add(a as number, b as number)];
  });
  r.registerImpl(ConstantOp, (op) => [scalarFromAttribute(IntegerAttr.get(op.op.context, op.result.type, op.value.value))!]);
  r.registerImpl(ReturnOp, (_op, values) => ControlTransfer.return(values));
  return r;
}

describe('implementations registered for an op definition', () => {
  it('receive the typed view of the op', () => {
    const ctx = new Context({ dialects: [DemoDialect], allowUnregisteredDialects: true });
    const fn = parseFunction(ctx);
    const seen: { lhs: Value; result: OpResult; saturate: UnitAttr | undefined }[] = [];
    const r = interpret(demoRegistry(seen), fn, [100, 100]);
    expect(r.ok ? r.results : formatDiagnostic(r.diagnostic, ctx.sources)).toEqual([-56, 127, 5]);
    const adds = fn.regions[0]!.firstBlock!.opsArray().filter((op) => AddOp.is(op));
    expect(seen.map((s) => s.lhs)).toEqual([adds[0]!.getOperand(0), adds[1]!.getOperand(0)]);
    expect(seen.map((s) => s.result)).toEqual([adds[0]!.results[0], adds[1]!.results[0]]);
    expect(seen.map((s) => s.saturate)).toEqual([undefined, UnitAttr.get(ctx)]);
  });

  it('are typed by the definition', () => {
    const r = new InterpreterRegistry();
    r.registerImpl(AddOp, (op) => {
      expectTypeOf(op.lhs).toEqualTypeOf<Value>();
      expectTypeOf(op.result).toEqualTypeOf<OpResult>();
      expectTypeOf(op.saturate).toEqualTypeOf<UnitAttr | undefined>();
      expectTypeOf(op.op).toEqualTypeOf<Operation>();
      return [0];
    });
    r.registerResumableImpl(ConstantOp, function* (op) {
      expectTypeOf(op.value).toEqualTypeOf<IntegerAttr>();
      yield new Suspension(op.op);
      return [0];
    });
    r.registerCallableImpl(FuncOp, (fn) => {
      expectTypeOf(fn.sym_name).toEqualTypeOf<StringAttr>();
      expectTypeOf(fn.body).toEqualTypeOf<Region>();
      return [];
    });
    // @ts-expect-error: the view of demo.return has no `value`
    r.registerImpl(ReturnOp, (op) => [op.value]);
  });

  it('are registered once per definition', () => {
    const r = demoRegistry();
    expect(() => r.registerImpl(AddOp, () => [0])).toThrow("an interpreter implementation of 'demo.add' is already registered");
    expect(() => r.register('demo.add', () => [0])).toThrow("an interpreter implementation of 'demo.add' is already registered");
    expect(() => r.registerResumableImpl(AddOp, function* () {
      return [0];
    })).toThrow("an interpreter implementation of 'demo.add' is already registered");
    const calls = new InterpreterRegistry().registerCallableImpl(FuncOp, () => []);
    expect(() => calls.registerCallableImpl(FuncOp, () => [])).toThrow("a callable implementation of 'demo.func' is already registered");
  });

  it('are found by the name of a parsed op', () => {
    const ctx = new Context({ dialects: [DemoDialect], allowUnregisteredDialects: true });
    const fn = parseFunction(ctx);
    const add = fn.regions[0]!.firstBlock!.firstOp!;
    const r = demoRegistry();
    expect(AddOp.is(add)).toBe(true);
    expect(r.has(add.name)).toBe(true);
    expect(r.opNames).toEqual(['demo.add', 'demo.constant', 'demo.return']);
    const impl = r.lookup(add.name)!;
    expect(impl).toBeDefined();
    // Run directly, as the engine does: the implementation gets the view of the op it is given.
    expect(impl(add, [1, 2], undefined as never)).toEqual([3]);
  });

  it('report an op of the same name that is not of the definition as a runtime error', () => {
    // Without the demo dialect, `demo.add` is an unregistered op: it has no typed view.
    const ctx = new Context({ allowUnregisteredDialects: true });
    const text = '"test.func"() ({\n^bb0(%a: i8, %b: i8):\n  %s = "demo.add"(%a, %b) : (i8, i8) -> i8\n  "demo.return"(%s) : (i8) -> ()\n}) : () -> ()\n';
    const m = parseSourceString(ctx, text, 'typed.mlir');
    const fn = m?.regions[0]?.firstBlock?.firstOp;
    if (!fn) throw new Error(ctx.diagnostics.unhandled.map((d) => formatDiagnostic(d, ctx.sources)).join(''));
    const r = interpret(demoRegistry(), fn, [1, 2]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.diagnostic.message).toBe(
        "'demo.add' is not the registered op the interpreter implementation is for (is its dialect loaded in this context?)",
      );
    }
  });
});
