// The state of translating one gpu.func kernel into a WGSL entry point: what each kernel value is in WGSL, the body
// being written, the names, the parameters buffer, the helper functions and the builtins the body uses. The ops are
// translated in order by the translators of their dialects (op-translators.ts); an op that cannot be translated is
// reported at its location and its results are poisoned, so its users are skipped without further errors and every
// independent problem of a kernel is reported in one run.
import type { BoundsChecks } from './bounds-checks.js';
import { FlowGroupType } from '@tlir/dialect-flow';
import {
  AsmPrinter,
  Diagnostic,
  MemRefType,
  VectorType,
  Terminator,
  type Block,
  type Context,
  type Location,
  type OpDefinition,
  type Operation,
  type Value,
} from '@tlir/ir';
import type { BufferUse } from './buffer-roots.js';
import type { HelperFunctions } from './helper-functions.js';
import { isI64Conversion } from './i64-conversions.js';
import { IndexExpression } from './index-expression.js';
import { fromMemoryWord, toMemoryWord, type MemrefView } from './memref-view.js';
import type { ParameterBlock } from './parameter-block.js';
import { I32, scalarRepr, type ScalarRepr, type WgslFeatures } from './scalar-types.js';
import { POISONED, TranslationFailure, type ScalarValue, type WgslValue } from './translation-values.js';
import type { Uniformity } from './uniformity.js';
import type { WgslNames } from './wgsl-names.js';
import { translatorOf } from './op-translator.js';
import { WgslWriter } from './wgsl-writer.js';

/** Translates one op; reports problems with `t.fail(...)`. */
export type OpTranslator = (op: Operation, t: KernelTranslation) => void;

/** The entry point's builtin inputs, by the name the body uses. */
export const BUILTINS = {
  wid: '@builtin(workgroup_id) wid: vec3<u32>',
  nwg: '@builtin(num_workgroups) nwg: vec3<u32>',
  lid: '@builtin(local_invocation_id) lid: vec3<u32>',
  lindex: '@builtin(local_invocation_index) lindex: u32',
  sg_lane: '@builtin(subgroup_invocation_id) sg_lane: u32',
  sg_size: '@builtin(subgroup_size) sg_size: u32',
} as const;
export type BuiltinName = keyof typeof BUILTINS;

export interface KernelTranslationSetup {
  readonly ctx: Context;
  readonly kernel: Operation;
  readonly features: WgslFeatures;
  readonly names: WgslNames;
  readonly params: ParameterBlock;
  readonly helpers: HelperFunctions;
  readonly uses: ReadonlyMap<Value, BufferUse>;
  readonly workgroupSize: readonly [number, number, number];
  /** The entry point is launched one-dimensional (launchSize): thread ids come from lid.x (kernel-launch-shape.ts). */
  readonly linearLaunch: boolean;
  /** The tl groups one work-group runs (groups-per-work-group; launch-shape.ts), 1 by default. */
  readonly groupsPerWorkgroup?: number;
  readonly translators: ReadonlyMap<OpDefinition, OpTranslator>;
  readonly uniformity: Uniformity;
  /** What the body calls the linear group id and the group count (i32 lets the prologue defines). */
  readonly groupId: string;
  readonly groupCount: string;
  /** The bounds checks to write (--bounds-check), or undefined for the fast kernel. */
  readonly boundsChecks?: BoundsChecks;
  /** The record loop checks write to (--loop-check; the bounds checks' when both are on), or undefined. */
  readonly loopChecks?: BoundsChecks;
}

export class KernelTranslation {
  readonly ctx: Context;
  readonly kernel: Operation;
  readonly features: WgslFeatures;
  readonly names: WgslNames;
  readonly params: ParameterBlock;
  readonly helpers: HelperFunctions;
  readonly workgroupSize: readonly [number, number, number];
  /** The entry point is launched one-dimensional: thread ids come from lid.x (kernel-launch-shape.ts). */
  readonly linearLaunch: boolean;
  /** The tl groups one work-group runs: thread ids are taken within a work-item's copy (launch-shape.ts). */
  readonly groupsPerWorkgroup: number;
  readonly groupId: string;
  readonly groupCount: string;
  readonly uniformity: Uniformity;
  /** The bounds checks to write (--bounds-check), or undefined for the fast kernel. */
  readonly boundsChecks: BoundsChecks | undefined;
  /** The record loop checks write to (--loop-check: loop-checks.ts), or undefined. */
  readonly loopChecks: BoundsChecks | undefined;
  /** Module-scope declarations the body needs (workgroup variables, scratch memory). */
  readonly moduleDeclarations = new WgslWriter();
  /** WebGPU features the WGSL uses ('subgroups', 'shader-f16'). */
  readonly usedFeatures = new Set<string>();
  readonly usedBuiltins = new Set<BuiltinName>();
  /** Whether the body has a barrier, and the kinds of memory the barriers must order. */
  readonly memorySpaces = { workgroup: false, storageWritten: false };

