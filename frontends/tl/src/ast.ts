import type * as ohm from 'ohm-js';
import { tensorLanguageGrammar } from './grammar.js';

/**
 * The syntax tree the grammar's semantics builds: plain objects with source offsets (`pos`). Compile-time
 * variables (`$name`) are still in it; the builder (front-end.ts) resolves them in order, scope by scope.
 */
export type ConstNode =
  | { readonly k: 'int'; readonly v: bigint; readonly bool: boolean; readonly pos: number }
  | { readonly k: 'float'; readonly text: string; readonly pos: number }
  | { readonly k: 'def'; readonly name: string; readonly pos: number }
  | { readonly k: 'val'; readonly name: string; readonly pos: number }
  | { readonly k: 'dyn'; readonly pos: number };

export type TypeNode =
  | { readonly k: 'scalar'; readonly name: string; readonly pos: number }
  | { readonly k: 'void'; readonly pos: number }
  | { readonly k: 'def'; readonly name: string; readonly pos: number }
  | { readonly k: 'memref'; readonly elem: TypeNode; readonly shape: readonly ConstNode[]; readonly strides?: readonly ConstNode[]; readonly pos: number }
  | { readonly k: 'group'; readonly memref: TypeNode; readonly offset?: ConstNode; readonly pos: number };

export type AttrNode =
  | { readonly k: 'array'; readonly elements: readonly AttrNode[]; readonly pos: number }
  | { readonly k: 'dict'; readonly entries: readonly { name: string; value: AttrNode }[]; readonly pos: number }
  | { readonly k: 'string'; readonly value: string; readonly pos: number }
  | { readonly k: 'const'; readonly c: ConstNode; readonly pos: number }
  | { readonly k: 'type'; readonly t: TypeNode; readonly pos: number };

export type DefRhs =
  | { readonly k: 'calc'; readonly tokens: readonly RpnToken[]; readonly pos: number }
  | { readonly k: 'const'; readonly c: ConstNode; readonly pos: number }
  | { readonly k: 'attr'; readonly a: AttrNode; readonly pos: number }
  | { readonly k: 'type'; readonly t: TypeNode; readonly pos: number }
  | { readonly k: 'alias'; readonly name: string; readonly pos: number };

/** A token of a `!calc` expression: an operand, an operator, or text that is neither (reported when evaluated). */
export type RpnToken =
  | ConstNode
  | { readonly k: 'op'; readonly op: string; readonly pos: number }
  | { readonly k: 'unexpected'; readonly text: string; readonly pos: number };

export interface DefAssignNode {
  readonly k: 'defassign';
  readonly name: string;
  readonly rhs: DefRhs;
  readonly pos: number;
}

export interface Named {
  readonly name: string;
  readonly pos: number;
}

/** An instruction: `op` is the instruction's name (`gemm`, `arith`), the other fields depend on it. */
export interface InstNode {
  readonly k: 'inst';
  readonly op: string;
  readonly pos: number;
  readonly results: readonly Named[];
  readonly [field: string]: unknown;
}

export type RegionItem = InstNode | DefAssignNode;
export interface RegionNode {
  readonly items: readonly RegionItem[];
  readonly pos: number;
  readonly end: number;
}

export interface FuncNode {
  readonly k: 'func';
  readonly name: string;
  readonly args: readonly { readonly name: string; readonly type: TypeNode; readonly pos: number }[];
  readonly attrs: readonly { readonly kind: 'work_group_size' | 'subgroup_size'; readonly values: readonly ConstNode[]; readonly pos: number }[];
  readonly body: RegionNode;
  readonly pos: number;
}

export type TopLevelNode = FuncNode | DefAssignNode;

/** A syntax error: where, and what the grammar expected there. */
export interface SyntaxError {
  readonly offset: number;
  readonly expected: string;
}

let semantics: ohm.Semantics | undefined;

const list = (n: ohm.Node): unknown[] => n.asIteration().children.map((c) => c.ast());
/** The items of a list written `Item ("," Item)*` (cheaper to match than ohm's parameterized ListOf). */
const items = (first: ohm.Node, rest: ohm.Node): unknown[] => [first.ast(), ...rest.children.map((c) => c.ast())];
const opt = (n: ohm.Node): unknown => (n.numChildren ? n.children[0]!.ast() : undefined);
const pos = (n: ohm.Node): number => n.source.startIdx;

