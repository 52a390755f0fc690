import {
  ArrayAttr,
  Block,
  Builder,
  DenseArrayAttr,
  Diagnostic,
  DictionaryAttr,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  NameLoc,
  OpResult,
  Operation,
  StringAttr,
  TypeAttr,
  UnitAttr,
  computeLineStarts,
  lineIndexOf,
  type Attribute,
  type Context,
  type Location,
  type Type,
  type Value,
} from '@tlir/ir';
import { parseTensorLanguageAst, unreachable, type ConstNode, type DefRhs, type FuncNode, type InstNode, type InstOf, type RegionNode, type TypeNode, type AttrNode } from './ast.js';
import { allocaTypeProblem, constantIndexProblem, indexCountProblem, loadResult, sizeModeProblem, collectiveShapeProblem, collectiveTypeProblem, takesTwoMemrefs, type CollectiveName, COLLECTIVE_IN_SPMD, NESTED_SPMD, YIELD_PARENTS, ifElseProblem, ifYieldProblem, yieldTypesProblem, arithTypeProblem, loopTypeProblem, VALUE, expandEntryProblem, expandResult, fuseResult, modeProblem, sliceOffsetProblem, sliceSizeProblem, subviewResult, type SliceSpec, DYNAMIC, TlGroupType, TlMemrefType, VoidType, checkStrides, defaultStrides, isBool, isFloatType, isIntegerType, scalarTypeFromName, tlTypeText, workGroupProblem } from '@tlir/dialect-tl';
import * as ops from '@tlir/dialect-tl';

/** A compile-time variable's value (spec/preprocessor.txt: a constant, a type or an attribute). */
type DefValue =
  | { readonly k: 'int'; readonly v: bigint; readonly bool: boolean }
  | { readonly k: 'float'; readonly text: string }
  | { readonly k: 'type'; readonly t: Type }
  | { readonly k: 'attr'; readonly a: Attribute };

/** Unwinds the builder after an error was reported (no stack: errors are diagnostics). */
const FAILURE = Symbol('tl-front-end-failure');

const INT_MAX = (1n << 63n) - 1n;

interface Scope {
  readonly parent?: Scope;
  readonly defs: Map<string, DefValue>;
  /** Where each compile-time variable of `defs` was defined (for the note of a redefinition). */
  readonly defPos: Map<string, number>;
  readonly values: Map<string, Value>;
  /** Where each identifier of `values` was defined. */
  readonly valuePos: Map<string, number>;
}

interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * Parses tensor-language text (with its preprocessor) into a `builtin.module` of `tl.func`s. Problems are
 * reported to the context's diagnostics at `file:line:col`, and undefined is returned. `start` is where the
 * text begins in its file (for a chunk of a split file).
 */
export function parseTensorLanguage(ctx: Context, text: string, filename = '<string>', start?: Position): Operation | undefined {
  if (!start) ctx.sources.addBuffer(filename, text);
  const fe = new FrontEnd(ctx, text, filename, start ?? { line: 1, column: 1 });
  try {
    return fe.run();
  } catch (e) {
    if (e === FAILURE) return undefined;
    throw e;
  }
}

class FrontEnd {
  private readonly lineStarts: number[];
  private readonly b: Builder;
  /** Whether the region being built is an spmd region (inside a foreach, at any depth). */
  private spmd = false;
  /** The instruction whose region is being built (a yield is allowed in those of if and for only). */
  private regionOf: 'func' | 'if' | 'for' | 'foreach' = 'func';

  constructor(
    private readonly ctx: Context,
    private readonly text: string,
    private readonly filename: string,
    private readonly start: Position,
  ) {
    this.lineStarts = computeLineStarts(text);
    this.b = new Builder(ctx);
  }

  loc(offset: number): Location {
    const lo = lineIndexOf(this.lineStarts, offset);
    const col = offset - this.lineStarts[lo]! + 1;
    return new FileLineColLoc(this.filename, this.start.line + lo, lo === 0 ? this.start.column + col - 1 : col);
  }

  /**
   * The location of a value named `%name` at `offset`: `loc("name"(file:line:col))` for a named identifier (a name
   * hint for printers, `--mlir-use-nameloc-as-prefix`), the plain location for an unnamed one (`%0`).
   */
  namedLoc(name: string, offset: number): Location {
    const loc = this.loc(offset);
    const bare = name.replace(/^%/, '');
    return /^[A-Za-z]/.test(bare) ? new NameLoc(bare, loc) : loc;
  }

  error(offset: number, message: string, note?: { offset: number; message: string }): never {
    const d = new Diagnostic('error', this.loc(offset), message);
    if (note) d.attachNote(this.loc(note.offset), note.message);
    this.ctx.diagnostics.emit(d);
    throw FAILURE;
  }

  errorAt(loc: Location, message: string): never {
    this.ctx.diagnostics.emit(new Diagnostic('error', loc, message));
    throw FAILURE;
  }

