import { describe, expect, it } from 'vitest';
import {
  Block,
  Builder,
  Context,
  FileLineColLoc,
  GraphRegion,
  IntegerType,
  IsolatedFromAbove,
  NOperands,
  NoTerminator,
  Operation,
  SymbolTableTrait,
  SymbolTrait,
  Terminator,
  formatLocationPrefix,
  parseSourceString,
  verify,
  type Diagnostic,
  type Dialect,
  type Location,
} from '../src/index.js';

const TestDialect: Dialect = {
  name: 'test',
  allowUnknownOperations: true,
  operations: [
    // Registered, so its single-block region has SSA dominance (MLIR assumes nothing for unregistered ops);
    // isolated from above, like func.func, so each is verified on its own.
    { name: 'test.func', traits: [NoTerminator, IsolatedFromAbove] },
    { name: 'test.ret', traits: [Terminator] },
    { name: 'test.isolated', traits: [IsolatedFromAbove] },
    { name: 'test.graph', traits: [GraphRegion, NoTerminator] },
    { name: 'test.two_operands', traits: [NOperands(2)] },
    { name: 'test.table', traits: [SymbolTableTrait, NoTerminator] },
    { name: 'test.symbol', traits: [SymbolTrait] },
    { name: 'test.not_terminator', traits: [] },
    {
      name: 'test.custom',
      verify(op) {
        if (op.numResults === 0) {
          op.emitOpError('needs a result').attachNote(op.loc, 'custom note');
          return false;
        }
        return true;
      },
    },
  ],
};

let line = 0;
/** A fresh location per op, so each diagnostic can be traced to the op that caused it. */
const at = (): FileLineColLoc => new FileLineColLoc('v.mlir', ++line, 1);

interface Rendered {
  severity: string;
  message: string;
  line: number | undefined;
  notes: { message: string; line: number | undefined }[];
}

function lineOf(l: Location): number | undefined {
  return l.fileLoc()?.line;
}

/** Runs the verifier on `top` and returns its diagnostics, with the line of their location. */
function run(ctx: Context, top: Operation): { ok: boolean; diags: Rendered[] } {
  const diags: Diagnostic[] = [];
  const remove = ctx.diagnostics.addHandler((d) => diags.push(d));
  const ok = verify(top);
  remove();
  return {
    ok,
    diags: diags.map((d) => ({
      severity: d.severity,
      message: d.message,
      line: lineOf(d.loc),
      notes: d.notes.map((n) => ({ message: n.message, line: lineOf(n.loc) })),
    })),
  };
}

/**
 * Runs the verifier until the IR is valid, dropping the operand each `operand #N does not dominate this use` error
 * names (the verifier stops at the first error of a function); returns every run's diagnostics.
 */
function untilValid(ctx: Context, top: Operation): Rendered[] {
  const all: Rendered[] = [];
  for (let i = 0; i < 20; i++) {
    const { ok, diags } = run(ctx, top);
    all.push(...diags);
    if (ok) return all;
    const m = /^operand #(\d+) does not dominate this use$/.exec(diags[0]!.message);
    if (!m) throw new Error(`unexpected error: ${diags[0]!.message}`);
    let found: Operation | undefined;
    top.walk((op) => {
      if (lineOf(op.loc) === diags[0]!.line) found = op;
    });
    const n = Number(m[1]);
    found!.setOperands(found!.operandValues.filter((_, k) => k !== n));
  }
  throw new Error('the verifier kept failing');
}

let moduleBody: Block;

function setup(): { ctx: Context; b: Builder; top: Operation; body: Block } {
  const ctx = new Context({ dialects: [TestDialect] });
  // The verifier's own notes are what is checked here (operation.test.ts checks the `see current operation` note).
  ctx.printOpOnDiagnostic = false;
  const b = new Builder(ctx);
  const top = b.create({ name: 'builtin.module', regions: 1, loc: at() });
  const body = b.createBlock(top.regions[0]!);
  moduleBody = body;
  return { ctx, b, top, body };
}