function makeSemantics(): ohm.Semantics {
  const s = tensorLanguageGrammar().createSemantics();
  const named = (n: ohm.Node): Named => ({ name: n.sourceString, pos: pos(n) });
  const inst = (node: ohm.Node, op: string, fields: Record<string, unknown>): InstNode => ({ k: 'inst', op, pos: pos(node), results: [], ...fields });
  const blas = (op: string, node: ohm.Node, mods: ohm.Node[], atomic: ohm.Node, operands: ohm.Node[], types: ohm.Node[]): InstNode =>
    inst(node, op, {
      trans: mods.map((m) => m.sourceString.slice(1)),
      atomic: atomic.numChildren > 0,
      operands: operands.map((o) => o.ast()),
      types: types.map((t) => t.ast()),
    });
  s.addOperation('ast', {
    _terminal() {
      return this.sourceString;
    },
    _iter(...children) {
      return children.map((c) => c.ast());
    },
    Program(items, _end) {
      return items.ast();
    },
    // ---- constants and identifiers ----
    integerConstant_boolean(_b) {
      return { k: 'int', v: this.sourceString === 'true' ? 1n : 0n, bool: true, pos: pos(this) };
    },
    integerConstant_number(_s, _d) {
      return { k: 'int', v: BigInt(this.sourceString), bool: false, pos: pos(this) };
    },
    floatingConstant(_f) {
      return { k: 'float', text: this.sourceString, pos: pos(this) };
    },
    defIdentifier(_d, _i) {
      return { k: 'def', name: this.sourceString, pos: pos(this) };
    },
    localIdentifier(_p, _i) {
      return { k: 'val', name: this.sourceString, pos: pos(this) };
    },
    ConstantOrDynamic(c) {
      return c.sourceString === '?' ? { k: 'dyn', pos: pos(this) } : c.ast();
    },
    ConstantOrDynamicOrIdentifier(c) {
      return c.sourceString === '?' ? { k: 'dyn', pos: pos(this) } : c.ast();
    },
    SliceSize(c) {
      return c.sourceString === '?' ? { k: 'dyn', pos: pos(this) } : c.ast();
    },
    // ---- preprocessor ----
    DefAssign(name, _eq, rhs) {
      return { k: 'defassign', name: name.sourceString, rhs: rhs.ast(), pos: pos(this) };
    },
    DefRhs(r) {
      const p = pos(this);
      const ctor = r.ctorName;
      if (ctor === 'Calc') return r.ast();
      if (ctor === 'floatingConstant' || ctor === 'integerConstant') return { k: 'const', c: r.ast(), pos: p };
      if (ctor === 'defIdentifier') return { k: 'alias', name: r.sourceString, pos: p };
      if (ctor === 'DataType') return { k: 'type', t: r.ast(), pos: p };
      return { k: 'attr', a: r.ast(), pos: p };
    },
    Calc(_c, _l, expr, _r) {
      return { k: 'calc', tokens: expr.ast(), pos: pos(this) };
    },
    RpnExpr(tokens) {
      return tokens.ast();
    },
    rpnOperator(_o) {
      return { k: 'op', op: this.sourceString, pos: pos(this) };
    },
    rpnUnexpected(_chars) {
      return { k: 'unexpected', text: this.sourceString, pos: pos(this) };
    },
    Attribute(a) {
      const ctor = a.ctorName;
      if (ctor === 'floatingConstant' || ctor === 'integerConstant' || ctor === 'defIdentifier') return { k: 'const', c: a.ast(), pos: pos(this) };
      if (ctor === 'DataType') return { k: 'type', t: a.ast(), pos: pos(this) };
      return a.ast();
    },
    ArrayAttribute(_l, elements, _r) {
      return { k: 'array', elements: list(elements), pos: pos(this) };
    },
    DictionaryAttribute(_l, entries, _r) {
      return { k: 'dict', entries: list(entries), pos: pos(this) };
    },
    NamedAttribute(name, _eq, value) {
      const n = name.sourceString;
      return { name: n.startsWith('"') ? n.slice(1, -1) : n, value: value.ast() };
    },
    stringAttribute(_l, _chars, _r) {
      return { k: 'string', value: this.sourceString.slice(1, -1), pos: pos(this) };
    },
    // ---- functions ----
    FunctionDefinition(_func, name, _l, args, _r, attrs, body) {
      return { k: 'func', name: name.sourceString.slice(1), args: opt(args) ?? [], attrs: attrs.ast(), body: body.ast(), pos: pos(name) };
    },
    ArgumentList(first, _commas, rest) {
      return items(first, rest);
    },
    Argument(name, _c, type) {
      return { name: name.sourceString, type: type.ast(), pos: pos(name) };
    },
    WorkGroupSizeAttribute(_k, _l, m, _c, n, _r) {
      return { kind: 'work_group_size', values: [m.ast(), n.ast()], pos: pos(this) };
    },
    SubgroupSizeAttribute(_k, _l, s, _r) {
      return { kind: 'subgroup_size', values: [s.ast()], pos: pos(this) };
    },
    Region(_l, items, _r) {
      return { items: items.ast(), pos: pos(this), end: this.source.endIdx - 1 };
    },
    // ---- types ----
    VoidType(_v) {
      return { k: 'void', pos: pos(this) };
    },
    scalarType(_t) {
      return { k: 'scalar', name: this.sourceString, pos: pos(this) };
    },
    integerType_bits(_i, _b) {
      return { k: 'scalar', name: this.sourceString, pos: pos(this) };
    },
    integerType_index(_i) {
      return { k: 'scalar', name: 'index', pos: pos(this) };
    },
    MemrefType(_m, elem, shape, _c, layout, _r) {
      return { k: 'memref', elem: elem.ast(), shape: shape.ast(), strides: opt(layout), pos: pos(this) };
    },
    TensorShape(_x, sizes) {
      return sizes.ast();
    },
    StridedLayout(_s, l, _r) {
      return opt(l) ?? [];
    },
    ConstantOrDynamicList(first, _commas, rest) {
      return items(first, rest);
    },
    GroupType(_g, memref, _c, _o, _colon, offset, _r) {
      return { k: 'group', memref: memref.ast(), offset: opt(offset), pos: pos(this) };
    },
    // ---- instructions ----
    LocalIdentifierList(first, _commas, rest) {
      return [first, ...rest.children].map(named);
    },
    ValueInstruction(result, _eq, body) {
      const i = body.ast() as InstNode;
      return { ...i, results: [named(result)] };
    },
    MultiValueInstruction(results, _eq, body) {
      const i = body.ast() as InstNode;
      const names = results.numChildren ? (results.children[0]!.ast() as Named[]) : [];
      return { ...i, results: names };
    },
    AllocaInstruction(_k, _a, type) {
      return inst(this, 'alloca', { type: type.ast() });
    },
    ArithBinaryInstruction(_k, kind, a, _c, b, _colon, type) {
      return inst(this, 'arith', { kind: kind.sourceString.slice(1), operands: [a.ast(), b.ast()], type: type.ast(), kindPos: pos(kind) });
    },
    ArithUnaryInstruction(_k, kind, a, _colon, type) {
      return inst(this, 'arith_unary', { kind: kind.sourceString.slice(1), operands: [a.ast()], type: type.ast(), kindPos: pos(kind) });
    },
    CastInstruction(_k, a, _c, from, _arrow, to) {
      return inst(this, 'cast', { operands: [a.ast()], type: from.ast(), to: to.ast() });
    },
    ComparisonInstruction(_k, cond, a, _c, b, _colon, type) {
      return inst(this, 'cmp', { cond: cond.sourceString.slice(1), operands: [a.ast(), b.ast()], type: type.ast() });
    },
    ExpandInstruction(_k, v, _l, mode, _a, shape, _r, _c, type) {
      return inst(this, 'expand', { operand: v.ast(), mode: mode.ast(), shape: shape.ast(), type: type.ast() });
    },
    ExpandShape(first, _x, rest) {
      return [first.ast(), ...rest.ast()];
    },
    FuseInstruction(_k, v, _l, from, _c, to, _r, _colon, type) {
      return inst(this, 'fuse', { operand: v.ast(), from: from.ast(), to: to.ast(), type: type.ast() });
    },
    GroupIdInstruction(_k) {
      return inst(this, 'group_id', {});
    },
    GroupSizeInstruction(_k) {
      return inst(this, 'group_size', {});
    },
    LoadInstruction(_k, v, _l, indices, _r, _c, type) {
      return inst(this, 'load', { operand: v.ast(), indices: opt(indices) ?? [], type: type.ast() });
    },
    IndexList(first, _commas, rest) {
      return items(first, rest);
    },
    SizeInstruction(_k, v, _l, mode, _r, _c, type) {
      return inst(this, 'size', { operand: v.ast(), mode: mode.ast(), type: type.ast() });
    },
    SubviewInstruction(_k, v, _l, slices, _r, _c, type) {
      return inst(this, 'subview', { operand: v.ast(), slices: opt(slices) ?? [], type: type.ast() });
    },
    IndexOrSliceList(first, _commas, rest) {
      return items(first, rest);
    },
    IndexOrSlice_offset(offset, _c, size) {
      const hasSlice = size.numChildren > 0;
      return { offset: offset.ast(), size: hasSlice ? size.children[0]!.ast() : undefined, pos: pos(this) };
    },
    IndexOrSlice_full(_c) {
      return { offset: { k: 'int', v: 0n, bool: false, pos: pos(this) }, size: { k: 'dyn', pos: pos(this) }, pos: pos(this) };
    },
    IfInstruction(_k, cond, _a, _l, types, _r, then, _else, otherwise) {
      return inst(this, 'if', { condition: cond.ast(), types: opt(types) ?? [], then: then.ast(), otherwise: opt(otherwise) });
    },
    ScalarTypeList(first, _commas, rest) {
      return items(first, rest);
    },
    AxpbyInstruction(_k, t, atomic, _c0, alpha, _c1, a, _c2, beta, _c3, b, _colon, ta, _c4, tA, _c5, tb, _c6, tB) {
      return blas('axpby', this, [t], atomic, [alpha, a, beta, b], [ta, tA, tb, tB]);
    },
    GemmInstruction(_k, t1, t2, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) {
      return blas('gemm', this, [t1, t2], atomic, [alpha, a, b, beta, c], [ta, tA, tB, tb, tC]);
    },
    GemvInstruction(_k, t1, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) {
      return blas('gemv', this, [t1], atomic, [alpha, a, b, beta, c], [ta, tA, tB, tb, tC]);
    },
    GerInstruction(_k, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) {
      return blas('ger', this, [], atomic, [alpha, a, b, beta, c], [ta, tA, tB, tb, tC]);
    },
    HadamardProductInstruction(_k, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) {
      return blas('hadamard_product', this, [], atomic, [alpha, a, b, beta, c], [ta, tA, tB, tb, tC]);
    },
    SumInstruction(_k, t, atomic, _c0, alpha, _c1, a, _c2, beta, _c3, b, _colon, ta, _c4, tA, _c5, tb, _c6, tB) {
      return blas('sum', this, [t], atomic, [alpha, a, beta, b], [ta, tA, tb, tB]);
    },
    ForInstruction(_k, v, _eq, from, _c, to, _c2, step, _colon, type, body) {
      return inst(this, 'for', { var: named(v), from: from.ast(), to: to.ast(), step: opt(step), type: opt(type), body: body.ast() });
    },
    ForeachInstruction(_k, v, _eq, from, _c, to, _colon, type, body) {
      return inst(this, 'foreach', { var: named(v), from: from.ast(), to: to.ast(), type: opt(type), body: body.ast() });
    },
    IntegerTypeOrDef(t) {
      return t.ctorName === 'defIdentifier' ? t.ast() : { k: 'scalar', name: t.sourceString, pos: pos(this) };
    },
    StoreInstruction(_k, value, _c, v, _l, indices, _r, _colon, type) {
      return inst(this, 'store', { value: value.ast(), operand: v.ast(), indices: opt(indices) ?? [], type: type.ast() });
    },
    YieldInstruction(_k, values, _c, types) {
      return inst(this, 'yield', { operands: opt(values) ?? [], types: opt(types) ?? [] });
    },
    IdentifierOrConstantList(first, _commas, rest) {
      return items(first, rest);
    },
    BarrierInstruction(_k) {
      return inst(this, 'barrier', {});
    },
    LifetimeStopInstruction(_k, v) {
      return inst(this, 'lifetime_stop', { operand: v.ast() });
    },
  });
  return s;
}

/** Parses tensor-language text into its syntax tree, or says where it stops being valid and what was expected. */
export function parseTensorLanguageAst(text: string): { ok: true; program: TopLevelNode[] } | { ok: false; error: SyntaxError } {
  const match = tensorLanguageGrammar().match(text);
  if (match.failed()) return { ok: false, error: { offset: match.getRightmostFailurePosition(), expected: match.getExpectedText() } };
  semantics ??= makeSemantics();
  return { ok: true, program: semantics(match).ast() as TopLevelNode[] };
}
