// Declarative assembly formats: the printers space things exactly as MLIR's generated printers, the parsers read
// back what they print, and a bad format is a clear error when the op is defined.
import { describe, expect, it } from 'vitest';
import {
  AnyMemRef,
  AnyRegion,
  AnySuccessor,
  AnyType,
  AsmPrinter,
  BitEnumParameter,
  BoolAttr,
  Context,
  DefaultValuedAttr,
  FormatError,
  I1,
  I64Attr,
  Index,
  IntEnumAttr,
  IntegerAttr,
  IntegerType,
  Optional,
  Pure,
  SameAs,
  SameOperandsAndResultType,
  SignlessIntegerLike,
  SingleBlockImplicitTerminator,
  Terminator,
  TypedAttr,
  TypesMatchWith,
  MemRefType,
  type Type,
  UnitAttr,
  Variadic,
  VariadicSuccessor,
  defineAttribute,
  defineDialect,
  defineOp,
  formatDiagnostic,
  parseSourceString,
  verify,
  type CustomDirective,
  type Diagnostic,
  type OpAsmParser,
  type Value,
} from '@tlir/ir';

// ---- a dialect whose ops have the assembly formats of MLIR 22's cf, memref and arith ops ------------------------

const Overflow = defineAttribute('tt.overflow', {
  parameters: { value: BitEnumParameter('IntegerOverflowFlags', { none: 0, nsw: 1, nuw: 2 }, ', ') },
  assemblyFormat: '`<` $value `>`',
});

const elementOf = (t: Type): Type[] => (t instanceof MemRefType ? [t.elementType] : []);

const Br = defineOp('tt.br', {
  operands: { destOperands: Variadic(AnyType) },
  successors: { dest: AnySuccessor },
  traits: [Pure, Terminator],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
});
const CondBr = defineOp('tt.cond_br', {
  operands: { condition: I1, trueDestOperands: Variadic(AnyType), falseDestOperands: Variadic(AnyType) },
  successors: { trueDest: AnySuccessor, falseDest: AnySuccessor },
  traits: [Pure, Terminator],
  assemblyFormat:
    '$condition `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
});
const Load = defineOp('tt.load', {
  operands: { memref: AnyMemRef, indices: Variadic(Index) },
  results: { result: TypesMatchWith('result type matches element type of \'memref\'', 'memref', elementOf) },
  properties: { nontemporal: DefaultValuedAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)) },
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
});
const Store = defineOp('tt.store', {
  operands: {
    value: TypesMatchWith('type of \'value\' matches element type of \'memref\'', 'memref', elementOf),
    memref: AnyMemRef,
    indices: Variadic(Index),
  },
  properties: { nontemporal: DefaultValuedAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)) },
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
});
const Alloc = defineOp('tt.alloc', {
  operands: { dynamicSizes: Variadic(Index), symbolOperands: Variadic(Index) },
  results: { memref: AnyMemRef },
  properties: { alignment: { presence: 'optional', constraint: I64Attr } },
  assemblyFormat: '`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)',
  getAsmResultNames: (a, setName) => setName(a.memref, 'alloc'),
});
const CmpIPredicate = IntEnumAttr('CmpIPredicate', 64, { eq: 0, ne: 1, slt: 2, sle: 3, sgt: 4, sge: 5, ult: 6, ule: 7, ugt: 8, uge: 9 });
const CmpI = defineOp('tt.cmpi', {
  operands: { lhs: SignlessIntegerLike, rhs: SameAs('lhs') },
  results: { result: I1 },
  properties: { predicate: CmpIPredicate },
  traits: [Pure],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
});
const AddI = defineOp('tt.addi', {
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: SignlessIntegerLike },
  properties: { overflowFlags: DefaultValuedAttr(Overflow, (ctx) => Overflow.get(ctx, { value: 0 })) },
  traits: [Pure, SameOperandsAndResultType],
  assemblyFormat: '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)',
});
const Constant = defineOp('tt.constant', {
  results: { result: AnyType },
  properties: { value: TypedAttr },
  traits: [Pure],
  assemblyFormat: 'attr-dict $value',
  inferResultTypes: (_ctx, _operands, props) => [props!.get('value')!.type!],
  getAsmResultNames: (c, setName) => {
    const v = c.value;
    setName(c.result, v instanceof IntegerAttr ? `c${v.value}_${v.type}` : 'cst');
  },
});
const AtomicKind = IntEnumAttr('AtomicRMWKind', 64, { addf: 0, addi: 1, assign: 2 });
const AtomicRMW = defineOp('tt.atomic_rmw', {
  operands: { value: AnyType, memref: AnyMemRef, indices: Variadic(Index) },
  results: { result: AnyType },
  properties: { kind: AtomicKind },
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
});
const Dim = defineOp('tt.dim', {
  operands: { source: AnyMemRef, index: Index },
  results: { result: Index },
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
  getAsmResultNames: (d, setName) => setName(d.result, 'dim'),
});
const Cast = defineOp('tt.cast', {
  operands: { source: AnyMemRef },
  results: { dest: AnyMemRef },
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames: (c, setName) => setName(c.dest, 'cast'),
});
const Yield = defineOp('tt.yield', {
  operands: { results: Variadic(AnyType) },
  traits: [Pure, Terminator],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});