  private readonly uses: ReadonlyMap<Value, BufferUse>;
  private readonly translators: ReadonlyMap<OpDefinition, OpTranslator>;
  private readonly values = new Map<Value, WgslValue>();
  private readonly declared = new Map<string, string>();
  private readonly valueName: (v: Value) => string;
  private out: WgslWriter;
  private failed = false;

  constructor(setup: KernelTranslationSetup) {
    this.ctx = setup.ctx;
    this.kernel = setup.kernel;
    this.features = setup.features;
    this.names = setup.names;
    this.params = setup.params;
    this.helpers = setup.helpers;
    this.uses = setup.uses;
    this.workgroupSize = setup.workgroupSize;
    this.linearLaunch = setup.linearLaunch;
    this.groupsPerWorkgroup = setup.groupsPerWorkgroup ?? 1;
    this.translators = setup.translators;
    this.groupId = setup.groupId;
    this.groupCount = setup.groupCount;
    this.uniformity = setup.uniformity;
    this.boundsChecks = setup.boundsChecks;
    this.loopChecks = setup.loopChecks;
    this.out = new WgslWriter();
    // Named after the name locations too (`%acc` -> `acc`), as tl-opt prints the kernel.
    this.valueName = AsmPrinter.valueNamer(setup.kernel, { nameLocAsPrefix: true });
  }

  /** The body written so far. */
  get body(): WgslWriter {
    return this.out;
  }

  /** Whether an error was reported. */
  get hasFailed(): boolean {
    return this.failed;
  }

  /** How the kernel uses the buffer rooted at `root`. */
  bufferUse(root: Value): BufferUse {
    return this.uses.get(root) ?? { written: false, atomic: false };
  }

  // ---- errors ----

  /** Reports `message` at `loc` (an op, a value or a location) and abandons the op being translated. */
  fail(at: Operation | Value | Location, message: string): never {
    this.report(at, message);
    throw TranslationFailure.instance;
  }

  /** Reports `message` without abandoning anything. */
  report(at: Operation | Value | Location, message: string): void {
    const loc = 'loc' in at ? at.loc : at;
    this.ctx.diagnostics.emit(new Diagnostic('error', loc, message));
    this.failed = true;
  }

  // ---- values ----

  /** Records what `v` is. */
  bind(v: Value, value: WgslValue): void {
    this.values.set(v, value);
  }

  lookup(v: Value): WgslValue | undefined {
    return this.values.get(v);
  }

  /** The representation of scalar value `v` (its type checked); fails at `v`'s op when WGSL cannot hold it. */
  reprOf(v: Value, at?: Operation): ScalarRepr {
    if (isI64Conversion(v)) return I32;
    const repr = scalarRepr(v.type instanceof VectorType ? v.type.elementType : v.type, this.features);
    if (typeof repr === 'string') this.fail(at ?? v, repr);
    if (repr.wgsl === 'f16') this.usedFeatures.add('shader-f16');
    return repr;
  }

  /** Operand `i` of `op` as a scalar. */
  scalar(op: Operation, i: number): ScalarValue {
    return this.scalarOf(op.operands[i]!, op);
  }

  scalarOf(v: Value, at: Operation): ScalarValue {
    const value = this.values.get(v);
    if (value?.kind === 'scalar') return value;
    if (value?.kind === 'poisoned') throw TranslationFailure.instance;
    return this.fail(at, `an operand of type ${v.type} is not a scalar the translation knows (internal: no WGSL value)`);
  }

  /** Operand `i` of `op` (or value `v`) as a memref view. */
  view(op: Operation, i: number): MemrefView {
    return this.viewOf(op.operands[i]!, op);
  }

  viewOf(v: Value, at: Operation): MemrefView {
    const value = this.values.get(v);
    if (value?.kind === 'memref') return value.view;
    if (value?.kind === 'poisoned') throw TranslationFailure.instance;
    const def = v.definingOp;
    const where = def ? `the result of '${def.name}'` : 'a block argument';
    return this.fail(at, `this memref is ${where}, which WGSL cannot hold: memrefs must be views of the kernel's buffers known at translation time`);
  }

  /**
   * Operand `i` of `op` where it controls the regions of `owner` (`op` itself, or the scf.while of an scf.condition):
   * a condition, a loop bound. When a region holds an op WGSL
   * requires in uniform control flow (a barrier) and WGSL cannot prove the operand uniform, work-item 0's value is
   * broadcast through workgroup memory and read with workgroupUniformLoad (uniformity.ts says why). The kernel
   * computes such a value alike on every work-item, or its barriers would diverge.
   */
  control(op: Operation, i: number, owner: Operation = op): string {
    const v = op.operands[i]!;
    const s = this.scalarOf(v, op);
    if (!this.uniformity.isNonUniform(v) || !this.uniformity.containsUniformControlOp(owner)) return s.expr;
    const word = s.repr.memory;
    const scratch = this.declareOnce(`uniform_${word}`, (name) => this.moduleDeclarations.line(`var<workgroup> ${name}: ${word};`));
    const name = this.nameFor(v, '_uniform');
    this.line(`if (${this.builtin('lindex')} == 0u) { ${scratch} = ${toMemoryWord(s.expr, s.repr)}; }`, op.loc);
    this.line(`let ${name} = ${fromMemoryWord(`workgroupUniformLoad(&${scratch})`, s.repr)};`, op.loc);
    // No work-item may write the scratch again before every one has read it.
    this.line('workgroupBarrier();', op.loc);
    return name;
  }

