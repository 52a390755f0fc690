import type fc from 'fast-check';
import { layoutIsValid, memrefText, modelExpand, modelFuse, modelSubview, packedStrides, type ExpandEntry, type ModelLayout, type Size, type Slice } from '../../../dialects/tl/test/view-rules-model.js';

/**
 * A generator of well-typed tensor-language programs (spec/tensor-language.txt, spec/preprocessor.txt) for the
 * property tests: functions with scalar, memref and group arguments and work-group attributes; scalar arithmetic,
 * comparisons and casts; alloca, loads, stores, sizes; subview/expand/fuse views (result types from the
 * independent model in view-rules-model.ts); for/foreach/if nesting (if with results and yields); the collectives
 * with compatible shapes; barriers and lifetime_stop; compile-time variables (constants, types, aliases, !calc,
 * attributes) at global and region scope, used in place of constants and types. Every program it writes is valid
 * by construction; the front end must accept it.
 *
 * It draws every decision from a `Choices` source, so fast-check can drive (and shrink) it through `fc.gen()`.
 */
export interface Choices {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `percent` / 100. */
  chance(percent: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** Choices drawn from fast-check's `fc.gen()` (so generated programs shrink). */
export function choicesFrom(g: fc.GeneratorValue, arb: typeof fc): Choices {
  return {
    int: (min, max) => g(arb.integer, { min, max }),
    chance: (percent) => g(arb.integer, { min: 0, max: 99 }) < percent,
    pick: (items) => items[g(arb.integer, { min: 0, max: items.length - 1 })]!,
  };
}

type ScalarName = 'i1' | 'i8' | 'i16' | 'i32' | 'i64' | 'index' | 'f32' | 'f64';
const INTEGER_TYPES: readonly ScalarName[] = ['i8', 'i16', 'i32', 'i64', 'index'];
const FLOAT_TYPES: readonly ScalarName[] = ['f32', 'f64'];
const SCALAR_TYPES: readonly ScalarName[] = ['i1', ...INTEGER_TYPES, ...FLOAT_TYPES];
const isFloat = (s: ScalarName): boolean => s === 'f32' || s === 'f64';

interface MemrefT {
  readonly k: 'memref';
  readonly elem: ScalarName;
  readonly layout: ModelLayout;
}
type TlT = { readonly k: 'scalar'; readonly s: ScalarName } | MemrefT | { readonly k: 'group'; readonly memref: MemrefT; readonly offset: Size };

const scalar = (s: ScalarName): TlT => ({ k: 'scalar', s });

/** The canonical text of a type (how it is compared: two types are equal when their texts are). */
function canonical(t: TlT): string {
  if (t.k === 'scalar') return t.s;
  if (t.k === 'memref') return memrefText(t.elem, t.layout);
  return `group<${canonical(t.memref)}${t.offset !== 0 ? `, offset: ${t.offset}` : ''}>`;
}

interface Val {
  readonly name: string;
  readonly type: TlT;
  /** The result of an alloca (lifetime_stop takes those). */
  readonly alloca?: boolean;
  /** After lifetime_stop: still bound (the name is taken), no longer used. */
  stopped?: boolean;
}

type DefValue =
  | { readonly k: 'int'; readonly v: bigint; readonly bool?: boolean }
  | { readonly k: 'float'; readonly text: string }
  | { readonly k: 'type'; readonly t: TlT }
  | { readonly k: 'attr' };

interface Scope {
  readonly parent?: Scope;
  readonly vals: Val[];
  readonly defs: Map<string, DefValue>;
  /** Names of values and definitions of closed sub-scopes: free again here, so worth reusing. */
  readonly freed: string[];
}

const INT63 = (1n << 63n) - 1n;

/** One generated program: its text, and how many instructions and definitions it has. */
export interface GeneratedProgram {
  readonly text: string;
  readonly instructions: number;
  readonly definitions: number;
}

/** Writes a random valid program. `size` scales the number of instructions (about 10 to 60 at 1). */
export function generateProgram(ch: Choices, size = 1): GeneratedProgram {
  return new ProgramWriter(ch, size).program();
}

class ProgramWriter {
  private readonly lines: string[] = [];
  private instructions = 0;
  private definitions = 0;
  private fresh = 0;

  constructor(
    private readonly ch: Choices,
    private readonly size: number,
  ) {}

  program(): GeneratedProgram {
    const global: Scope = { vals: [], defs: new Map(), freed: [] };
    const functions = this.ch.int(1, 2);
    for (let f = 0; f < functions; f++) {
      for (let k = this.ch.int(0, 3); k > 0; k--) this.definition(global, '');
      this.func(global, `f${f}`);
    }
    return { text: this.lines.join('\n') + '\n', instructions: this.instructions, definitions: this.definitions };
  }

  // ---- names, constants, types ------------------------------------------------------------------------------

  private name(scope: Scope, prefix: '%' | '$'): string {
    const taken = new Set<string>();
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      for (const v of s.vals) taken.add(v.name);
      for (const d of s.defs.keys()) taken.add(d);
    }
    const reusable = [...new Set(scope.freed)].filter((n) => n.startsWith(prefix) && !taken.has(n));
    if (reusable.length && this.ch.chance(20)) return this.ch.pick(reusable);
    const id = this.fresh++;
    // Named and unnamed identifiers (spec: identifier = 1*DIGIT / ALPHA *(ALPHA / DIGIT / "_")).
    return prefix === '%' ? this.ch.pick([`%${id}`, `%v${id}`, `%x_${id}`]) : this.ch.pick([`$d${id}`, `$D_${id}`]);
  }

  private visibleDefs(scope: Scope): [string, DefValue][] {
    const out: [string, DefValue][] = [];
    for (let s: Scope | undefined = scope; s; s = s.parent) out.push(...s.defs);
    return out;
  }

  private visibleVals(scope: Scope, ok: (v: Val) => boolean): Val[] {
    const out: Val[] = [];
    for (let s: Scope | undefined = scope; s; s = s.parent) out.push(...s.vals.filter((v) => !v.stopped && ok(v)));
    return out;
  }

  /** An integer constant's text: the number, or now and then a compile-time variable that holds it. */
  private intText(scope: Scope, v: bigint | number): string {
    const big = BigInt(v);
    const defs = this.visibleDefs(scope).filter(([, d]) => d.k === 'int' && d.v === big && !d.bool);
    if (defs.length && this.ch.chance(40)) return this.ch.pick(defs)[0];
    return String(big);
  }

  /** A constant of scalar type `s` (wrapping integers out of a narrow type's range, as the language does). */
  private constant(scope: Scope, s: ScalarName): string {
    if (s === 'i1') {
      const defs = this.visibleDefs(scope).filter(([, d]) => d.k === 'int' && d.bool);
      if (defs.length && this.ch.chance(30)) return this.ch.pick(defs)[0];
      return this.ch.pick(['true', 'false', '0', '1']);
    }
    if (isFloat(s)) {
      const defs = this.visibleDefs(scope).filter(([, d]) => d.k === 'float' || (d.k === 'int' && !d.bool));
      if (defs.length && this.ch.chance(25)) return this.ch.pick(defs)[0];
      if (this.ch.chance(15)) return String(this.ch.int(-20, 20));
      return this.floatText();
    }
    // An integer constant must fit its type (-2^(w-1) .. 2^w-1 for i8, i16, i32; the 63-bit range otherwise).
    const width = s === 'i8' ? 8n : s === 'i16' ? 16n : s === 'i32' ? 32n : undefined;
    const fits = (v: bigint): boolean => width === undefined || (v >= -(1n << (width - 1n)) && v < 1n << width);
    const r = this.ch.int(0, 9);
    if (r < 6) return this.intText(scope, this.ch.int(s === 'index' ? 0 : -16, 64));
    const wide = BigInt(this.ch.int(-100000, 100000));
    if (r < 8 && fits(wide)) return this.intText(scope, wide);
    return String(this.ch.pick([INT63, -INT63, 255n, -128n, 127n, -129n, 65535n, 65536n, 2147483648n, 4294967295n].filter(fits)));
  }

  /** Floating constants in the spec's C syntax (decimal and hexadecimal). */
  private floatText(): string {
    const mantissa = `${this.ch.int(0, 99)}.${this.ch.int(0, 999)}`;
    const sign = this.ch.pick(['', '', '-', '+']);
    switch (this.ch.int(0, 7)) {
      case 0:
        return `${sign}${mantissa}e${this.ch.int(-30, 30)}`;
      case 1:
        return `${sign}.${this.ch.int(0, 99)}`;
      case 2:
        return `${sign}${this.ch.int(0, 99)}.`;
      case 3:
        return `${sign}${this.ch.int(1, 9)}e${this.ch.pick(['', '+', '-'])}${this.ch.int(0, 20)}`;
      case 4:
        return `${sign}${this.ch.pick(['0x1.8p1', '0x1p-3', '0x.8', '0xa.bP+2', '0XFp0', '0x1.', '0x10p-2'])}`;
      case 5:
        return this.ch.pick(['0.0', '-0.0', '1.0', '0.1', '1.0e-45', '3.4e38']);
      default:
        return `${sign}${mantissa}`;
    }
  }

  /** A type's text: canonical, or spelled with compile-time variables where some hold it or its parts. */
  private typeText(scope: Scope, t: TlT): string {
    const want = canonical(t);
    const defs = this.visibleDefs(scope).filter(([, d]) => d.k === 'type' && canonical(d.t) === want);
    if (defs.length && this.ch.chance(50)) return this.ch.pick(defs)[0];
    if (t.k === 'scalar') return t.s;
    if (t.k === 'group') {
      const offset = t.offset !== 0 || this.ch.chance(10) ? `, offset: ${t.offset === '?' ? '?' : this.intText(scope, t.offset)}` : '';
      return `group<${this.typeText(scope, t.memref)}${offset}>`;
    }
    const { shape, strides } = t.layout;
    const packed = packedStrides(shape);
    const writeLayout = strides.some((s, i) => s !== packed[i]) || this.ch.chance(15);
    const num = (n: Size): string => (n === '?' ? '?' : this.intText(scope, n));
    const elem = this.typeText(scope, scalar(t.elem));
    const dims = shape.map(num);
    // `x` must be apart from a variable's name (`$nx4` would be one name).
    const body = [elem, ...dims].some((p) => p.startsWith('$')) ? [elem, ...dims].join(' x ') : [elem, ...dims].join('x');
    return `memref<${body}${writeLayout ? `,strided<${strides.map(num).join(',')}>` : ''}>`;
  }

  private randomLayout(maxOrder: number, allowDynamic: boolean): ModelLayout {
    const shape: Size[] = [];
    for (let i = this.ch.int(0, maxOrder); i > 0; i--) shape.push(allowDynamic && this.ch.chance(20) ? '?' : this.ch.int(1, 8));
    const strides: Size[] = [];
    for (let i = 0; i < shape.length; i++) {
      if (allowDynamic && this.ch.chance(10)) strides.push('?');
      else if (i === 0) strides.push(this.ch.chance(80) ? 1 : this.ch.int(2, 3));
      else {
        const [prev, n] = [strides[i - 1]!, shape[i - 1]!];
        const gap = this.ch.chance(70) ? 0 : this.ch.int(1, 4);
        strides.push(prev !== '?' && n !== '?' ? prev * n + gap : 64 * i + gap);
      }
    }
    if (!layoutIsValid(shape, strides)) throw new Error(`generator made an invalid layout ${JSON.stringify({ shape, strides })}`);
    return { shape, strides };
  }

  private randomMemref(allowDynamic: boolean, elems: readonly ScalarName[] = ['f32', 'f32', 'f64', 'i32', 'i64', 'index', 'i8', 'i16']): MemrefT {
    return { k: 'memref', elem: this.ch.pick(elems), layout: this.randomLayout(3, allowDynamic) };
  }

  /** A static memref of this shape with the packed layout (what alloca makes). */
  private staticMemref(elem: ScalarName, shape: readonly Size[]): MemrefT {
    const s = shape.map((n) => (n === '?' ? this.ch.int(1, 8) : n));
    return { k: 'memref', elem, layout: { shape: s, strides: packedStrides(s) } };
  }

  // ---- output -------------------------------------------------------------------------------------------------

  private emit(indent: string, text: string): void {
    this.lines.push(indent + text);
    this.instructions++;
  }

  private bind(scope: Scope, type: TlT, alloca = false): string {
    const name = this.name(scope, '%');
    scope.vals.push({ name, type, alloca });
    return name;
  }

  /** A scalar operand: a visible value of the type, or a constant. */
  private operand(scope: Scope, s: ScalarName): string {
    const vals = this.visibleVals(scope, (v) => v.type.k === 'scalar' && v.type.s === s);
    return vals.length && this.ch.chance(60) ? this.ch.pick(vals).name : this.constant(scope, s);
  }

  private index(scope: Scope): string {
    return this.operand(scope, 'index');
  }

  /**
   * An index of a load or store into a mode of size `size`: a value, or a constant inside the mode when its size is
   * known (a constant outside it is an error of the front end); undefined for a mode of size 0 with no index value.
   */
  private accessIndex(scope: Scope, size: Size): string | undefined {
    if (size === '?') return this.index(scope);
    const vals = this.visibleVals(scope, (v) => v.type.k === 'scalar' && v.type.s === 'index');
    if (vals.length && (size === 0 || this.ch.chance(60))) return this.ch.pick(vals).name;
    return size === 0 ? undefined : this.intText(scope, this.ch.int(0, size - 1));
  }

  // ---- compile-time definitions -------------------------------------------------------------------------------

  private definition(scope: Scope, indent: string): void {
    const name = this.name(scope, '$');
    let rhs: string;
    let value: DefValue;
    const r = this.ch.int(0, 11);
    if (r < 3) {
      const v = BigInt(this.ch.int(0, 16));
      [rhs, value] = [this.intText(scope, v), { k: 'int', v }];
    } else if (r < 4) {
      const b = this.ch.chance(50);
      [rhs, value] = [b ? 'true' : 'false', { k: 'int', v: b ? 1n : 0n, bool: true }];
    } else if (r < 5) {
      const text = this.floatText();
      [rhs, value] = [text, { k: 'float', text }];
    } else if (r < 7) {
      const t: TlT = this.ch.chance(50) ? scalar(this.ch.pick(SCALAR_TYPES)) : this.randomMemref(true);
      [rhs, value] = [this.typeText(scope, t), { k: 'type', t }];
    } else if (r < 8) {
      const t: TlT = { k: 'group', memref: this.randomMemref(true), offset: this.ch.chance(50) ? 0 : this.ch.chance(50) ? '?' : this.ch.int(1, 9) };
      [rhs, value] = [this.typeText(scope, t), { k: 'type', t }];
    } else if (r < 10) {
      const { text, v } = this.calc(scope);
      [rhs, value] = [`!calc(${text})`, { k: 'int', v }];
    } else if (r < 11) {
      const defs = this.visibleDefs(scope);
      if (!defs.length) return;
      const [alias, v] = this.ch.pick(defs);
      [rhs, value] = [alias, v];
    } else {
      [rhs, value] = [this.ch.pick(['[1, 2.5, "s", f32]', '{a = 1, "b c" = [], d = {e = i8}}', '"a string"', '[]', '{}', `[${this.intText(scope, 3)}]`]), { k: 'attr' }];
    }
    this.lines.push(`${indent}${name} = ${rhs}`);
    this.definitions++;
    scope.defs.set(name, value);
  }

  /** A !calc expression in reverse Polish notation with its value (operands kept small and non-negative). */
  private calc(scope: Scope): { text: string; v: bigint } {
    const tokens: string[] = [];
    const stack: bigint[] = [];
    const push = (): void => {
      const v = BigInt(this.ch.int(0, 12));
      tokens.push(this.intText(scope, v));
      stack.push(v);
    };
    push();
    for (let n = this.ch.int(0, 4); n > 0; n--) {
      push();
      const b = stack.pop()!;
      const a = stack.pop()!;
      const ops: [string, bigint | undefined][] = [
        ['+', a + b],
        ['-', a - b],
        ['*', a * b],
        ['/', a >= 0n && b > 0n ? a / b : undefined],
        ['%', a >= 0n && b > 0n ? a % b : undefined],
        ['^', b <= 3n && a >= 0n ? a ** b : undefined],
        ['min', a < b ? a : b],
        ['max', a > b ? a : b],
      ];
      const [op, r] = this.ch.pick(ops.filter(([, x]) => x !== undefined));
      tokens.push(op);
      stack.push(r!);
    }
    return { text: tokens.join(' '), v: stack[0]! };
  }

  // ---- functions and regions ----------------------------------------------------------------------------------

  private func(global: Scope, name: string): void {
    const scope: Scope = { parent: global, vals: [], defs: new Map(), freed: [] };
    const args: string[] = [];
    for (let k = this.ch.int(0, 5); k > 0; k--) {
      const r = this.ch.int(0, 9);
      const t: TlT =
        r < 4 ? scalar(this.ch.pick(SCALAR_TYPES)) : r < 8 ? this.randomMemref(true) : { k: 'group', memref: this.randomMemref(true), offset: this.ch.pick<Size>([0, '?', 4]) };
      const n = this.bind(scope, t);
      args.push(`${n}: ${this.typeText(global, t)}`);
    }
    let attrs = '';
    if (this.ch.chance(30)) {
      const sgs = this.ch.pick([8, 16, 32]);
      const m = sgs * this.ch.int(1, 4);
      attrs += ` work_group_size(${this.intText(global, m)},${this.intText(global, this.ch.int(1, Math.floor(1024 / m)))})`;
      if (this.ch.chance(50)) attrs += ` subgroup_size(${sgs})`;
    }
    this.lines.push(`func @${name}(${args.join(', ')})${attrs} {`);
    this.body(scope, '  ', 0, false, this.ch.int(3, Math.round(25 * this.size)));
    this.lines.push('}');
  }

  /** Instructions (and now and then a definition) into a region. */
  private body(scope: Scope, indent: string, depth: number, spmd: boolean, n: number): void {
    for (let k = 0; k < n; k++) {
      if (this.ch.chance(8)) this.definition(scope, indent);
      else this.instruction(scope, indent, depth, spmd);
    }
  }

  /** Runs `fill` in a new sub-scope; afterwards its names are free again in `scope`. */
  private subScope(scope: Scope, fill: (inner: Scope) => void): void {
    const inner: Scope = { parent: scope, vals: [], defs: new Map(), freed: [...scope.freed] };
    fill(inner);
    scope.freed.push(...inner.vals.map((v) => v.name), ...inner.defs.keys());
  }

  private instruction(scope: Scope, indent: string, depth: number, spmd: boolean): void {
    const choices: [number, () => boolean][] = [
      [10, () => this.arith(scope, indent)],
      [3, () => this.arithUnary(scope, indent)],
      [3, () => this.cast(scope, indent)],
      [4, () => this.cmp(scope, indent)],
      [2, () => (this.emit(indent, `${this.bind(scope, scalar('index'))} = ${this.ch.pick(['group_id', 'group_size'])}`), true)],
      [4, () => this.load(scope, indent)],
      [3, () => this.store(scope, indent)],
      [2, () => this.sizeOf(scope, indent)],
      [5, () => this.subview(scope, indent)],
      [3, () => this.expand(scope, indent)],
      [2, () => this.fuse(scope, indent)],
      [depth < 3 ? 3 : 0, () => this.forLoop(scope, indent, depth, spmd)],
      [depth < 3 && !spmd ? 2 : 0, () => this.foreach(scope, indent, depth)],
      [depth < 3 ? 3 : 0, () => this.ifInstruction(scope, indent, depth, spmd)],
      [spmd ? 0 : 3, () => this.alloca(scope, indent)],
      [spmd ? 0 : 4, () => this.collective(scope, indent)],
      [spmd ? 0 : 1, () => (this.emit(indent, 'barrier'), true)],
      [spmd ? 0 : 1, () => this.lifetimeStop(scope, indent)],
    ];
    const total = choices.reduce((a, [w]) => a + w, 0);
    for (let attempt = 0; attempt < 4; attempt++) {
      let r = this.ch.int(0, total - 1);
      for (const [w, make] of choices) {
        if ((r -= w) < 0) {
          if (make()) return;
          break;
        }
      }
    }
    this.arith(scope, indent);
  }

  // ---- scalar instructions ------------------------------------------------------------------------------------

  private arith(scope: Scope, indent: string): boolean {
    const s = this.ch.pick(SCALAR_TYPES);
    const kinds = s === 'i1' ? ['and', 'or', 'xor'] : isFloat(s) ? ['add', 'sub', 'mul', 'div', 'rem'] : ['add', 'sub', 'mul', 'div', 'rem', 'shl', 'shr', 'and', 'or', 'xor'];
    const [a, b] = [this.operand(scope, s), this.operand(scope, s)];
    const r = this.bind(scope, scalar(s));
    this.emit(indent, `${r} = arith.${this.ch.pick(kinds)} ${a}, ${b} : ${this.typeText(scope, scalar(s))}`);
    return true;
  }

  private arithUnary(scope: Scope, indent: string): boolean {
    const s = this.ch.pick(SCALAR_TYPES);
    const kind = s === 'i1' ? 'not' : isFloat(s) ? 'neg' : this.ch.pick(['neg', 'not']);
    const a = this.operand(scope, s);
    this.emit(indent, `${this.bind(scope, scalar(s))} = arith.${kind} ${a} : ${this.typeText(scope, scalar(s))}`);
    return true;
  }

  private cast(scope: Scope, indent: string): boolean {
    const numeric = SCALAR_TYPES.filter((s) => s !== 'i1');
    const [from, to] = [this.ch.pick(numeric), this.ch.pick(numeric)];
    const a = this.operand(scope, from);
    this.emit(indent, `${this.bind(scope, scalar(to))} = cast ${a} : ${this.typeText(scope, scalar(from))} -> ${this.typeText(scope, scalar(to))}`);
    return true;
  }

  private cmp(scope: Scope, indent: string): boolean {
    const s = this.ch.pick(SCALAR_TYPES.filter((x) => x !== 'i1'));
    const [a, b] = [this.operand(scope, s), this.operand(scope, s)];
    const cond = this.ch.pick(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
    this.emit(indent, `${this.bind(scope, scalar('i1'))} = cmp.${cond} ${a}, ${b} : ${this.typeText(scope, scalar(s))}`);
    return true;
  }

  // ---- memory -------------------------------------------------------------------------------------------------

  private memrefs(scope: Scope, ok: (t: MemrefT) => boolean = () => true): (Val & { type: MemrefT })[] {
    return this.visibleVals(scope, (v) => v.type.k === 'memref' && ok(v.type)) as (Val & { type: MemrefT })[];
  }

  private alloca(scope: Scope, indent: string): boolean {
    const t = this.staticMemref(this.ch.pick(['f32', 'f64', 'i32', 'index']), this.randomLayout(3, false).shape);
    this.emit(indent, `${this.bind(scope, t, true)} = alloca -> ${this.typeText(scope, t)}`);
    return true;
  }

  private load(scope: Scope, indent: string): boolean {
    const sources = this.visibleVals(scope, (v) => v.type.k !== 'scalar');
    if (!sources.length) return false;
    const src = this.ch.pick(sources);
    const t = src.type;
    if (t.k === 'group') {
      const i = this.index(scope);
      this.emit(indent, `${this.bind(scope, t.memref)} = load ${src.name}[${i}] : ${this.typeText(scope, t)}`);
    } else if (t.k === 'memref') {
      const idx = t.layout.shape.map((size) => this.accessIndex(scope, size));
      if (idx.includes(undefined)) return false;
      this.emit(indent, `${this.bind(scope, scalar(t.elem))} = load ${src.name}[${idx.join(', ')}] : ${this.typeText(scope, t)}`);
    }
    return true;
  }

  private store(scope: Scope, indent: string): boolean {
    const ms = this.memrefs(scope);
    if (!ms.length) return false;
    const m = this.ch.pick(ms);
    const v = this.operand(scope, m.type.elem);
    const idx = m.type.layout.shape.map((size) => this.accessIndex(scope, size));
    if (idx.includes(undefined)) return false;
    this.emit(indent, `store ${v}, ${m.name}[${idx.join(',')}] : ${this.typeText(scope, m.type)}`);
    return true;
  }

  private sizeOf(scope: Scope, indent: string): boolean {
    const ms = this.memrefs(scope, (t) => t.layout.shape.length > 0);
    if (!ms.length) return false;
    const m = this.ch.pick(ms);
    const mode = this.ch.int(0, m.type.layout.shape.length - 1);
    this.emit(indent, `${this.bind(scope, scalar('index'))} = size ${m.name}[${this.intText(scope, mode)}] : ${this.typeText(scope, m.type)}`);
    return true;
  }

  private viewResult(scope: Scope, indent: string, m: Val & { type: MemrefT }, inst: string, layout: ModelLayout | undefined): boolean {
    if (!layout) return false;
    const t: MemrefT = { k: 'memref', elem: m.type.elem, layout };
    this.emit(indent, `${this.bind(scope, t)} = ${inst} : ${this.typeText(scope, m.type)}`);
    return true;
  }

  private subview(scope: Scope, indent: string): boolean {
    const ms = this.memrefs(scope);
    if (!ms.length) return false;
    const m = this.ch.pick(ms);
    const slices: Slice[] = [];
    const texts: string[] = [];
    // Offsets and sizes that are values (the model does not know them): SSA values of index type only.
    const indexValues = this.visibleVals(scope, (v) => v.type.k === 'scalar' && v.type.s === 'index');
    const indexValue = (): string => this.ch.pick(indexValues).name;
    for (const mode of m.type.layout.shape) {
      const hi = mode === '?' ? 16 : mode - 1;
      if (hi < 0) return false;
      const offsetIsValue = indexValues.length > 0 && this.ch.chance(30);
      const offsetValue = offsetIsValue ? 0 : this.ch.int(0, hi);
      const offsetText = offsetIsValue ? indexValue() : this.intText(scope, offsetValue);
      const offset = offsetIsValue ? ({ k: 'value' } as const) : ({ k: 'const', v: offsetValue } as const);
      const r = this.ch.int(0, 9);
      if (r < 2) {
        slices.push({ k: 'index', offset });
        texts.push(offsetText);
      } else if (r < 4) {
        slices.push({ k: 'full' });
        texts.push(':');
      } else if (r < 6) {
        slices.push({ k: 'range', offset, size: { k: 'dyn' } });
        texts.push(`${offsetText}:?`);
      } else if (r < 8 || mode === '?' || !indexValues.length) {
        const room = mode === '?' ? 16 : mode - offsetValue;
        const size = this.ch.int(1, Math.max(1, room));
        slices.push({ k: 'range', offset, size: { k: 'const', v: size } });
        texts.push(`${offsetText}:${this.intText(scope, size)}`);
      } else {
        slices.push({ k: 'range', offset, size: { k: 'value' } });
        texts.push(`${offsetText}:${indexValue()}`);
      }
    }
    return this.viewResult(scope, indent, m, `subview ${m.name}[${texts.join(this.ch.pick([',', ', ']))}]`, modelSubview(m.type.layout, slices));
  }

  private expand(scope: Scope, indent: string): boolean {
    const ms = this.memrefs(scope, (t) => t.layout.shape.length > 0);
    if (!ms.length) return false;
    const m = this.ch.pick(ms);
    const mode = this.ch.int(0, m.type.layout.shape.length - 1);
    const size = m.type.layout.shape[mode]!;
    // A factorization of the mode size (any factors when it is dynamic), then maybe one `?` or value.
    const factors: number[] = [];
    let rest = size === '?' ? this.ch.int(1, 12) : size;
    for (let n = this.ch.int(1, 2); n > 0; n--) {
      const f = this.ch.int(1, 4);
      factors.push(rest % f === 0 ? f : 1);
      rest /= factors[factors.length - 1]!;
    }
    factors.push(rest);
    const entries: ExpandEntry[] = factors.map((v) => ({ k: 'const', v }));
    const texts = factors.map((f) => this.intText(scope, f));
    const at = this.ch.int(0, entries.length - 1);
    const r = this.ch.int(0, 3);
    if (r === 1) [entries[at], texts[at]] = [{ k: 'dyn' }, '?'];
    const indexValues = this.visibleVals(scope, (v) => v.type.k === 'scalar' && v.type.s === 'index');
    if (r === 2 && indexValues.length) [entries[at], texts[at]] = [{ k: 'value' }, this.ch.pick(indexValues).name];
    // `x` must be apart from a name (`%nx4` would be one name).
    const x = texts.some((t) => /^[%$]/.test(t)) ? ' x ' : this.ch.pick(['x', ' x ']);
    return this.viewResult(scope, indent, m, `expand ${m.name}[${this.intText(scope, mode)} -> ${texts.join(x)}]`, modelExpand(m.type.layout, mode, entries));
  }

  private fuse(scope: Scope, indent: string): boolean {
    const ms = this.memrefs(scope, (t) => t.layout.shape.length >= 2);
    if (!ms.length) return false;
    const m = this.ch.pick(ms);
    const order = m.type.layout.shape.length;
    const from = this.ch.int(0, order - 2);
    const to = this.ch.int(from + 1, order - 1);
    return this.viewResult(scope, indent, m, `fuse ${m.name}[${this.intText(scope, from)},${this.intText(scope, to)}]`, modelFuse(m.type.layout, from, to));
  }

  private lifetimeStop(scope: Scope, indent: string): boolean {
    const allocas = scope.vals.filter((v) => v.alloca && !v.stopped);
    if (!allocas.length) return false;
    const a = this.ch.pick(allocas);
    this.emit(indent, `lifetime_stop ${a.name}`);
    a.stopped = true;
    return true;
  }

  // ---- control flow -------------------------------------------------------------------------------------------

  private loopHeader(scope: Scope, withStep: boolean): { type: ScalarName; text: string } {
    const type: ScalarName = this.ch.chance(70) ? 'index' : this.ch.pick(['i8', 'i16', 'i32', 'i64']);
    const bounds = [this.operand(scope, type), this.operand(scope, type)];
    if (withStep && this.ch.chance(40)) {
      const steps = this.visibleVals(scope, (v) => v.type.k === 'scalar' && v.type.s === type);
      bounds.push(steps.length && this.ch.chance(30) ? this.ch.pick(steps).name : this.intText(scope, this.ch.int(1, 4)));
    }
    const typeText = type === 'index' && this.ch.chance(60) ? '' : ` : ${this.ch.chance(20) ? this.typeText(scope, scalar(type)) : type}`;
    return { type, text: `${bounds.join(', ')}${typeText}` };
  }

  private forLoop(scope: Scope, indent: string, depth: number, spmd: boolean): boolean {
    const { type, text } = this.loopHeader(scope, true);
    this.subScope(scope, (inner) => {
      const iv = this.bind(inner, scalar(type));
      this.emit(indent, `for ${iv} = ${text} {`);
      this.body(inner, indent + '  ', depth + 1, spmd, this.ch.int(0, 5));
      this.lines.push(`${indent}}`);
    });
    return true;
  }

  private foreach(scope: Scope, indent: string, depth: number): boolean {
    const { type, text } = this.loopHeader(scope, false);
    this.subScope(scope, (inner) => {
      const iv = this.bind(inner, scalar(type));
      this.emit(indent, `foreach ${iv} = ${text} {`);
      this.body(inner, indent + '  ', depth + 1, true, this.ch.int(0, 5));
      this.lines.push(`${indent}}`);
    });
    return true;
  }

  private ifInstruction(scope: Scope, indent: string, depth: number, spmd: boolean): boolean {
    const cond = this.operand(scope, 'i1');
    const types: ScalarName[] = [];
    for (let n = this.ch.chance(50) ? this.ch.int(1, 2) : 0; n > 0; n--) types.push(this.ch.pick(SCALAR_TYPES));
    const withElse = types.length > 0 || this.ch.chance(50);
    // The results are bound after the regions (they are not visible inside).
    const headerAt = this.lines.length;
    this.instructions++;
    const region = (): void =>
      this.subScope(scope, (inner) => {
        this.body(inner, indent + '  ', depth + 1, spmd, this.ch.int(0, 4));
        if (types.length) {
          const values = types.map((s) => this.operand(inner, s));
          this.emit(indent + '  ', `yield ${values.join(', ')} : ${types.map((s) => this.typeText(inner, scalar(s))).join(', ')}`);
        }
      });
    region();
    if (withElse) {
      this.lines.push(`${indent}} else {`);
      region();
    }
    this.lines.push(`${indent}}`);
    const results = types.map((s) => this.bind(scope, scalar(s)));
    const resultTypes = types.length ? ` -> (${types.map((s) => this.typeText(scope, scalar(s))).join(', ')})` : '';
    this.lines.splice(headerAt, 0, `${indent}${results.length ? `${results.join(', ')} = ` : ''}if ${cond}${resultTypes} {`);
    return true;
  }

  // ---- collectives --------------------------------------------------------------------------------------------

  /** A memref of this element type and shape (`?` matches anything): a visible one, or a new alloca. */
  private memrefOfShape(scope: Scope, indent: string, elem: ScalarName, shape: readonly Size[]): Val & { type: MemrefT } {
    const fits = (t: MemrefT): boolean =>
      t.elem === elem && t.layout.shape.length === shape.length && t.layout.shape.every((n, i) => n === '?' || shape[i] === '?' || n === shape[i]);
    const existing = this.memrefs(scope, fits);
    if (existing.length && this.ch.chance(60)) return this.ch.pick(existing);
    const t = this.staticMemref(elem, shape);
    const name = this.bind(scope, t, true);
    this.emit(indent, `${name} = alloca -> ${this.typeText(scope, t)}`);
    return { name, type: t, alloca: true };
  }

  private collective(scope: Scope, indent: string): boolean {
    const elem = this.ch.pick<ScalarName>(['f32', 'f64']);
    const scalarArg = (): string => this.operand(scope, elem);
    // Static sizes (allocas are static); visible memrefs with `?` in their place fit as well.
    const dim = (): Size => this.ch.int(1, 8);
    const trans = (): 'n' | 't' => this.ch.pick(['n', 't']);
    const atomic = this.ch.chance(20) ? '.atomic' : '';
    const comma = this.ch.chance(20) ? ',' : '';
    const T = (v: Val & { type: MemrefT }): string => this.typeText(scope, v.type);
    const e = this.typeText(scope, scalar(elem));
    const op = this.ch.pick(['axpby', 'sum', 'gemm', 'gemv', 'ger', 'hadamard_product'] as const);
    const mat = (t: 'n' | 't', rows: Size, cols: Size): Size[] => (t === 't' ? [cols, rows] : [rows, cols]);
    switch (op) {
      case 'axpby': {
        const t = trans();
        const [m, n] = [dim(), dim()];
        const matrix = this.ch.chance(50);
        const A = this.memrefOfShape(scope, indent, elem, matrix ? mat(t, m, n) : [m]);
        const B = this.memrefOfShape(scope, indent, elem, matrix ? [m, n] : [m]);
        this.emit(indent, `axpby.${t}${atomic}${comma} ${scalarArg()}, ${A.name}, ${scalarArg()}, ${B.name} : ${e}, ${T(A)}, ${e}, ${T(B)}`);
        return true;
      }
      case 'sum': {
        const t = trans();
        const m = dim();
        const matrix = this.ch.chance(50);
        const A = this.memrefOfShape(scope, indent, elem, matrix ? mat(t, m, dim()) : [m]);
        const B = this.memrefOfShape(scope, indent, elem, matrix ? [m] : []);
        this.emit(indent, `sum.${t}${atomic}${comma} ${scalarArg()}, ${A.name}, ${scalarArg()}, ${B.name} : ${e}, ${T(A)}, ${e}, ${T(B)}`);
        return true;
      }
      case 'gemm': {
        const [ta, tb] = [trans(), trans()];
        const [m, n, k] = [dim(), dim(), dim()];
        const A = this.memrefOfShape(scope, indent, elem, mat(ta, m, k));
        const B = this.memrefOfShape(scope, indent, elem, mat(tb, k, n));
        const C = this.memrefOfShape(scope, indent, elem, [m, n]);
        this.emit(indent, `gemm.${ta}.${tb}${atomic}${comma} ${scalarArg()}, ${A.name}, ${B.name}, ${scalarArg()}, ${C.name} : ${e}, ${T(A)}, ${T(B)}, ${e}, ${T(C)}`);
        return true;
      }
      case 'gemv': {
        const t = trans();
        const [m, k] = [dim(), dim()];
        const A = this.memrefOfShape(scope, indent, elem, mat(t, m, k));
        const b = this.memrefOfShape(scope, indent, elem, [k]);
        const c = this.memrefOfShape(scope, indent, elem, [m]);
        this.emit(indent, `gemv.${t}${atomic}${comma} ${scalarArg()}, ${A.name}, ${b.name}, ${scalarArg()}, ${c.name} : ${e}, ${T(A)}, ${T(b)}, ${e}, ${T(c)}`);
        return true;
      }
      case 'ger': {
        const [m, n] = [dim(), dim()];
        const a = this.memrefOfShape(scope, indent, elem, [m]);
        const b = this.memrefOfShape(scope, indent, elem, [n]);
        const C = this.memrefOfShape(scope, indent, elem, [m, n]);
        this.emit(indent, `ger${atomic}${comma} ${scalarArg()}, ${a.name}, ${b.name}, ${scalarArg()}, ${C.name} : ${e}, ${T(a)}, ${T(b)}, ${e}, ${T(C)}`);
        return true;
      }
      case 'hadamard_product': {
        const m = dim();
        const [a, b, c] = [this.memrefOfShape(scope, indent, elem, [m]), this.memrefOfShape(scope, indent, elem, [m]), this.memrefOfShape(scope, indent, elem, [m])];
        this.emit(indent, `hadamard_product${atomic}${comma} ${scalarArg()}, ${a.name}, ${b.name}, ${scalarArg()}, ${c.name} : ${e}, ${T(a)}, ${T(b)}, ${e}, ${T(c)}`);
        return true;
      }
    }
  }
}