const Scope = defineOp('tt.scope', {
  results: { results: Variadic(AnyType) },
  regions: { body: AnyRegion },
  traits: [SingleBlockImplicitTerminator('tt.yield')],
  assemblyFormat: '(`->` type($results)^)? $body attr-dict',
});

const TT = defineDialect({
  name: 'tt',
  operations: [Br, CondBr, Load, Store, Alloc, CmpI, AddI, Constant, AtomicRMW, Dim, Cast, Yield, Scope],
  attributes: [Overflow],
});

function roundTrip(text: string, dialects = [TT]): { out: string; generic: string; errors: string } {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const m = parseSourceString(ctx, text, 'in.mlir');
  const errors = () => diags.map((d) => formatDiagnostic(d, ctx.sources)).join('');
  if (!m) return { out: '', generic: '', errors: errors() };
  verify(m);
  const out = AsmPrinter.print(m);
  const generic = AsmPrinter.print(m, { generic: true });
  // What is printed reads back to the same text.
  const again = parseSourceString(ctx, out, 'out.mlir');
  expect(again && AsmPrinter.print(again)).toBe(out);
  const fromGeneric = parseSourceString(ctx, generic, 'generic.mlir');
  expect(fromGeneric && AsmPrinter.print(fromGeneric)).toBe(out);
  return { out, generic, errors: errors() };
}