  run(): Operation {
    // The grammar's matcher recurses a few dozen frames for each level of regions or attributes: a nest of a few
    // hundred overflowed the stack (an internal error). Deeper than MAX_NESTING is a located error instead.
    const tooDeep = firstTooDeep(this.text, MAX_NESTING);
    if (tooDeep !== undefined) this.error(tooDeep, `input is nested too deeply to parse (more than ${MAX_NESTING} levels of regions, arrays and dictionaries)`);
    const parsed = parseTensorLanguageAst(this.text);
    if (!parsed.ok) {
      // At the top level, ohm only says it expected the end of the input: say what may stand there.
      const expected = parsed.error.expected === 'end of input' ? 'a function (func @name) or a compile-time variable definition ($name = ...)' : parsed.error.expected;
      const open = atEndOfInput(this.text, parsed.error.offset) ? unclosedBrace(this.text) : undefined;
      this.error(parsed.error.offset, `expected ${expected}`, open === undefined ? undefined : { offset: open, message: "this '{' is not closed" });
    }
    const module = Operation.create(this.ctx, { name: 'builtin.module', regions: 1, loc: new FileLineColLoc(this.filename, 0, 0) });
    const body = module.regions[0]!.pushBack(new Block());
    const global: Scope = { defs: new Map(), defPos: new Map(), values: new Map(), valuePos: new Map() };
    const functions = new Map<string, number>();
    for (const item of parsed.program) {
      if (item.k === 'defassign') this.define(global, item.name, item.rhs, item.pos);
      else {
        const previous = functions.get(item.name);
        if (previous !== undefined) this.error(item.pos, `redefinition of function @${item.name}`, { offset: previous, message: 'previous definition here' });
        functions.set(item.name, item.pos);
        this.b.setInsertionPointToEnd(body);
        this.func(item, global);
      }
    }
    return module;
  }

  // ---- the preprocessor ----------------------------------------------------------------------------------