/**
 * A `test.func` (SSA dominance, may have no terminator) with one block, at the end of the module;
 * the builder ends inside it.
 */
function func(b: Builder, argTypes: IntegerType[] = []): Operation {
  b.setInsertionPointToEnd(moduleBody);
  const f = b.create({ name: 'test.func', regions: 1, loc: at() });
  b.createBlock(f.regions[0]!, argTypes);
  return f;
}

describe('verify (through the API)', () => {
  it('accepts valid IR without diagnostics', () => {
    const { ctx, b, top } = setup();
    const i32 = b.i32;
    func(b, [i32]);
    const a = b.create({ name: 'test.a', resultTypes: [i32], loc: at() });
    b.create({ name: 'test.ret', operands: [a.result], loc: at() });
    expect(run(ctx, top)).toEqual({ ok: true, diags: [] });
  });

  it('reports a use before its definition in the same block, with a note at the definition', () => {
    const { ctx, b, top } = setup();
    func(b);
    const user = b.create({ name: 'test.user', operands: [], loc: at() });
    const def = b.create({ name: 'test.def', resultTypes: [b.i32], loc: at() });
    user.setOperands([def.result]);
    expect(run(ctx, top)).toEqual({
      ok: false,
      diags: [
        {
          severity: 'error',
          message: 'operand #0 does not dominate this use',
          line: lineOf(user.loc),
          notes: [{ message: 'operand defined here (op in the same block)', line: lineOf(def.loc) }],
        },
      ],
    });
  });

  it('says where a non-dominating definition is: same region, parent, child, elsewhere, block argument', () => {
    const { ctx, b, top } = setup();
    const i32 = b.i32;
    const f = func(b);
    const entry = b.insertionBlock!;
    // ^bb0: %early = ...; br ^bb2    ^bb1: %late = ...; "use"(%late) ...   ^bb2: uses of %late (not dominated)
    const withRegion = b.create({ name: 'test.holder', resultTypes: [i32], regions: 2, loc: at() });
    const bb1 = b.createBlock(f.regions[0]!, [i32]);
    const late = b.create({ name: 'test.late', resultTypes: [i32], loc: at() });
    b.create({ name: 'test.br', successors: [bb1], loc: at() });
    const bb2 = b.createBlock(f.regions[0]!);
    const sameRegion = b.create({ name: 'test.use_same_region', operands: [late.result], loc: at() });
    const useArg = b.create({ name: 'test.use_arg', operands: [bb1.args[0]!], loc: at() });
    b.create({ name: 'test.ret', loc: at() });
    b.setInsertionPointToEnd(entry);
    b.create({ name: 'test.br', successors: [bb2], loc: at() });
    // In the holder's regions: a child value used by the parent, and sibling regions.
    b.createBlock(withRegion.regions[0]!, [i32]);
    const child = b.create({ name: 'test.child', resultTypes: [i32], loc: at() });
    const ownResult = b.create({ name: 'test.use_own_result', operands: [withRegion.result], loc: at() });
    b.createBlock(withRegion.regions[1]!);
    const sibling = b.create({ name: 'test.use_sibling', operands: [child.result, withRegion.regions[0]!.entryBlock.args[0]!], loc: at() });
    b.setInsertionPointToEnd(bb2);
    const parentUse = b.create({ name: 'test.use_child', operands: [child.result], loc: at() });
    parentUse.moveBefore(bb2.lastOp!.prevOperation!);
    // The verifier stops at the first error of a function, as MLIR's does: drop the operand it reports and run
    // again, until the function is valid.
    const diags = untilValid(ctx, top);
    const byLine = new Map(diags.map((d) => [d.line, d]));
    expect(byLine.get(lineOf(sameRegion.loc))!.notes).toEqual([{ message: 'operand defined here (op in the same region)', line: lineOf(late.loc) }]);
    expect(byLine.get(lineOf(useArg.loc))!.notes).toEqual([
      { message: 'operand defined as a block argument (block #1 in the same region)', line: lineOf(f.loc) },
    ]);
    expect(byLine.get(lineOf(ownResult.loc))!.notes).toEqual([
      { message: 'operand defined here (op in a parent region)', line: lineOf(withRegion.loc) },
    ]);
    expect(byLine.get(lineOf(parentUse.loc))!.notes).toEqual([{ message: 'operand defined here (op in a child region)', line: lineOf(child.loc) }]);
    const sib = diags.filter((d) => d.line === lineOf(sibling.loc));
    expect(sib.map((d) => [d.message, d.notes[0]!.message])).toEqual([
      ['operand #0 does not dominate this use', 'operand defined here (op is neither in a parent nor in a child region)'],
      ['operand #0 does not dominate this use', 'operand defined as a block argument (block #0 neither in a parent nor in a child region)'],
    ]);
    expect(diags).toHaveLength(6);
    expect(diags.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports one error per isolated op (function), stopping at the first inside each, as mlir-opt does', () => {
    const { ctx, b, top } = setup();
    const i32 = b.i32;
    func(b);
    const a = b.create({ name: 'test.a', resultTypes: [i32], loc: at() });
    const bad1 = b.create({ name: 'test.two_operands', operands: [a.result], loc: at() });
    b.create({ name: 'test.custom', loc: at() }); // would fail too, but the function already failed
    func(b);
    const bad2 = b.create({ name: 'test.custom', loc: at() });
    func(b);
    const failedParent = b.create({ name: 'test.two_operands', regions: 1, loc: at() });
    b.withInsertionPoint(() => {
      b.createBlock(failedParent.regions[0]!);
      b.create({ name: 'test.custom', loc: at() }); // would fail too, but is not examined
    });
    func(b);
    const a3 = b.create({ name: 'test.a', resultTypes: [i32], loc: at() });
    const bad3 = b.create({ name: 'test.two_operands', operands: [a3.result, a3.result, a3.result], loc: at() });
    expect(run(ctx, top)).toEqual({
      ok: false,
      diags: [
        { severity: 'error', message: "'test.two_operands' op expected 2 operands, but found 1", line: lineOf(bad1.loc), notes: [] },
        { severity: 'error', message: "'test.custom' op needs a result", line: lineOf(bad2.loc), notes: [{ message: 'custom note', line: lineOf(bad2.loc) }] },
        { severity: 'error', message: "'test.two_operands' op expected 2 operands, but found 0", line: lineOf(failedParent.loc), notes: [] },
        { severity: 'error', message: "'test.two_operands' op expected 2 operands, but found 3", line: lineOf(bad3.loc), notes: [] },
      ],
    });
  });

  it('verifies the ops in a block before the block\'s terminator, and stops at the first failure', () => {
    const { ctx, b, top } = setup();
    const iso = b.create({ name: 'test.isolated', regions: 1, loc: at() });
    b.createBlock(iso.regions[0]!);
    const bad = b.create({ name: 'test.two_operands', loc: at() });
    // The block does not end in a terminator either; MLIR reports only the op's error.
    expect(run(ctx, top).diags.map((d) => [d.message, d.line])).toEqual([["'test.two_operands' op expected 2 operands, but found 0", lineOf(bad.loc)]]);
  });

  it('checks block structure: terminators, successors, empty blocks, entry predecessors', () => {
    const { ctx, b, top } = setup();
    // A terminator that is not last.
    func(b);
    const ret = b.create({ name: 'test.ret', loc: at() });
    b.create({ name: 'test.after_ret', loc: at() });
    // An op with successors in the middle of a block; a branch into another region.
    const f2 = func(b);
    const second = b.createBlock(f2.regions[0]!);
    b.create({ name: 'test.ret', loc: at() });
    b.setInsertionPointToEnd(f2.regions[0]!.entryBlock);
    const midBranch = b.create({ name: 'test.br', successors: [second], loc: at() });
    b.create({ name: 'test.ret', loc: at() });
    const f3 = func(b);
    const crossBranch = b.create({ name: 'test.br', successors: [second], loc: at() });
    // An empty block in a two-block region; an entry block with a predecessor.
    const f4 = func(b);
    const entry4 = b.insertionBlock!;
    b.createBlock(f4.regions[0]!);
    b.setInsertionPointToEnd(entry4);
    b.create({ name: 'test.ret', loc: at() });
    const f5 = func(b);
    b.create({ name: 'test.br', successors: [f5.regions[0]!.entryBlock], loc: at() });
    // A registered op that is not a terminator ending a block of a registered op.
    b.setInsertionPointToEnd(moduleBody);
    const iso = b.create({ name: 'test.isolated', regions: 1, loc: at() });
    b.createBlock(iso.regions[0]!);
    const notTerm = b.create({ name: 'test.not_terminator', loc: at() });
    const { ok, diags } = run(ctx, top);
    expect(ok).toBe(false);
    expect(diags.map((d) => [d.message, d.line])).toEqual([
      ["'test.ret' op must be the last operation in the parent block", lineOf(ret.loc)],
      ['operation with block successors must terminate its parent block', lineOf(midBranch.loc)],
      ["'test.br' op branching to block of a different region", lineOf(crossBranch.loc)],
      ['empty block: expect at least a terminator', lineOf(f4.loc)],
      ['entry block of region may not have predecessors', lineOf(f5.loc)],
      ['block with no terminator, has "test.not_terminator"() : () -> ()', lineOf(notTerm.loc)],
    ]);
    void f3;
  });

  it('enforces isolation from above, with a note at the isolated op', () => {
    const { ctx, b, top } = setup();
    func(b);
    const outside = b.create({ name: 'test.outside', resultTypes: [b.i32], loc: at() });
    const iso = b.create({ name: 'test.isolated', regions: 1, loc: at() });
    b.createBlock(iso.regions[0]!);
    const nested = b.create({ name: 'test.nested', regions: 1, loc: at() });
    b.createBlock(nested.regions[0]!);
    const user = b.create({ name: 'test.user', operands: [outside.result], loc: at() });
    b.setInsertionPointToEnd(iso.regions[0]!.entryBlock);
    b.create({ name: 'test.ret', loc: at() });
    expect(run(ctx, top).diags).toEqual([
      {
        severity: 'error',
        message: "'test.user' op using value defined outside the region",
        line: lineOf(user.loc),
        notes: [{ message: 'required by region isolation constraints', line: lineOf(iso.loc) }],
      },
    ]);
  });

  it('graph regions: any order is fine, but only one block; unreachable blocks are not checked', () => {
    const { ctx, b, top } = setup();
    const g = b.create({ name: 'test.graph', regions: 1, loc: at() });
    b.createBlock(g.regions[0]!);
    const user = b.create({ name: 'test.user', operands: [], loc: at() });
    const def = b.create({ name: 'test.def', resultTypes: [b.i32], loc: at() });
    user.setOperands([def.result]);
    expect(run(ctx, top)).toEqual({ ok: true, diags: [] });
    b.createBlock(g.regions[0]!);
    expect(run(ctx, top).diags.map((d) => d.message)).toEqual(["'test.graph' op expects graph region #0 to have 0 or 1 blocks"]);
    g.regions[0]!.lastBlock!.erase();
    // A use before its definition in an unreachable block of an SSA region is not an error.
    const f = func(b);
    b.create({ name: 'test.ret', loc: at() });
    b.createBlock(f.regions[0]!);
    const u = b.create({ name: 'test.user', loc: at() });
    const d = b.create({ name: 'test.def', resultTypes: [b.i32], loc: at() });
    u.setOperands([d.result]);
    b.create({ name: 'test.ret', loc: at() });
    expect(run(ctx, top)).toEqual({ ok: true, diags: [] });
  });

  it('builtin.unrealized_conversion_cast needs a result (as in mlir-opt-22)', () => {
    const { ctx, b, top } = setup();
    const cast = b.create({ name: 'builtin.unrealized_conversion_cast', loc: at() });
    b.create({ name: 'builtin.unrealized_conversion_cast', resultTypes: [b.i32], loc: at() });
    expect(run(ctx, top).diags).toEqual([
      {
        severity: 'error',
        message: "'builtin.unrealized_conversion_cast' op expected at least one result for cast operation",
        line: lineOf(cast.loc),
        notes: [],
      },
    ]);
  });

  it('symbol tables: duplicate names are reported with a note at the first definition', () => {
    const { ctx, b, top, body } = setup();
    const t = b.create({ name: 'test.table', regions: 1, loc: at() });
    b.createBlock(t.regions[0]!);
    const first = b.create({ name: 'test.symbol', attributes: [{ name: 'sym_name', value: b.stringAttr('x') }], loc: at() });
    const dup = b.create({ name: 'test.symbol', attributes: [{ name: 'sym_name', value: b.stringAttr('x') }], loc: at() });
    b.create({ name: 'test.symbol', attributes: [{ name: 'sym_name', value: b.stringAttr('y') }], loc: at() });
    const dup2 = b.create({ name: 'test.symbol', attributes: [{ name: 'sym_name', value: b.stringAttr('x') }], loc: at() });
    b.setInsertionPointToEnd(body);
    const t2 = b.create({ name: 'test.table', regions: 1, loc: at() });
    b.createBlock(t2.regions[0]!);
    const nameless = b.create({ name: 'test.symbol', loc: at() });
    const note = [{ message: 'see existing symbol definition here', line: lineOf(first.loc) }];
    // The first redefinition only, as mlir-opt; the walk stops there, so the second table is not examined.
    expect(run(ctx, top).diags).toEqual([{ severity: 'error', message: "redefinition of symbol named 'x'", line: lineOf(dup.loc), notes: note }]);
    dup.erase();
    dup2.erase();
    expect(run(ctx, top).diags).toEqual([
      { severity: 'error', message: "'test.symbol' op requires string attribute 'sym_name'", line: lineOf(nameless.loc), notes: [] },
    ]);
  });
});

describe('builtin ops reject what mlir-opt rejects', () => {
  // Each expected text is what mlir-opt-22 --allow-unregistered-dialect reports for the same input (without
  // its "see current operation" note).
  it.each([
    ['%0 = "builtin.module"() ({\n}) : () -> i32\n', "<stdin>:1:6: error: 'builtin.module' op requires zero results"],
    ['%a = "test.a"() : () -> i32\n"builtin.module"(%a) ({\n}) : (i32) -> ()\n', "<stdin>:2:1: error: 'builtin.module' op requires zero operands"],
    [
      '%a = "test.a"() : () -> i32\n%0 = "builtin.unrealized_conversion_cast"(%a) ({\n}) : (i32) -> i32\n',
      "<stdin>:2:6: error: 'builtin.unrealized_conversion_cast' op requires zero regions",
    ],
    ['"test.f"() ({\n  "builtin.module"()[^bb1] ({\n  }) : () -> ()\n^bb1:\n  "test.r"() : () -> ()\n}) : () -> ()\n', '<stdin>:2:21: error: successors in non-terminator'],
    ['"builtin.unrealized_conversion_cast"() : () -> ()\n', "<stdin>:1:1: error: 'builtin.unrealized_conversion_cast' op expected at least one result for cast operation"],
    ['module attributes {a = 1 : i32, test.b = 2 : i32} {\n}\n', "<stdin>:1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'a'"],
    ['"builtin.module"() ({\n"builtin.module"() ({\n  }) : () -> ()\n}) : () -> ()\n', "<stdin>:2:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"],
    ['"builtin.mole"() : () -> ()\n', "<stdin>:1:1: error: unregistered operation 'builtin.mole' found in dialect ('builtin') that does not allow unknown operations"],
  ])('%s', (text, expected) => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceString(ctx, text, '<stdin>');
    if (m) expect(verify(m)).toBe(false);
    const first = ctx.diagnostics.unhandled[0]!;
    expect(`${formatLocationPrefix(first.loc)}: ${first.severity}: ${first.message}`).toBe(expected);
  });
});
