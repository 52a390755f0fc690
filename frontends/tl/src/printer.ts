import { BlockArgument, Diagnostic, DictionaryAttr, FloatAttr, IntegerAttr, NameLoc, OpResult, type Block, type Operation, type Value } from '@tlir/ir';
import * as ops from '@tlir/dialect-tl';
import { DYNAMIC, isBool, tlTypeText } from '@tlir/dialect-tl';
import { INSTRUCTIONS, unreachable, type InstKind } from './ast.js';

/**
 * Prints a module of `tl.func`s as tensor-language text that the front end reads back to the same IR:
 * `tl.constant`s are written in place at their uses (the front end makes one per use again), values are named
 * after their name locations (`%alpha`, `%acc`: the names the front end read) or numbered `%0, %1, ...`. Returns a diagnostic for an op that has no tensor-language form.
 */
export function printTensorLanguage(module: Operation, options: { names?: boolean } = {}): string | Diagnostic {
  const p = new TlPrinter(options.names ?? true);
  // The language has no syntax for discardable attributes (a gemm's `{schedule = "..."}`, an annotation): printing
  // without them would silently change what a lowering of the text does, so they are an error.
  let dropped: Diagnostic | undefined;
  module.walk((op) => {
    const attr = op.attributes.entries[0]?.name ?? (ops.FuncOp.is(op) ? funcPropertyNotPrinted(op) : undefined);
    if (attr === undefined) return 'advance';
    dropped = new Diagnostic('error', op.loc, `'${op.name}' has the attribute '${attr}', which the tensor language cannot hold (--emit=tl would drop it)`);
    return 'interrupt';
  }, 'pre');
  if (dropped) return dropped;
  try {
    for (const op of module.regions[0]?.entryBlock.ops() ?? []) {
      if (!ops.FuncOp.is(op)) throw op;
      p.func(op);
    }
  } catch (e) {
    if (e instanceof Object && 'opName' in e) {
      const op = e as Operation;
      return new Diagnostic('error', op.loc, `'${op.name}' has no tensor-language form (--emit=tl prints tl functions only)`);
    }
    throw e;
  }
  return p.out.join('');
}

/** A property of a tl.func that `func @name(...)` cannot write: its visibility, attributes of its arguments. */
function funcPropertyNotPrinted(op: Operation): string | undefined {
  const f = ops.FuncOp.wrap(op);
  if (f.sym_visibility) return 'sym_visibility';
  const nonEmpty = (a: typeof f.arg_attrs): boolean => a !== undefined && a.elements.some((d) => !(d instanceof DictionaryAttr) || d.entries.length > 0);
  if (nonEmpty(f.arg_attrs)) return 'arg_attrs';
  if (nonEmpty(f.res_attrs)) return 'res_attrs';
  return undefined;
}

const num = (n: number): string => (n === DYNAMIC ? '?' : String(n));

/** The name a value's location gives it (an argument's own, a single result's op's), if it is an identifier. */
function nameHint(v: Value): string | undefined {
  const loc = v instanceof BlockArgument ? v.loc : v instanceof OpResult && v.owner.numResults === 1 ? v.owner.loc : undefined;
  return loc instanceof NameLoc && /^[A-Za-z][A-Za-z0-9_]*$/.test(loc.name) ? loc.name : undefined;
}

/**
 * A floating constant that reads back as the same value: the shortest decimal, keeping the sign of -0.0. An f32
 * constant beyond f32's range (1e39 is a double, so allowed) holds infinity, which the language cannot spell:
 * 0x1p128 is the first power of two that rounds to it.
 */