describe('assembly formats print as MLIR 22', () => {
  // The input and the expected lines are those of mlir-opt-22 for the cf/memref/arith ops these mirror
  // (`cf.br` is `tt.br`, ...): only the dialect name differs.
  const input = `
"t.func"() ({
^bb0(%c: i1, %a: i32, %b: i32, %m: memref<?x4xf32>, %i: index, %v: f32):
  tt.br ^bb1
^bb1:
  tt.br ^bb2(%a, %v : i32, f32)
^bb2(%x: i32, %y: f32):
  tt.cond_br %c, ^bb3, ^bb4(%a : i32)
^bb3:
  %0 = tt.load %m[%i, %i] : memref<?x4xf32>
  tt.store %v, %m[%i, %i] {nontemporal = true} : memref<?x4xf32>
  tt.store %v, %m[%i, %i] {nontemporal = false} : memref<?x4xf32>
  %1 = tt.alloc(%i) : memref<?x4xf32>
  %2 = tt.alloc(%i)[%i] : memref<?x4xf32>
  %3 = tt.alloc() {alignment = 64 : i64} : memref<4xf32>
  %4 = tt.cmpi slt, %a, %b : i32
  %5 = tt.addi %a, %b : i32
  %6 = tt.addi %a, %b overflow<nsw> : i32
  %60 = tt.addi %a, %b overflow<nsw, nuw> : i32
  %7 = tt.constant 42 : i32
  %8 = tt.constant dense<1.0> : vector<4xf32>
  %9 = tt.atomic_rmw addf %v, %m[%i, %i] : (f32, memref<?x4xf32>) -> f32
  %10 = tt.dim %m, %i : memref<?x4xf32>
  %11 = tt.cast %m : memref<?x4xf32> to memref<?x?xf32>
  %13 = tt.cmpi "eq", %a, %b : i32
  tt.br ^bb4(%a : i32)
^bb4(%z: i32):
  "t.return"() : () -> ()
}) : () -> ()
`;
  it.each([
    'tt.br ^bb1',
    'tt.br ^bb2(%arg1, %arg5 : i32, f32)',
    'tt.cond_br %arg0, ^bb3, ^bb4(%arg1 : i32)',
    '%2 = tt.load %arg3[%arg4, %arg4] : memref<?x4xf32>',
    'tt.store %arg5, %arg3[%arg4, %arg4] {nontemporal = true} : memref<?x4xf32>',
    'tt.store %arg5, %arg3[%arg4, %arg4] : memref<?x4xf32>',
    '%alloc = tt.alloc(%arg4) : memref<?x4xf32>',
    '%alloc_0 = tt.alloc(%arg4)[%arg4] : memref<?x4xf32>',
    '%alloc_1 = tt.alloc() {alignment = 64 : i64} : memref<4xf32>',
    '%3 = tt.cmpi slt, %arg1, %arg2 : i32',
    '%4 = tt.addi %arg1, %arg2 : i32',
    '%5 = tt.addi %arg1, %arg2 overflow<nsw> : i32',
    '%6 = tt.addi %arg1, %arg2 overflow<nsw, nuw> : i32',
    '%c42_i32 = tt.constant 42 : i32',
    '%cst = tt.constant dense<1.000000e+00> : vector<4xf32>',
    '%7 = tt.atomic_rmw addf %arg5, %arg3[%arg4, %arg4] : (f32, memref<?x4xf32>) -> f32',
    '%dim = tt.dim %arg3, %arg4 : memref<?x4xf32>',
    '%cast = tt.cast %arg3 : memref<?x4xf32> to memref<?x?xf32>',
    '%8 = tt.cmpi eq, %arg1, %arg2 : i32',
    'tt.br ^bb4(%arg1 : i32)',
  ])('%s', (line) => {
    const { out, errors } = roundTrip(input);
    expect(errors).toBe('');
    expect(out.split('\n').map((l) => l.trim())).toContain(line);
  });

  it('the generic form has the properties, defaults and segment sizes', () => {
    const { generic } = roundTrip(input);
    expect(generic).toContain('"tt.addi"(%arg1, %arg2) <{overflowFlags = #tt.overflow<none>}> : (i32, i32) -> i32');
    expect(generic).toContain('"tt.addi"(%arg1, %arg2) <{overflowFlags = #tt.overflow<nsw, nuw>}> : (i32, i32) -> i32');
    expect(generic).toContain('"tt.cond_br"(%arg0, %arg1)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()');
    expect(generic).toContain('"tt.alloc"(%arg4, %arg4) <{operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?x4xf32>');
    expect(generic).toContain('"tt.cmpi"(%arg1, %arg2) <{predicate = 2 : i64}> : (i32, i32) -> i1');
    expect(generic).toContain('"tt.load"(%arg3, %arg4, %arg4) <{nontemporal = false}> : (memref<?x4xf32>, index, index) -> f32');
  });

  it('regions, implicit terminators and optional types', () => {
    const { out } = roundTrip(`
%r = tt.scope -> i32 {
  %0 = "t.x"() : () -> i32
  tt.yield %0 : i32
}
tt.scope {
  "t.y"() : () -> ()
}
tt.scope {
  "t.y"() : () -> ()
  tt.yield {t.kept}
}
`);
    expect(out).toBe(`module {
  %0 = tt.scope -> i32 {
    %1 = "t.x"() : () -> i32
    tt.yield %1 : i32
  }
  tt.scope {
    "t.y"() : () -> ()
  }
  tt.scope {
    "t.y"() : () -> ()
    tt.yield {t.kept}
  }
}
`);
  });
});