  lookupDef(scope: Scope, name: string, pos: number): DefValue {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const v = s.defs.get(name);
      if (v) return v;
    }
    return this.error(pos, `undefined compile-time variable ${name}`);
  }

  define(scope: Scope, name: string, rhs: DefRhs, pos: number): void {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const previous = s.defPos.get(name);
      if (previous !== undefined) {
        this.error(pos, `compile-time variable ${name} is already defined (a variable is assigned once in a scope and its sub-scopes)`, {
          offset: previous,
          message: 'previous definition here',
        });
      }
    }
    scope.defs.set(name, this.evalDef(scope, rhs));
    scope.defPos.set(name, pos);
  }

  evalDef(scope: Scope, rhs: DefRhs): DefValue {
    switch (rhs.k) {
      case 'alias':
        return this.lookupDef(scope, rhs.name, rhs.pos);
      case 'const':
        return this.constValue(scope, rhs.c);
      case 'type':
        return { k: 'type', t: this.type(scope, rhs.t) };
      case 'attr':
        return { k: 'attr', a: this.attr(scope, rhs.a) };
      case 'calc':
        return { k: 'int', v: this.calc(scope, rhs), bool: false };
    }
  }

  calc(scope: Scope, rhs: Extract<DefRhs, { k: 'calc' }>): bigint {
    const stack: bigint[] = [];
    for (const t of rhs.tokens) {
      if (t.k === 'unexpected') {
        this.error(t.pos, `unexpected '${t.text}' in !calc expression (expected an integer constant, a compile-time variable such as $${t.text.replace(/^\W+/, '') || 'n'}, or one of ^ - + * / % min max; ${CALC_IS_POSTFIX})`);
      }
      if (t.k === 'float') this.error(t.pos, `!calc operands must be integers, got ${t.text}`);
      if (t.k !== 'op') {
        stack.push(this.intConst(scope, t));
        continue;
      }
      if (stack.length < 2) this.error(t.pos, `malformed !calc expression: '${t.op}' needs two operands, and the stack holds ${calcStack(stack)} (${CALC_IS_POSTFIX})`);
      const b = stack.pop()!;
      const a = stack.pop()!;
      let r: bigint;
      switch (t.op) {
        case '^':
          if (b < 0n) this.error(t.pos, 'negative exponent in !calc');
          r = a ** b;
          break;
        case '-':
          r = a - b;
          break;
        case '+':
          r = a + b;
          break;
        case '*':
          r = a * b;
          break;
        case '/':
        case '%':
          if (b === 0n) this.error(t.pos, 'division by zero in !calc');
          r = t.op === '/' ? a / b : a % b;
          break;
        case 'min':
          r = a < b ? a : b;
          break;
        default:
          r = a > b ? a : b;
      }
      if (r > INT_MAX || r < -INT_MAX) this.error(t.pos, 'integer overflow in !calc');
      stack.push(r);
    }
    if (stack.length !== 1) this.error(rhs.pos, `malformed !calc expression: it leaves ${stack.length} values instead of one, the stack ${calcStack(stack)} (${CALC_IS_POSTFIX})`);
    return stack[0]!;
  }

  constValue(scope: Scope, c: ConstNode): DefValue {
    if (c.k === 'def') return this.lookupDef(scope, c.name, c.pos);
    if (c.k === 'int') {
      if (c.v > INT_MAX || c.v < -INT_MAX) this.error(c.pos, 'integer constant out of range (-2^63+1 .. 2^63-1)');
      return { k: 'int', v: c.v, bool: c.bool };
    }
    if (c.k === 'float') {
      const v = parseFloatText(c.text);
      if (!Number.isFinite(v)) this.error(c.pos, 'floating constant out of range of double precision');
      return { k: 'float', text: c.text };
    }
    return this.error(c.pos, 'expected a constant');
  }

  intConst(scope: Scope, c: ConstNode): bigint {
    const v = this.constValue(scope, c);
    if (v.k !== 'int') this.error(c.pos, `expected an integer constant${c.k === 'def' ? `, but ${c.name} is ${describe(v)}` : ''}`);
    return v.v;
  }

  attr(scope: Scope, a: AttrNode): Attribute {
    switch (a.k) {
      case 'array':
        return ArrayAttr.get(this.ctx, a.elements.map((e) => this.attr(scope, e)));
      case 'dict':
        return DictionaryAttr.get(this.ctx, a.entries.map((e) => ({ name: e.name, value: this.attr(scope, e.value) })));
      case 'string':
        return StringAttr.get(this.ctx, a.value);
      case 'type':
        return TypeAttr.get(this.ctx, this.type(scope, a.t));
      case 'const': {
        const v = this.constValue(scope, a.c);
        if (v.k === 'int') return IntegerAttr.get(this.ctx, v.bool ? IntegerType.get(this.ctx, 1) : IntegerType.get(this.ctx, 64), v.v);
        if (v.k === 'float') return FloatAttr.get(this.ctx, FloatType.get(this.ctx, 'f64'), parseFloatText(v.text));
        return v.k === 'type' ? TypeAttr.get(this.ctx, v.t) : v.a;
      }
    }
  }

  // ---- types ----------------------------------------------------------------------------------------------

  type(scope: Scope, t: TypeNode): Type {
    switch (t.k) {
      case 'scalar':
        return scalarTypeFromName(this.ctx, t.name)!;
      case 'void':
        return VoidType.get(this.ctx, {});
      case 'def': {
        const v = this.lookupDef(scope, t.name, t.pos);
        if (v.k !== 'type') this.error(t.pos, `expected a type, but ${t.name} is ${describe(v)}`);
        return v.t;
      }
      case 'memref': {
        const elem = this.type(scope, t.elem);
        if (!isIntegerType(elem) && !isFloatType(elem)) this.error(t.elem.pos, `expected a scalar type, got ${tlTypeText(elem)}`);
        const shape = t.shape.map((c) => this.sizeConst(scope, c));
        const strides = t.strides ? t.strides.map((c) => this.sizeConst(scope, c)) : defaultStrides(shape);
        const problem = checkStrides(shape, strides);
        if (problem) this.error(t.pos, problem);
        return TlMemrefType.get(this.ctx, { elementType: elem, shape, strides });
      }
      case 'group': {
        const m = this.type(scope, t.memref);
        if (!TlMemrefType.is(m)) this.error(t.memref.pos, `expected a memref type, got ${tlTypeText(m)}`);
        const offset = t.offset ? this.sizeConst(scope, t.offset) : 0;
        return TlGroupType.get(this.ctx, { memrefType: m, offset });
      }
    }
  }

  /** A mode size, stride or offset: a non-negative constant or `?`. */
  sizeConst(scope: Scope, c: ConstNode): number {
    if (c.k === 'dyn') return DYNAMIC;
    const v = this.intConst(scope, c);
    if (v < 0n) this.error(c.pos, `expected a non-negative integer, got ${v}`);
    return this.safeNumber(v, c);
  }

  /**
   * A static size, stride, offset or index list entry as a number: types and static lists hold numbers, exact up
   * to 2^53, so a larger one (which no memory holds anyway) is an error rather than silently rounded.
   */
  safeNumber(v: bigint, c: ConstNode): number {
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
      this.error(c.pos, `${v} is too large for a static size, stride or offset (at most 2^53-1)`);
    }
    return Number(v);
  }

  scalarType(scope: Scope, t: TypeNode): Type {
    const type = this.type(scope, t);
    if (!isIntegerType(type) && !isFloatType(type)) this.error(t.pos, `expected a scalar type, got ${tlTypeText(type)}`);
    return type;
  }

  memrefType(scope: Scope, t: TypeNode): TlMemrefType {
    const type = this.type(scope, t);
    if (!TlMemrefType.is(type)) this.error(t.pos, `expected a memref type, got ${tlTypeText(type)}`);
    return type;
  }

  // ---- values ---------------------------------------------------------------------------------------------

  lookupValue(scope: Scope, name: string, pos: number): Value {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const v = s.values.get(name);
      if (v) return v;
    }
    return this.error(pos, `undefined identifier ${name}`);
  }

  bind(scope: Scope, name: string, pos: number, value: Value): void {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const previous = s.valuePos.get(name);
      if (previous !== undefined) this.error(pos, `identifier ${name} is already defined`, { offset: previous, message: 'previous definition here' });
    }
    scope.values.set(name, value);
    scope.valuePos.set(name, pos);
  }

  /** A value operand written with its type: `%x` of that type, or a constant materialized as `tl.constant`. */
  operand(scope: Scope, c: ConstNode, type: Type, what = 'operand'): Value {
    if (c.k === 'val') {
      const v = this.lookupValue(scope, c.name, c.pos);
      if (v.type !== type) this.error(c.pos, `type of SSA value does not match operand type: ${c.name} is ${tlTypeText(v.type)}, the ${what} is ${tlTypeText(type)}`);
      return v;
    }
    if (c.k === 'dyn') this.error(c.pos, `expected a value or a constant`);
    const v = this.constValue(scope, c);
    let attr: Attribute;
    if (v.k === 'int') {
      if (isBool(type) && !v.bool && v.v !== 0n && v.v !== 1n) this.error(c.pos, `integer constant ${v.v} is not a boolean`);
      if (isFloatType(type)) attr = FloatAttr.get(this.ctx, type as FloatType, Number(v.v));
      else {
        const problem = integerRangeProblem(v.v, type);
        if (problem) this.error(c.pos, problem);
        attr = IntegerAttr.get(this.ctx, type, asSignedBits(v.v, type));
      }
    } else if (v.k === 'float') {
      if (!isFloatType(type)) this.error(c.pos, `floating constant where the ${what} is ${tlTypeText(type)}`);
      attr = FloatAttr.get(this.ctx, type as FloatType, parseFloatText(v.text));
    } else return this.error(c.pos, `expected a constant, but ${(c as { name: string }).name} is ${describe(v)}`);
    this.b.loc = this.loc(c.pos);
    return ops.ConstantOp.create(this.b, { value: attr as IntegerAttr, result: type }).result;
  }

  index(scope: Scope, c: ConstNode): Value {
    return this.operand(scope, c, IndexType.get(this.ctx), 'index');
  }

  /** Index `k` of a load or store of a memref of type `t`: a constant one (written, or a `$name`) must be in bounds. */
  accessIndex(scope: Scope, c: ConstNode, t: Type, k: number, what: string): Value {
    const v = this.index(scope, c);
    const def = v.definingOp;
    if (TlMemrefType.is(t) && def && ops.ConstantOp.is(def)) {
      const a = ops.ConstantOp.wrap(def).value;
      const problem = a instanceof IntegerAttr ? constantIndexProblem(t, k, a.value) : undefined;
      if (problem) this.error(c.pos, `${what}: ${problem}`);
    }
    return v;
  }

  // ---- functions and regions ------------------------------------------------------------------------------

  func(f: FuncNode, global: Scope): void {
    const scope: Scope = { parent: global, defs: new Map(), defPos: new Map(), values: new Map(), valuePos: new Map() };
    const argTypes = f.args.map((a) => this.type(global, a.type));
    f.args.forEach((a, i) => {
      if (VoidType.is(argTypes[i]!)) this.error(a.pos, 'an argument cannot have void type');
    });
    let wgs: number[] | undefined;
    let sgs: number | undefined;
    const attrPos = { work_group_size: f.pos, subgroup_size: f.pos };
    for (const a of f.attrs) {
      const values = a.values.map((c) => {
        const v = this.intConst(global, c);
        if (v <= 0n || v > 2n ** 31n - 1n) this.error(c.pos, `${a.kind} must be positive, got ${v}`);
        return Number(v);
      });
      if ((a.kind === 'work_group_size' ? wgs : sgs) !== undefined) this.error(a.pos, `${a.kind} given twice`);
      attrPos[a.kind] = a.pos;
      if (a.kind === 'work_group_size') wgs = values;
      else sgs = values[0];
    }
    const problem = workGroupProblem(wgs, sgs);
    if (problem) this.error(attrPos[problem.attribute], problem.message);
    this.b.loc = this.loc(f.pos);
    const fn = ops.FuncOp.create(this.b, {
      sym_name: StringAttr.get(this.ctx, f.name),
      function_type: TypeAttr.get(this.ctx, FunctionType.get(this.ctx, argTypes, [])) as never,
      work_group_size: wgs ? DenseArrayAttr.get(this.ctx, IntegerType.get(this.ctx, 32), wgs) : undefined,
      subgroup_size: sgs !== undefined ? IntegerAttr.get(this.ctx, IntegerType.get(this.ctx, 32), sgs) : undefined,
    });
    const block = fn.body.pushBack(new Block());
    f.args.forEach((a, i) => this.bind(scope, a.name, a.pos, block.addArgument(argTypes[i]!, this.namedLoc(a.name, a.pos))));
    this.region(f.body, block, scope);
  }

  region(r: RegionNode, block: Block, scope: Scope): void {
    for (const item of r.items) {
      this.b.setInsertionPointToEnd(block);
      if (item.k === 'defassign') this.define(scope, item.name, item.rhs, item.pos);
      else this.instruction(item, scope);
    }
  }

  /**
   * A nested region of instruction `of`: a new scope (spec: Regions: values of the enclosing regions are visible,
   * not the reverse), spmd inside a foreach and everything nested in one.
   */
  subRegion(r: RegionNode, region: { pushBack(b: Block): Block }, scope: Scope, of: 'if' | 'for' | 'foreach', args: { name: string; pos: number; type: Type }[] = []): Block {
    const block = region.pushBack(new Block());
    const inner: Scope = { parent: scope, defs: new Map(), defPos: new Map(), values: new Map(), valuePos: new Map() };
    for (const a of args) this.bind(inner, a.name, a.pos, block.addArgument(a.type, this.namedLoc(a.name, a.pos)));
    const saved = [this.spmd, this.regionOf] as const;
    this.spmd ||= of === 'foreach';
    this.regionOf = of;
    this.region(r, block, inner);
    [this.spmd, this.regionOf] = saved;
    for (let op = block.firstOp; op; op = op.nextOperation) {
      if (ops.YieldOp.is(op) && op !== block.lastOp) this.errorAt(op.loc, 'yield must be the last instruction of its region');
    }
    return block;
  }

  /** spec: Execution model. Collective instructions are not allowed in spmd regions. */
  collective(i: InstNode): void {
    if (this.spmd && ops.COLLECTIVE_INSTRUCTIONS.has(i.op)) this.error(i.pos, `${i.op} ${COLLECTIVE_IN_SPMD}`);
  }

  /**
   * Builds the op of an instruction, after checking what the spec asks of it at the token at fault, and binds its
   * results. One case per entry of INSTRUCTIONS (ast.ts); the compiler checks that none is missing.
   */
  instruction(i: InstNode, scope: Scope): void {
    const ctx = this.ctx;
    const index = IndexType.get(ctx);
    const at = (): void => {
      this.b.loc = this.loc(i.pos);
    };
    const results: Value[] = [];
    this.collective(i);
    switch (i.op) {
      case 'alloca': {
        const t = this.memrefType(scope, i.type);
        const problem = allocaTypeProblem(t);
        if (problem) this.error(i.type.pos, `alloca ${problem}`);
        at();
        results.push(ops.AllocaOp.create(this.b, { result: t }).result);
        break;
      }
      case 'arith':
      case 'arith_unary': {
        const t = this.scalarType(scope, i.type);
        const problem = arithTypeProblem(i.kind, t);
        if (problem) this.error(i.kindPos, `arith.${i.kind} ${problem}`);
        const operands = i.operands.map((c) => this.operand(scope, c, t));
        at();
        if (i.op === 'arith') {
          results.push(ops.ArithOp.create(this.b, { kind: ops.ArithBinaryKind.get(ctx, i.kind), lhs: operands[0]!, rhs: operands[1]!, result: t }).result);
        } else results.push(ops.ArithUnaryOp.create(this.b, { kind: ops.ArithUnaryKind.get(ctx, i.kind), a: operands[0]!, result: t }).result);
        break;
      }
      case 'cast': {
        const from = this.scalarType(scope, i.type);
        const to = this.scalarType(scope, i.to);
        const a = this.operand(scope, i.operands[0]!, from);
        at();
        results.push(ops.CastOp.create(this.b, { a, result: to }).result);
        break;
      }
      case 'cmp': {
        const t = this.scalarType(scope, i.type);
        const [lhs, rhs] = i.operands.map((c) => this.operand(scope, c, t));
        at();
        results.push(ops.CmpOp.create(this.b, { cond: ops.CmpCondition.get(ctx, i.cond), lhs: lhs!, rhs: rhs!, result: IntegerType.get(ctx, 1) }).result);
        break;
      }
      case 'group_id':
        at();
        results.push(ops.GroupIdOp.create(this.b, {}).result);
        break;
      case 'group_size':
        at();
        results.push(ops.GroupSizeOp.create(this.b, {}).result);
        break;
      case 'load': {
        const t = this.type(scope, i.type);
        const operand = this.operand(scope, i.operand, t);
        const r = loadResult(t, i.indices.length);
        if (typeof r === 'string') this.error(TlMemrefType.is(t) || TlGroupType.is(t) ? i.pos : i.type.pos, `load: ${r}`);
        const result = r.result;
        const indices = i.indices.map((c, k) => this.accessIndex(scope, c, t, k, 'load'));
        at();
        results.push(ops.LoadOp.create(this.b, { operand, indices, result }).result);
        break;
      }
      case 'store': {
        const t = this.memrefType(scope, i.type);
        const value = this.operand(scope, i.value, t.elementType, 'value');
        const operand = this.operand(scope, i.operand, t);
        const problem = indexCountProblem(t, i.indices.length);
        if (problem) this.error(i.pos, `store: ${problem}`);
        const indices = i.indices.map((c, k) => this.accessIndex(scope, c, t, k, 'store'));
        at();
        ops.StoreOp.create(this.b, { value, operand, indices });
        break;
      }
      case 'size': {
        const t = this.memrefType(scope, i.type);
        const operand = this.operand(scope, i.operand, t);
        const mode = this.intConst(scope, i.mode);
        const problem = sizeModeProblem(t, mode);
        if (problem) this.error(i.mode.pos, `size: ${problem}`);
        at();
        results.push(ops.SizeOp.create(this.b, { operand, mode: IntegerAttr.get(ctx, IntegerType.get(ctx, 64), mode), result: index }).result);
        break;
      }
      case 'subview': {
        const t = this.memrefType(scope, i.type);
        const operand = this.operand(scope, i.operand, t);
        const specs: SliceSpec[] = [];
        const offsets: Value[] = [];
        const sizes: Value[] = [];
        for (const s of i.slices) {
          let offset: number;
          if (s.offset.k === 'val') {
            offsets.push(this.index(scope, s.offset));
            offset = VALUE;
          } else {
            offset = this.signedConst(scope, s.offset);
            const problem = sliceOffsetProblem(offset);
            if (problem) this.error(s.offset.pos, `subview: ${problem}`);
          }
          let size: number;
          if (s.size === undefined) size = 0;
          else if (s.size.k === 'dyn') size = DYNAMIC;
          else if (s.size.k === 'val') {
            sizes.push(this.index(scope, s.size));
            size = VALUE;
          } else {
            size = this.signedConst(scope, s.size);
            const problem = sliceSizeProblem(size);
            if (problem) this.error(s.size.pos, `subview: ${problem}`);
          }
          specs.push({ offset, size });
        }
        const r = subviewResult(t.shape, t.strides, specs);
        if (typeof r === 'string') this.error(i.pos, `subview: ${r}`);
        at();
        results.push(
          ops.SubviewOp.create(this.b, {
            operand,
            offsets,
            sizes,
            static_offsets: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 64), specs.map((s) => s.offset)),
            static_sizes: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 64), specs.map((s) => s.size)),
            result: TlMemrefType.get(ctx, { elementType: t.elementType, ...r }),
          }).result,
        );
        break;
      }
      case 'expand': {
        const t = this.memrefType(scope, i.type);
        const operand = this.operand(scope, i.operand, t);
        const mode = this.intConst(scope, i.mode);
        const modeError = modeProblem(mode, t.shape.length);
        if (modeError) this.error(i.mode.pos, `expand: ${modeError}`);
        const shape: Value[] = [];
        const spec = i.shape.map((c) => {
          if (c.k === 'dyn') return DYNAMIC;
          if (c.k === 'val') {
            shape.push(this.index(scope, c));
            return VALUE;
          }
          const v = this.signedConst(scope, c);
          const problem = expandEntryProblem(v);
          if (problem) this.error(c.pos, `expand: ${problem}`);
          return v;
        });
        const r = expandResult(t.shape, t.strides, Number(mode), spec);
        if (typeof r === 'string') this.error(i.pos, `expand: ${r}`);
        at();
        results.push(
          ops.ExpandOp.create(this.b, {
            operand,
            shape,
            mode: IntegerAttr.get(ctx, IntegerType.get(ctx, 64), mode),
            static_shape: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 64), spec),
            result: TlMemrefType.get(ctx, { elementType: t.elementType, ...r }),
          }).result,
        );
        break;
      }
      case 'fuse': {
        const t = this.memrefType(scope, i.type);
        const operand = this.operand(scope, i.operand, t);
        const from = Number(this.intConst(scope, i.from));
        const to = Number(this.intConst(scope, i.to));
        const r = fuseResult(t.shape, t.strides, from, to);
        if (typeof r === 'string') this.error(i.pos, `fuse: ${r}`);
        at();
        const i64 = IntegerType.get(ctx, 64);
        results.push(
          ops.FuseOp.create(this.b, { operand, from: IntegerAttr.get(ctx, i64, from), to: IntegerAttr.get(ctx, i64, to), result: TlMemrefType.get(ctx, { elementType: t.elementType, ...r }) })
            .result,
        );
        break;
      }
      case 'axpby': {
        const [alpha, A, beta, B] = this.collectiveOperands(i, scope);
        at();
        ops.AxpbyOp.create(this.b, { trans: transpose(ctx, i.trans[0]), atomic: atomicAttr(ctx, i.atomic), alpha, A, beta, B });
        break;
      }
      case 'sum': {
        const [alpha, A, beta, B] = this.collectiveOperands(i, scope);
        at();
        ops.SumOp.create(this.b, { trans: transpose(ctx, i.trans[0]), atomic: atomicAttr(ctx, i.atomic), alpha, A, beta, B });
        break;
      }
      case 'gemm': {
        const [alpha, A, B, beta, C] = this.collectiveOperands(i, scope);
        at();
        ops.GemmOp.create(this.b, { transA: transpose(ctx, i.trans[0]), transB: transpose(ctx, i.trans[1]), atomic: atomicAttr(ctx, i.atomic), alpha, A, B, beta, C });
        break;
      }
      case 'gemv': {
        const [alpha, A, B, beta, C] = this.collectiveOperands(i, scope);
        at();
        ops.GemvOp.create(this.b, { transA: transpose(ctx, i.trans[0]), atomic: atomicAttr(ctx, i.atomic), alpha, A, B, beta, C });
        break;
      }
      case 'ger': {
        const [alpha, A, B, beta, C] = this.collectiveOperands(i, scope);
        at();
        ops.GerOp.create(this.b, { atomic: atomicAttr(ctx, i.atomic), alpha, A, B, beta, C });
        break;
      }
      case 'hadamard_product': {
        const [alpha, A, B, beta, C] = this.collectiveOperands(i, scope);
        at();
        ops.HadamardProductOp.create(this.b, { atomic: atomicAttr(ctx, i.atomic), alpha, A, B, beta, C });
        break;
      }
      case 'barrier':
        at();
        ops.BarrierOp.create(this.b, {});
        break;
      case 'lifetime_stop': {
        const c = i.operand;
        const v = this.lookupValue(scope, c.name, c.pos);
        if (!TlMemrefType.is(v.type) || !v.definingOp || !ops.AllocaOp.is(v.definingOp)) this.error(c.pos, `lifetime_stop needs the result of an alloca`);
        at();
        ops.LifetimeStopOp.create(this.b, { operand: v });
        break;
      }
      case 'yield': {
        if (!(YIELD_PARENTS as readonly string[]).includes(this.regionOf)) this.error(i.pos, `yield is only allowed in the regions of if and for, not in ${this.regionOf === 'func' ? 'a function body' : 'a foreach'}`);
        const types = i.types.map((t) => this.scalarType(scope, t));
        const operands = i.operands;
        if (operands.length !== types.length) this.error(i.pos, `yield has ${count(operands.length, 'value')} but ${count(types.length, 'type')}`);
        const values = operands.map((c, k) => this.operand(scope, c, types[k]!));
        if (this.regionOf === 'for' && values.length) this.error(i.pos, yieldTypesProblem(types, [], 'for')!);
        at();
        ops.YieldOp.create(this.b, { values });
        break;
      }
      case 'for':
      case 'foreach': {
        if (i.op === 'foreach' && this.spmd) this.error(i.pos, NESTED_SPMD);
        const t = i.type ? this.scalarType(scope, i.type) : index;
        const problem = loopTypeProblem(t);
        if (problem) this.error(i.type!.pos, `${i.op}: ${problem}`);
        const from = this.operand(scope, i.from, t, 'loop bound');
        const to = this.operand(scope, i.to, t, 'loop bound');
        const step = i.op === 'for' && i.step ? this.operand(scope, i.step, t, 'loop step') : undefined;
        at();
        const op = i.op === 'for' ? ops.ForOp.create(this.b, { from, to, step }).op : ops.ForeachOp.create(this.b, { from, to }).op;
        this.subRegion(i.body, op.regions[0]!, scope, i.op, [{ name: i.var.name, pos: i.var.pos, type: t }]);
        break;
      }
      case 'if': {
        const cond = this.operand(scope, i.condition, IntegerType.get(ctx, 1), 'condition');
        const types = i.types.map((t) => this.scalarType(scope, t));
        if (i.results.length !== types.length) this.error(i.pos, `if returns ${count(types.length, 'value')} but ${count(i.results.length, 'identifier')} ${i.results.length === 1 ? 'is' : 'are'} assigned`);
        at();
        const op = ops.IfOp.create(this.b, { condition: cond, results: types }).op;
        const then = this.subRegion(i.then, op.regions[0]!, scope, 'if');
        this.checkYield(then, types, i.then, 'then');
        if (i.otherwise) {
          const otherwise = this.subRegion(i.otherwise, op.regions[1]!, scope, 'if');
          this.checkYield(otherwise, types, i.otherwise, 'else');
        }
        const elseProblem = ifElseProblem(types.length, i.otherwise !== undefined);
        if (elseProblem) this.error(i.pos, `if ${elseProblem}`);
        results.push(...op.results);
        break;
      }
      default:
        return unreachable(i);
    }
    if (results.length !== i.results.length) this.error(i.pos, `${i.op} returns ${count(results.length, 'value')}, ${count(i.results.length, 'identifier')} given`);
    i.results.forEach((r, k) => this.bind(scope, r.name, r.pos, results[k]!));
    // The name of a single result goes into its op's location, as a name hint that printers use and lowerings carry.
    if (results.length === 1 && results[0] instanceof OpResult) results[0].owner.loc = this.namedLoc(i.results[0]!.name, i.pos);
  }

  /** spec: If. With results, a region ends with a yield of values of the result types; a yield comes last. */
  checkYield(block: Block, types: readonly Type[], r: RegionNode, which: 'then' | 'else'): void {
    const last = block.lastOp;
    const yielded = last && ops.YieldOp.is(last) ? last.operands.map((v) => v.type) : undefined;
    const missing = ifYieldProblem(which, types.length, yielded !== undefined);
    if (missing) this.error(r.end, missing);
    const problem = yieldTypesProblem(yielded ?? [], types, 'if');
    if (problem) this.errorAt(last!.loc, problem);
  }

  signedConst(scope: Scope, c: ConstNode): number {
    return this.safeNumber(this.intConst(scope, c), c);
  }

  /**
   * The operands of a collective (spec: the BLAS instructions), after checking their types, orders, shapes and
   * element types: alpha, A, beta, B (axpby, sum) or alpha, A, B, beta, C.
   */
  collectiveOperands(i: InstOf<CollectiveName>, scope: Scope): [Value, Value, Value, Value, Value] {
    const types = i.types.map((t) => this.type(scope, t));
    const twoMemrefs = takesTwoMemrefs(i.op);
    const scalarIdx = twoMemrefs ? [0, 2] : [0, 3];
    types.forEach((t, k) => {
      const scalar = scalarIdx.includes(k);
      if (scalar && !isIntegerType(t) && !isFloatType(t)) this.error(i.types[k]!.pos, `expected a scalar type, got ${tlTypeText(t)}`);
      if (!scalar && !TlMemrefType.is(t)) this.error(i.types[k]!.pos, `expected a memref type, got ${tlTypeText(t)}`);
    });
    const values = i.operands.map((c, k) => this.operand(scope, c, types[k]!));
    const memrefs = (twoMemrefs ? [1, 3] : [1, 2, 4]).map((k) => types[k] as TlMemrefType);
    const [alpha, beta] = scalarIdx.map((k) => types[k]!);
    const problem = collectiveShapeProblem(i.op, i.trans, memrefs) ?? collectiveTypeProblem(i.op, alpha!, beta!, memrefs);
    if (problem) this.error(i.pos, `${i.op}: ${problem}`);
    return values as [Value, Value, Value, Value, Value];
  }
}