  /** Operand `i` of `op`, an index, as an index expression. */
  index(op: Operation, i: number): IndexExpression {
    return this.indexOf(op.operands[i]!, op);
  }

  indexOf(v: Value, at: Operation): IndexExpression {
    const s = this.scalarOf(v, at);
    return s.constant !== undefined ? IndexExpression.constant(s.constant) : IndexExpression.atom(s.expr);
  }

  /** The name the MLIR printer gives `v`, as the base of WGSL names (`%c0` -> `c0`, `%0` -> `v0`). */
  baseName(v: Value): string {
    const printed = this.valueName(v).replace(/^%/, '');
    return `${/^[0-9]/.test(printed) ? 'v' : ''}${printed}`;
  }

  /** A fresh WGSL name for `v`, after the name the MLIR printer gives it. */
  nameFor(v: Value, suffix = ''): string {
    return this.names.fresh(`${this.baseName(v)}${suffix}`);
  }

  /** `let <name> = expr;` for result `v`, which then is that name. */
  define(v: Value, expr: string, loc: Location, repr?: ScalarRepr): ScalarValue {
    const r = repr ?? this.reprOf(v);
    const name = this.nameFor(v);
    this.line(`let ${name} = ${expr};`, loc);
    const value: ScalarValue = { kind: 'scalar', expr: name, repr: r };
    this.values.set(v, value);
    return value;
  }

  /** Binds `v` to an atom without a declaration (a literal, an existing name); `constant` is an integer's value. */
  alias(v: Value, expr: string, repr?: ScalarRepr, constant?: number): ScalarValue {
    const value: ScalarValue = { kind: 'scalar', expr, repr: repr ?? this.reprOf(v), ...(constant !== undefined ? { constant } : {}) };
    this.values.set(v, value);
    return value;
  }

  /** An index expression as an atom: itself when it is one, else a new `let` named after `wanted`. */
  materialize(e: IndexExpression, wanted: string, loc: Location): IndexExpression {
    if (e.isAtom) return e;
    const name = this.names.fresh(wanted);
    this.line(`let ${name} = ${e.toWgsl()};`, loc);
    return IndexExpression.atom(name);
  }

  // ---- writing ----

  line(text: string, loc?: Location): void {
    this.out.line(text, loc);
  }

  block(header: string, loc: Location | undefined, body: () => void, footer = '}'): void {
    this.out.block(header, loc, body, footer);
  }

  indent(body: () => void): void {
    this.out.indent(body);
  }

  /** The name of a module-scope declaration made once per key (`tl_<key>`): `declare` writes it the first time. */
  declareOnce(key: string, declare: (name: string) => void): string {
    let name = this.declared.get(key);
    if (name === undefined) {
      name = this.names.fresh(`tl_${key}`);
      this.declared.set(key, name);
      declare(name);
    }
    return name;
  }

  /** Marks a builtin input as used and returns its name. */
  builtin(name: BuiltinName): string {
    this.usedBuiltins.add(name);
    return name;
  }

  // ---- ops and regions ----

  /** Translates the ops of `block` except its terminator, which it returns. */
  translateBlock(block: Block): Operation | undefined {
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      if (op.nextOp === null && op.hasTrait(Terminator)) return op;
      this.translateOp(op);
    }
    return undefined;
  }

  /** Translates one op; a failure poisons its results. */
  translateOp(op: Operation): void {
    if (op.operands.some((v) => this.values.get(v)?.kind === 'poisoned')) {
      this.poison(op);
      return;
    }
    const translate = translatorOf(this.translators, op);
    try {
      if (!translate) this.fail(op, `'${op.name}' has no WGSL translation`);
      this.checkResultTypes(op);
      translate(op, this);
    } catch (e) {
      if (!(e instanceof TranslationFailure)) throw e;
      this.poison(op);
    }
  }

  /** Poisons what `op` defines (its results and the arguments of its blocks). */
  poison(op: Operation): void {
    for (const r of op.results) this.values.set(r, POISONED);
    for (const region of op.regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) for (const a of b.args) this.values.set(a, POISONED);
    }
  }

  /** Checks the element types of memref results and the representation of scalar results. */
  private checkResultTypes(op: Operation): void {
    for (const r of op.results) {
      if (r.type instanceof MemRefType) {
        const repr = scalarRepr(r.type.elementType, this.features);
        if (typeof repr === 'string') this.fail(op, repr);
      } else if (r.type instanceof VectorType) {
        // A vector.load's result: the element's representation (its WGSL type is vecN of it).
        const repr = scalarRepr(r.type.elementType, this.features);
        if (typeof repr === 'string') this.fail(op, repr);
      } else if (!FlowGroupType.is(r.type)) this.reprOf(r, op);
    }
  }
}