describe('assembly format parsers', () => {
  const errorsOf = (text: string): string => {
    const ctx = new Context({ allowUnregisteredDialects: true, dialects: [TT] });
    const diags: Diagnostic[] = [];
    ctx.diagnostics.addHandler((d) => diags.push(d));
    const m = parseSourceString(ctx, text, 'in.mlir');
    if (m) verify(m);
    return diags.map((d) => `${(d.loc as { line?: number }).line}:${(d.loc as { column?: number }).column}: ${d.message}`).join('\n');
  };
  it.each([
    ['%0 = "t.x"() : () -> i32\n%1 = tt.cmpi foo, %0, %0 : i32', "2:14: custom op 'tt.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"],
    ['%0 = "t.x"() : () -> i32\n%1 = tt.cmpi "foo", %0, %0 : i32', '2:14: custom op \'tt.cmpi\' invalid predicate attribute specification: "foo"'],
    ['%0 = "t.x"() : () -> i32\n%1 = tt.addi %0, %0 : i64', "2:14: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'"],
    ['%0 = "t.x"() : () -> i32\n%1 = tt.addi %0 %0 : i32', "2:16: expected ','"],
    ['%0 = "t.x"() : () -> memref<4xf32>\n%1 = tt.cast %0 : memref<4xf32> into memref<?xf32>', "2:33: custom op 'tt.cast' expected 'to'"],
    ['%0 = "t.x"() : () -> i32\n%1 = tt.cast %0 : i32 to memref<?xf32>', "2:19: custom op 'tt.cast' invalid kind of type specified: expected builtin.memref, but found 'i32'"],
    ['%0 = "t.x"() : () -> f32\n%1 = tt.addi %0, %0 : f32', "2:6: 'tt.addi' op operand #0 must be signless-integer-like, but got 'f32'"],
  ])('%s', (text, expected) => {
    expect(errorsOf(text)).toBe(expected);
  });
});

describe('optional groups, unit anchors, custom directives, oilist', () => {
  const Barrier = defineOp('tx.barrier', {
    properties: { sync: UnitAttr, level: { presence: 'optional', constraint: I64Attr } },
    assemblyFormat: '(`sync` $sync^)? (`level` $level^)? attr-dict',
  });
  // custom<Pair>($a, type($a)): `[%x as i32]`.
  const Pair: CustomDirective = {
    parse(p: OpAsmParser, args: unknown[]) {
      if (!p.parseOptionalLSquare()) return false;
      args[0] = p.parseOperand();
      p.parseKeyword('as');
      args[1] = p.parseType();
      p.parseRSquare();
      return true;
    },
    print(p, _op, [value, type]) {
      p.write('[');
      p.printOperand(value as Value);
      p.write(' as ');
      p.printType(type as import('@tlir/ir').Type);
      p.write(']');
    },
  };
  const Use = defineOp('tx.use', {
    operands: { a: AnyType, b: Optional(AnyType) },
    assemblyFormat: 'custom<Pair>($a, type($a)) (`and` custom<Pair>($b, type($b))^)? attr-dict',
    customDirectives: { Pair },
  });
  const Clauses = defineOp('tx.clauses', {
    operands: { x: Optional(AnyType), y: Optional(AnyType) },
    properties: { nowait: UnitAttr },
    assemblyFormat: 'oilist(`x` `(` $x `:` type($x) `)` | `y` `(` $y `:` type($y) `)` | `nowait` $nowait) attr-dict',
  });
  const TX = defineDialect({ name: 'tx', operations: [Barrier, Use, Clauses] });

  it('round-trips and prints as written', () => {
    const { out, generic, errors } = roundTrip(
      `
tx.barrier
tx.barrier sync
tx.barrier level 3
tx.barrier sync level 2 {t.x}
%0 = "t.v"() : () -> i32
tx.use [%0 as i32]
tx.use [%0 as i32] and [%0 as i32]
tx.clauses
tx.clauses nowait y(%0 : i32)
tx.clauses x(%0 : i32) y(%0 : i32) nowait
`,
      [TX],
    );
    expect(errors).toBe('');
    expect(out).toBe(`module {
  tx.barrier
  tx.barrier sync
  tx.barrier level 3
  tx.barrier sync level 2 {t.x}
  %0 = "t.v"() : () -> i32
  tx.use [%0 as i32]
  tx.use [%0 as i32] and [%0 as i32]
  tx.clauses
  tx.clauses y(%0 : i32) nowait
  tx.clauses x(%0 : i32) y(%0 : i32) nowait
}
`);
    expect(generic).toContain('"tx.barrier"() <{level = 2 : i64, sync}> {t.x} : () -> ()');
    expect(generic).toContain('"tx.use"(%0, %0) : (i32, i32) -> ()');
  });

  it('an oilist clause appears at most once', () => {
    const ctx = new Context({ allowUnregisteredDialects: true, dialects: [TX] });
    const diags: Diagnostic[] = [];
    ctx.diagnostics.addHandler((d) => diags.push(d));
    expect(parseSourceString(ctx, 'tx.clauses nowait nowait\n', 'in.mlir')).toBeUndefined();
    expect(diags[0]!.message).toBe("custom op 'tx.clauses' `nowait` clause can appear at most once in the expansion of the oilist directive");
  });
});