/** A `.n` / `.t` modifier (`.n` when not written) as the op's property. */
const transpose = (ctx: Context, t: 'n' | 't' | undefined): IntegerAttr => ops.Transpose.get(ctx, t ?? 'n');
const atomicAttr = (ctx: Context, atomic: boolean): UnitAttr | undefined => (atomic ? UnitAttr.get(ctx) : undefined);

/** `1 value`, `2 values`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function describe(v: DefValue): string {
  return v.k === 'int' ? 'an integer constant' : v.k === 'float' ? 'a floating constant' : v.k === 'type' ? 'a type' : 'an attribute';
}

/** A C floating constant (decimal or hexadecimal), as strtod reads it. */
export function parseFloatText(text: string): number {
  const neg = text.startsWith('-');
  const t = text.replace(/^[+-]/, '');
  if (!/^0[xX]/.test(t)) return Number(text);
  const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/.exec(t)!;
  const int = m[1] ?? '';
  const frac = m[2] ?? '';
  let v = 0;
  for (const ch of int + frac) v = v * 16 + parseInt(ch, 16);
  const exp = Number(m[3] ?? 0) - 4 * frac.length;
  const r = v * 2 ** exp;
  return neg ? -r : r;
}

/**
 * Why an integer constant does not fit its type, as MLIR's `300 : i8` is rejected: a signless integer of width w
 * holds -2^(w-1) .. 2^w-1 (the upper half written unsigned, e.g. 255 for the bits of -1 in i8).
 */
