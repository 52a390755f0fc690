// The code of docs/ir-api.md, section by section: if this test fails, fix the doc with it.
import { describe, expect, it } from 'vitest';
import {
  AsmPrinter,
  Builder,
  Context,
  DialectAttribute,
  DialectType,
  IRMapping,
  NOperands,
  NResults,
  StringAttr,
  formatDiagnostic,
  parseSourceString,
  verify,
  type AttrTypeWriter,
  type Diagnostic,
  type Dialect,
  type OpDefinition,
  type Operation,
} from '@tlir/ir';

// ---- 1. A context, and text parsed into a module ----------------------------------------------------------

const source = `
"test.func"() <{sym_name = "square_plus"}> ({
^bb0(%x: i32, %y: i32):
  %0 = "test.mul"(%x, %x) : (i32, i32) -> i32
  %1 = "test.add"(%0, %y) : (i32, i32) -> i32
  "test.return"(%1) : (i32) -> ()
}) : () -> ()
`;

function parseExample(): { ctx: Context; module: Operation } {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const module = parseSourceString(ctx, source, 'example.mlir');
  if (!module) throw new Error('parse failed');
  return { ctx, module };
}

describe('docs/ir-api.md', () => {
  it('1. parses text into a module and prints it', () => {
    const { module } = parseExample();
    expect(module.name).toBe('builtin.module');
    expect(AsmPrinter.print(module)).toBe(
      [
        'module {',
        '  "test.func"() <{sym_name = "square_plus"}> ({',
        '  ^bb0(%arg0: i32, %arg1: i32):',
        '    %0 = "test.mul"(%arg0, %arg0) : (i32, i32) -> i32',
        '    %1 = "test.add"(%0, %arg1) : (i32, i32) -> i32',
        '    "test.return"(%1) : (i32) -> ()',
        '  }) : () -> ()',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('2. reports errors as diagnostics', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const diagnostics: Diagnostic[] = [];
    const removeHandler = ctx.diagnostics.addHandler((d) => diagnostics.push(d));
    const bad = parseSourceString(ctx, '"test.use"(%nope) : (i32) -> ()\n', 'bad.mlir');
    removeHandler();
    expect(bad).toBeUndefined();
    expect(diagnostics.map((d) => formatDiagnostic(d, ctx.sources)).join('')).toBe(
      ['bad.mlir:1:12: error: use of undeclared SSA value name', '"test.use"(%nope) : (i32) -> ()', '           ^', ''].join('\n'),
    );
  });

  it('3. walks the IR', () => {
    const { module } = parseExample();
    const postOrder: string[] = [];
    module.walk((op) => {
      postOrder.push(op.name);
    });
    expect(postOrder).toEqual(['test.mul', 'test.add', 'test.return', 'test.func', 'builtin.module']);

    const preOrder: string[] = [];
    module.walk((op) => {
      preOrder.push(op.name);
      if (op.name === 'test.func') return 'skip'; // do not enter its regions
    }, 'pre');
    expect(preOrder).toEqual(['builtin.module', 'test.func']);

    let firstAdd: Operation | undefined;
    module.walk((op) => {
      if (op.name !== 'test.add') return;
      firstAdd = op;
      return 'interrupt';
    });
    expect(firstAdd?.numOperands).toBe(2);
  });

  it('4. follows values to their uses and definitions', () => {
    const { module } = parseExample();
    const func = module.regions[0]!.entryBlock.firstOp!;
    const body = func.regions[0]!.entryBlock;
    const [x, y] = body.args;
    expect(x!.numUses).toBe(2);
    expect([...x!.uses()].map((use) => `${use.owner.name}#${use.index}`)).toEqual(['test.mul#1', 'test.mul#0']);
    const add = y!.uses().next().value!.owner;
    expect(add.getOperand(0).definingOp?.name).toBe('test.mul');
    expect(func.getProperty('sym_name')).toBe(StringAttr.get(func.context, 'square_plus'));
  });

  it('5. builds, replaces and erases ops', () => {
    const { ctx, module } = parseExample();
    const b = new Builder(ctx);
    const mul = findOp(module, 'test.mul');

    // %sq = "test.square"(%x) {note = "was a mul"} : (i32) -> i32, right before the mul.
    b.setInsertionPoint(mul);
    const square = b.create({
      name: 'test.square',
      operands: [mul.getOperand(0)],
      resultTypes: [b.i32],
      attributes: [{ name: 'note', value: b.stringAttr('was a mul') }],
      loc: mul.loc,
    });
    mul.replaceAllUsesWith(square); // every use of the mul's result now uses the square's
    mul.erase();

    // A constant at the start of the body, used by a new op at the end (before the terminator).
    const body = square.parentBlock!;
    b.setInsertionPointToStart(body);
    const two = b.create({ name: 'test.constant', resultTypes: [b.i32], properties: b.dictionaryAttr({ value: b.integerAttr(b.i32, 2) }) });
    b.setInsertionPoint(body.terminator!);
    b.create({ name: 'test.use', operands: [two.result, square.result] });

    expect(AsmPrinter.print(module)).toBe(
      [
        'module {',
        '  "test.func"() <{sym_name = "square_plus"}> ({',
        '  ^bb0(%arg0: i32, %arg1: i32):',
        '    %0 = "test.constant"() <{value = 2 : i32}> : () -> i32',
        '    %1 = "test.square"(%arg0) {note = "was a mul"} : (i32) -> i32',
        '    %2 = "test.add"(%1, %arg1) : (i32, i32) -> i32',
        '    "test.use"(%0, %1) : (i32, i32) -> ()',
        '    "test.return"(%2) : (i32) -> ()',
        '  }) : () -> ()',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('6. clones ops', () => {
    const { ctx, module } = parseExample();
    const b = new Builder(ctx);
    const func = findOp(module, 'test.func');

    const mapping = new IRMapping();
    const copy = func.clone(mapping);
    copy.setProperty('sym_name', b.stringAttr('square_plus_copy'));
    b.setInsertionPointAfter(func);
    b.insert(copy);

    const x = func.regions[0]!.entryBlock.args[0]!;
    const xCopy = mapping.lookupOrDefault(x);
    expect(xCopy).toBe(copy.regions[0]!.entryBlock.args[0]);
    expect(x.numUses).toBe(2); // the original is untouched
    expect(AsmPrinter.print(module).match(/sym_name = "[a-z_]+"/g)).toEqual(['sym_name = "square_plus"', 'sym_name = "square_plus_copy"']);
  });

  it('7. verifies', () => {
    const { ctx, module } = parseExample();
    expect(verify(module)).toBe(true);

    // Move the return out of the function, after it: it uses a value of the function's region from outside.
    // (Moving it before the add would not do: a single-block region of an unregistered op may be a graph
    // region, where order does not matter, as in MLIR.)
    const diagnostics: Diagnostic[] = [];
    ctx.diagnostics.addHandler((d) => diagnostics.push(d));
    findOp(module, 'test.return').moveAfter(findOp(module, 'test.func'));
    expect(verify(module)).toBe(false);
    expect(diagnostics.map((d) => formatDiagnostic(d, ctx.sources)).join('')).toBe(
      [
        'example.mlir:6:3: error: operand #0 does not dominate this use',
        '  "test.return"(%1) : (i32) -> ()',
        '  ^',
        'example.mlir:6:3: note: see current operation: "test.return"(%1) : (i32) -> ()',
        'example.mlir:5:8: note: operand defined here (op in a child region)',
        '  %1 = "test.add"(%0, %y) : (i32, i32) -> i32',
        '       ^',
        '',
      ].join('\n'),
    );
  });

  it('8. prints in the generic form and with locations', () => {
    const { module } = parseExample();
    expect(AsmPrinter.print(module, { generic: true, debugInfo: true })).toBe(
      [
        '#loc2 = loc("example.mlir":3:6)',
        '#loc3 = loc("example.mlir":3:15)',
        '"builtin.module"() ({',
        '  "test.func"() <{sym_name = "square_plus"}> ({',
        '  ^bb0(%arg0: i32 loc("example.mlir":3:6), %arg1: i32 loc("example.mlir":3:15)):',
        '    %0 = "test.mul"(%arg0, %arg0) : (i32, i32) -> i32 loc(#loc4)',
        '    %1 = "test.add"(%0, %arg1) : (i32, i32) -> i32 loc(#loc5)',
        '    "test.return"(%1) : (i32) -> () loc(#loc6)',
        '  }) : () -> () loc(#loc1)',
        '}) : () -> () loc(#loc)',
        '#loc = loc("example.mlir":0:0)',
        '#loc1 = loc("example.mlir":2:1)',
        '#loc4 = loc("example.mlir":4:8)',
        '#loc5 = loc("example.mlir":5:8)',
        '#loc6 = loc("example.mlir":6:3)',
        '',
      ].join('\n'),
    );
  });
});

// ---- 9. A dialect: a type, an attribute, an op with custom syntax ------------------------------------------

/** `!toy.vec<4>`: a vector of a fixed length. */
class ToyVecType extends DialectType {
  readonly dialect = 'toy';
  readonly mnemonic = 'vec';
  private constructor(readonly length: number) {
    super();
  }
  static get(ctx: Context, length: number): ToyVecType {
    return ctx.intern(`!toy.vec<${length}>`, () => new ToyVecType(length));
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${this.length}>`);
  }
}

/** `#toy.shape<[2, 2]>`: how to lay out a vector when printing it. */
class ToyShapeAttr extends DialectAttribute {
  readonly dialect = 'toy';
  readonly mnemonic = 'shape';
  private constructor(readonly dims: readonly number[]) {
    super();
  }
  static get(ctx: Context, dims: readonly number[]): ToyShapeAttr {
    return ctx.intern(`#toy.shape<${dims.join(',')}>`, () => new ToyShapeAttr([...dims]));
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<[${this.dims.join(', ')}]>`);
  }
}

/** `toy.print %v {shape = ...} : !toy.vec<4>` */
const ToyPrintOp: OpDefinition = {
  name: 'toy.print',
  summary: 'Prints a vector',
  traits: [NOperands(1), NResults(0)],
  parse(parser, state) {
    const operand = parser.parseOperand();
    parser.parseOptionalAttrDict(state.attributes);
    const type = parser.parseColonType();
    state.operands.push(parser.resolveOperand(operand, type));
    return true;
  },
  print(op, p) {
    p.write(' ');
    p.printOperand(op.getOperand(0));
    p.printOptionalAttrDict(op.attributes);
    p.write(' : ');
    p.printType(op.getOperand(0).type);
  },
  verify(op) {
    if (!(op.getOperand(0).type instanceof ToyVecType)) {
      op.emitOpError('expects a !toy.vec operand');
      return false;
    }
    return true;
  },
};

const ToyDialect: Dialect = {
  name: 'toy',
  summary: 'A small example dialect',
  operations: [ToyPrintOp],
  parseType(parser, mnemonic) {
    if (mnemonic !== 'vec') return undefined; // the parser reports the unknown type
    parser.parseLess();
    const length = Number(parser.parseInteger());
    parser.parseGreater();
    return ToyVecType.get(parser.context, length);
  },
  parseAttribute(parser, mnemonic) {
    if (mnemonic !== 'shape') return undefined;
    const dims: number[] = [];
    parser.parseLess();
    parser.parseCommaSeparatedList('square', () => dims.push(Number(parser.parseInteger())));
    parser.parseGreater();
    return ToyShapeAttr.get(parser.context, dims);
  },
};

const toySource = `
"test.func"() ({
^bb0(%v: !toy.vec<4>):
  toy.print %v {shape = #toy.shape<[2, 2]>} : !toy.vec<4>
  "test.return"() : () -> ()
}) : () -> ()
`;

describe('docs/ir-api.md: a dialect', () => {
  it('9. parses and prints its ops, types and attributes', () => {
    const ctx = new Context({ dialects: [ToyDialect], allowUnregisteredDialects: true });
    const module = parseSourceString(ctx, toySource, 'toy.mlir')!;
    expect(verify(module)).toBe(true);
    const print = findOp(module, 'toy.print');
    expect(print.getOperand(0).type).toBe(ToyVecType.get(ctx, 4));
    expect((print.getAttr('shape') as ToyShapeAttr).dims).toEqual([2, 2]);
    expect(AsmPrinter.print(module)).toContain('    toy.print %arg0 {shape = #toy.shape<[2, 2]>} : !toy.vec<4>\n');
    expect(AsmPrinter.print(module, { generic: true })).toContain(
      '    "toy.print"(%arg0) {shape = #toy.shape<[2, 2]>} : (!toy.vec<4>) -> ()\n',
    );
  });

  it('9. runs its verifier', () => {
    const ctx = new Context({ dialects: [ToyDialect], allowUnregisteredDialects: true });
    const diagnostics: Diagnostic[] = [];
    ctx.diagnostics.addHandler((d) => diagnostics.push(d));
    const module = parseSourceString(ctx, toySource, 'toy.mlir')!;
    const b = new Builder(ctx);
    b.setInsertionPoint(findOp(module, 'test.return'));
    const c = b.create({ name: 'test.constant', resultTypes: [b.i32] });
    b.create({ name: 'toy.print', operands: [c.result] });
    expect(verify(module)).toBe(false);
    expect(diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual(["error: 'toy.print' op expects a !toy.vec operand"]);
  });
});

/** The first op named `name` in `root` (pre-order). */
function findOp(root: Operation, name: string): Operation {
  let found: Operation | undefined;
  root.walk((op) => {
    if (op.name !== name) return;
    found = op;
    return 'interrupt';
  }, 'pre');
  if (!found) throw new Error(`no ${name}`);
  return found;
}