function floatConstantText(v: number): string {
  if (Object.is(v, -0)) return '-0.0';
  if (v === Infinity || v === -Infinity) return v > 0 ? '0x1p128' : '-0x1p128';
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

class TlPrinter {
  readonly out: string[] = [];
  /** Whether values are named after their name locations (else all numbered). */
  constructor(private readonly useNames: boolean) {}
  private readonly names = new Map<Value, string>();
  private next = 0;

  /** The names given in this function, for uniqueness. */
  private readonly used = new Set<string>();

  /**
   * A value's name: the name its location holds (`loc("acc"(...))`, which the front end gives a kernel's named
   * arguments and values), made unique in the function with `_1`, `_2`, ...; else the next number.
   */
  name(v: Value): string {
    let n = this.names.get(v);
    if (n === undefined) {
      const hint = this.useNames ? nameHint(v) : undefined;
      if (hint !== undefined) {
        n = hint;
        for (let k = 1; this.used.has(n); k++) n = `${hint}_${k}`;
        this.used.add(n);
        n = `%${n}`;
      } else n = `%${this.next++}`;
      this.names.set(v, n);
    }
    return n;
  }

  /** A value, or the constant it is. */
  use(v: Value): string {
    const def = v.definingOp;
    if (def && ops.ConstantOp.is(def)) {
      const a = ops.ConstantOp.wrap(def).value;
      if (a instanceof FloatAttr) return floatConstantText(a.value);
      // An i1 holds true as -1 (its one bit, sign-extended); the language writes it `true`.
      if (a instanceof IntegerAttr) return isBool(a.type) ? (a.value !== 0n ? 'true' : 'false') : String(a.value);
    }
    return this.name(v);
  }

  func(op: Operation): void {
    this.names.clear();
    this.used.clear();
    this.next = 0;
    const f = ops.FuncOp.wrap(op);
    const block = f.body.entryBlock;
    const args = block.args.map((a) => `${this.name(a)}: ${tlTypeText(a.type)}`).join(', ');
    let attrs = '';
    if (f.work_group_size) attrs += ` work_group_size(${[...f.work_group_size.values].join(',')})`;
    if (f.subgroup_size) attrs += ` subgroup_size(${f.subgroup_size.value})`;
    this.out.push(`func @${f.sym_name.value}(${args})${attrs} {\n`);
    this.block(block, '  ');
    this.out.push('}\n');
  }

  block(block: Block, indent: string): void {
    for (const op of block.ops()) {
      if (ops.ConstantOp.is(op)) continue;
      this.op(op, indent);
    }
  }

  region(block: Block, indent: string): string {
    const saved = this.out.length;
    this.block(block, indent + '  ');
    const body = this.out.splice(saved).join('');
    return `{\n${body}${indent}}`;
  }

  /** One instruction: one case per entry of INSTRUCTIONS (ast.ts), which the compiler checks. */
  op(op: Operation, indent: string): void {
    const kind = instructionOf(op);
    if (kind === undefined) throw op;
    const u = (v: Value): string => this.use(v);
    const t = (v: Value): string => tlTypeText(v.type);
    const res = op.numResults ? `${op.results.map((r) => this.name(r)).join(', ')} = ` : '';
    const o = op.operands;
    const collective = (name: string, trans: readonly IntegerAttr[], atomic: boolean): string =>
      `${name}${trans.map((x) => `.${ops.Transpose.symbolize(x)!}`).join('')}${atomic ? '.atomic' : ''} ${o.map(u).join(', ')} : ${o.map(t).join(', ')}`;
    let text: string;
    switch (kind) {
      case 'alloca':
        text = `alloca -> ${tlTypeText(op.getResult(0).type)}`;
        break;
      case 'arith':
        text = `arith.${ops.ArithBinaryKind.symbolize(ops.ArithOp.wrap(op).kind)} ${u(o[0]!)}, ${u(o[1]!)} : ${t(o[0]!)}`;
        break;
      case 'arith_unary':
        text = `arith.${ops.ArithUnaryKind.symbolize(ops.ArithUnaryOp.wrap(op).kind)} ${u(o[0]!)} : ${t(o[0]!)}`;
        break;
      case 'cast':
        text = `cast ${u(o[0]!)} : ${t(o[0]!)} -> ${tlTypeText(op.getResult(0).type)}`;
        break;
      case 'cmp':
        text = `cmp.${ops.CmpCondition.symbolize(ops.CmpOp.wrap(op).cond)} ${u(o[0]!)}, ${u(o[1]!)} : ${t(o[0]!)}`;
        break;
      case 'group_id':
        text = 'group_id';
        break;
      case 'group_size':
        text = 'group_size';
        break;
      case 'load':
        text = `load ${u(o[0]!)}[${o.slice(1).map(u).join(', ')}] : ${t(o[0]!)}`;
        break;
      case 'store':
        text = `store ${u(o[0]!)}, ${u(o[1]!)}[${o.slice(2).map(u).join(', ')}] : ${t(o[1]!)}`;
        break;
      case 'size':
        text = `size ${u(o[0]!)}[${ops.SizeOp.wrap(op).mode.value}] : ${t(o[0]!)}`;
        break;
      case 'subview': {
        const v = ops.SubviewOp.wrap(op);
        let oi = 0;
        let si = 0;
        const offsets = [...v.static_offsets.values].map(Number);
        const sizes = [...v.static_sizes.values].map(Number);
        const parts = offsets.map((off, k) => {
          const a = off === -2 ? u(v.offsets[oi++]!) : String(off);
          const s = sizes[k]!;
          if (s === 0) return a;
          const b = s === -2 ? u(v.sizes[si++]!) : num(s);
          return `${a}:${b}`;
        });
        text = `subview ${u(o[0]!)}[${parts.join(',')}] : ${t(o[0]!)}`;
        break;
      }
      case 'expand': {
        const v = ops.ExpandOp.wrap(op);
        let k = 0;
        const shape = [...v.static_shape.values].map(Number).map((s) => (s === -2 ? u(v.shape[k++]!) : num(s)));
        text = `expand ${u(o[0]!)}[${v.mode.value} -> ${shape.join(' x ')}] : ${t(o[0]!)}`;
        break;
      }
      case 'fuse': {
        const v = ops.FuseOp.wrap(op);
        text = `fuse ${u(o[0]!)}[${v.from.value},${v.to.value}] : ${t(o[0]!)}`;
        break;
      }
      case 'axpby': {
        const v = ops.AxpbyOp.wrap(op);
        text = collective(kind, [v.trans], v.atomic !== undefined);
        break;
      }
      case 'sum': {
        const v = ops.SumOp.wrap(op);
        text = collective(kind, [v.trans], v.atomic !== undefined);
        break;
      }
      case 'gemm': {
        const v = ops.GemmOp.wrap(op);
        text = collective(kind, [v.transA, v.transB], v.atomic !== undefined);
        break;
      }
      case 'gemv': {
        const v = ops.GemvOp.wrap(op);
        text = collective(kind, [v.transA], v.atomic !== undefined);
        break;
      }
      case 'ger':
        text = collective(kind, [], ops.GerOp.wrap(op).atomic !== undefined);
        break;
      case 'hadamard_product':
        text = collective(kind, [], ops.HadamardProductOp.wrap(op).atomic !== undefined);
        break;
      case 'barrier':
        text = 'barrier';
        break;
      case 'lifetime_stop':
        text = `lifetime_stop ${u(o[0]!)}`;
        break;
      case 'yield':
        text = o.length ? `yield ${o.map(u).join(', ')} : ${o.map(t).join(', ')}` : 'yield :';
        break;
      case 'for':
      case 'foreach': {
        const block = op.regions[0]!.entryBlock;
        const iv = block.args[0]!;
        const step = o.length > 2 ? `, ${u(o[2]!)}` : '';
        text = `${kind} ${this.name(iv)} = ${u(o[0]!)}, ${u(o[1]!)}${step} : ${t(iv)} ${this.region(block, indent)}`;
        break;
      }
      case 'if': {
        const types = op.numResults ? ` -> (${op.resultTypes.map(tlTypeText).join(', ')})` : '';
        const then = this.region(op.regions[0]!.entryBlock, indent);
        const elseBlock = op.regions[1]!.firstBlock;
        const otherwise = elseBlock ? ` else ${this.region(elseBlock, indent)}` : '';
        text = `if ${u(o[0]!)}${types} ${then}${otherwise}`;
        break;
      }
      default:
        return unreachable(kind);
    }
    this.out.push(`${indent}${res}${text}\n`);
  }
}

/** The instruction an op is (`tl.<instruction>`), or undefined for an op that has none (tl.func, another dialect's). */
function instructionOf(op: Operation): InstKind | undefined {
  const name = op.name;
  if (!name.startsWith('tl.')) return undefined;
  const kind = name.slice(3);
  return Object.hasOwn(INSTRUCTIONS, kind) ? (kind as InstKind) : undefined;
}