function integerRangeProblem(v: bigint, t: Type): string | undefined {
  if (!(t instanceof IntegerType) || t.width >= 64) return undefined;
  const w = BigInt(t.width);
  if (v >= -(1n << (w - 1n)) && v < 1n << w) return undefined;
  return `integer constant ${v} does not fit in ${tlTypeText(t)}`;
}

/** An integer constant as the (signed) bits of its integer type. */
function asSignedBits(v: bigint, t: Type): bigint {
  return t instanceof IntegerType ? BigInt.asIntN(t.width, v) : v;
}

/** Whether only white space and comments follow `offset`: a parse that failed there ran out of input. */
function atEndOfInput(text: string, offset: number): boolean {
  return /^(?:\s|;[^\n]*)*$/.test(text.slice(offset));
}

/** The deepest nest of '{' and '[' the front end takes (regions, array and dictionary attributes). */
const MAX_NESTING = 100;

/**
 * Calls `visit` with each bracket of `text` (`{`, `}`, `[`, `]`) and its offset, comments and string attributes
 * skipped, until `visit` returns a number, which is returned.
 */
function scanBrackets(text: string, visit: (c: string, i: number) => number | undefined): number | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') i++;
    } else if (c === '{' || c === '}' || c === '[' || c === ']') {
      const r = visit(c, i);
      if (r !== undefined) return r;
    }
  }
  return undefined;
}

/** The offset of the first '{' or '[' (outside comments and strings) more than `limit` levels deep, if any. */
function firstTooDeep(text: string, limit: number): number | undefined {
  let depth = 0;
  return scanBrackets(text, (c, i) => {
    if (c === '{' || c === '[') return ++depth > limit ? i : undefined;
    depth = Math.max(0, depth - 1);
    return undefined;
  });
}

/** The offset of the innermost `{` that no `}` closes (comments and string attributes skipped), if any. */
function unclosedBrace(text: string): number | undefined {
  const open: number[] = [];
  scanBrackets(text, (c, i) => {
    if (c === '{') open.push(i);
    else if (c === '}') open.pop();
    return undefined;
  });
  return open.at(-1);
}

/** What every malformed !calc expression is told. */
const CALC_IS_POSTFIX = 'the expression is postfix, reverse Polish: operands first, then their operator, as in !calc($a 1 - $b / 1 +)';

/** A !calc stack as the messages show it, bottom first. */
function calcStack(stack: readonly bigint[]): string {
  return `[${stack.join(', ')}]`;
}