describe('bad formats are errors when the op is defined', () => {
  const define = (format: string, spec: Record<string, unknown> = {}) => () =>
    defineOp('bad.op', {
      operands: { a: AnyType, v: Variadic(AnyType) },
      results: { r: AnyType },
      properties: { n: I64Attr, u: UnitAttr, k: I64Attr },
      regions: { body: AnyRegion },
      successors: { dest: AnySuccessor, rest: VariadicSuccessor(AnySuccessor) },
      assemblyFormat: format,
      ...spec,
    });
  const full = '$a `,` $v $n $body $dest $rest attr-dict `:` type($a) `,` type($v) `->` type($r)';
  it('accepts a complete format', () => {
    expect(define(full)).not.toThrow();
  });
  it.each([
    ['$a $v $n $body $dest $rest `:` type($a) `,` type($v) `->` type($r)', "'attr-dict' directive not found in custom assembly format"],
    ['$v $n $body $dest $rest attr-dict `:` type($a) `,` type($v) `->` type($r)', "operand #0, named 'a', not found"],
    ['$a $v $n $dest $rest attr-dict `:` type($a) `,` type($v) `->` type($r)', "region #0, named 'body', not found"],
    ['$a $v $n $body $rest attr-dict `:` type($a) `,` type($v) `->` type($r)', "successor #0, named 'dest', not found"],
    ['$a $v $n $body $dest $rest attr-dict `:` type($v) `->` type($r)', "type of operand #0, named 'a', is not buildable and a buildable type cannot be inferred"],
    ['$a $v $n $body $dest $rest attr-dict `:` type($a) `,` type($v)', "type of result #0, named 'r', is not buildable and a buildable type cannot be inferred"],
    [full + ' $a', "'a' is already bound"],
    [full + ' $nope', "expected variable to refer to an argument, region, result, or successor (no 'nope' in bad.op)"],
    [full + ' $r', "result variables can only be used as a child to a 'type' directive"],
    [full + ' `a-b`', "expected valid literal but got 'a-b': keywords should contain only alphanum, '_', '$', or '.' characters"],
    [full + ' `%`', "expected valid literal but got '%': single character literal must be a letter or one of '_:,=<>()[]{}?+*'"],
    [full + ' (`x` $u)?', 'optional group has no anchor element'],
    [full + ' (`x` $k^)?', 'only optional or default-valued attributes can be used to anchor an optional group'],
    [full + ' (`x` $u^', "expected ')' to end the optional group"],
    [full + ' (`x` $u^)', "expected '?' after optional group"],
    [full.replace(' `:` type($a)', '') + ' (type($a) $u^)?', 'first parsable element of an optional group must be a literal, variable, or custom directive'],
    [full + ' custom<Nope>($u)', "custom directive 'Nope' is not defined (give it in 'customDirectives')"],
    [full + ' attr-dict', "'attr-dict' directive has already been seen"],
    [full + ' `x', 'unexpected end of file in literal'],
    [full + ' #', 'unexpected character'],
    ['$a $v $n attr-dict $body $dest $rest `:` type($a) `,` type($v) `->` type($r)', 'format ambiguity caused by `attr-dict` directive followed by region `body`'],
  ])('%s', (format, message) => {
    expect(define(format)).toThrow(FormatError);
    expect(define(format)).toThrow(message);
  });
  it('shows where in the format the error is', () => {
    expect(define(full + ' $nope')).toThrow(`bad.op: invalid assembly format: expected variable to refer to an argument, region, result, or successor (no 'nope' in bad.op)\n  ${full} $nope\n  ${' '.repeat(full.length + 1)}^`);
  });
});

export { IntegerType };
