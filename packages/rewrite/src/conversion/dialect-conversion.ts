import {
  AsmPrinter,
  NameLoc,
  Operation,
  UnknownLoc,
  type Block,
  type Context,
  type InsertionPoint,
  type Location,
  type OpDecl,
  type OpDef,
  type OpView,
  type Region,
  type ViewOf,
  type Type,
  type Value,
} from '@tlir/ir';
import { FrozenRewritePatternSet, rootNameOf, type Pattern, type PatternBase, type PatternOptions, type PatternRoot } from '../pattern.js';
import { PatternRewriter, type RewriterListener } from '../rewriter.js';
import type { ConversionTarget } from './conversion-target.js';
import { reconcileUnrealizedCasts, UNREALIZED_CAST } from './reconcile-casts.js';
import type { SignatureConversion, TypeConverter } from './type-converter.js';

/** The operands a conversion pattern sees: those of the op, remapped to their converted values. */
export interface OpAdaptor {
  readonly op: Operation;
  /**
   * One value per operand: the value it was converted to (of the converted type when the pattern has a type
   * converter), or, for an operand converted 1:N, the original operand.
   */
  readonly operands: readonly Value[];
  /** The values each operand was converted to (several for a 1:N conversion). */
  readonly operandGroups: readonly (readonly Value[])[];
  getOperand(index: number): Value;
}

export interface ConversionPatternOptions extends PatternOptions {
  /** Converts the types of the operands the pattern sees (and is available to it as `rewriter.typeConverter`). */
  typeConverter?: TypeConverter;
}

/**
 * A pattern for dialect conversion (MLIR's OpConversionPattern / ConversionPattern): `matchAndRewrite`
 * receives the op, an adaptor with its operands already converted, and the conversion rewriter.
 *
 * ```ts
 * class LowerAdd extends OpConversionPattern {
 *   constructor(tc: TypeConverter) { super('hi.add', { typeConverter: tc }); }
 *   matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
 *     rewriter.replaceOpWithNewOp(op, { name: 'lo.add', operands: adaptor.operands, resultTypes: [...] });
 *     return true;
 *   }
 * }
 * ```
 */
export abstract class OpConversionPattern implements PatternBase {
  readonly benefit: number;
  readonly debugName: string;
  readonly typeConverter: TypeConverter | undefined;
  /** The op name the pattern matches; undefined: any op. */
  readonly rootName: string | undefined;

  /** `root`: an op definition or name (undefined: any op). */
  constructor(root: PatternRoot, options: ConversionPatternOptions = {}) {
    this.rootName = rootNameOf(root);
    this.benefit = options.benefit ?? 1;
    this.debugName = options.debugName ?? this.constructor.name;
    this.typeConverter = options.typeConverter;
  }

  abstract matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOpDecl = OpDecl<any, any, any, any, any>;

/**
 * A conversion pattern from a function. Rooted at an op definition, it receives the op's typed view (and does not
 * match an op of that name which is not of the definition): `defineConversionPattern(ForOp, (op, adaptor, rewriter)
 * => { ... op.body ... })`; rooted at a name (or undefined, any op), the operation.
 */
export function defineConversionPattern<D extends OpDef<AnyOpDecl>>(
  root: D,
  matchAndRewrite: (op: ViewOf<D>, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => boolean,
  options?: ConversionPatternOptions,
): OpConversionPattern;
export function defineConversionPattern(
  root: string | undefined,
  matchAndRewrite: (op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => boolean,
  options?: ConversionPatternOptions,
): OpConversionPattern;
export function defineConversionPattern(
  root: OpDef<AnyOpDecl> | string | undefined,
  matchAndRewrite:
    | ((op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => boolean)
    | ((op: OpView<AnyOpDecl>, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => boolean),
  options: ConversionPatternOptions = {},
): OpConversionPattern {
  const debugName = options.debugName ?? matchAndRewrite.name ?? rootNameOf(root) ?? 'pattern';
  if (typeof root === 'object') {
    const def = root;
    const f = matchAndRewrite as (op: OpView<AnyOpDecl>, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => boolean;
    return new (class extends OpConversionPattern {
      matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
        const view = def.match(op);
        return view !== undefined && f(view, adaptor, rewriter);
      }
    })(def, { ...options, debugName });
  }
  const f = matchAndRewrite as (op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => boolean;
  return new (class extends OpConversionPattern {
    matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
      return f(op, adaptor, rewriter);
    }
  })(root, { ...options, debugName });
}

/** Patterns a conversion accepts: conversion patterns, and plain rewrite patterns. */
export type ConversionPatternLike = OpConversionPattern | Pattern;

export interface ConversionConfig {
  /** Told about every change, besides the driver. */
  listener?: RewriterListener;
  /** Filled (partial conversion) with the ops that were left unconverted. */
  unlegalizedOps?: Set<Operation>;
  /**
   * Whether casts the conversion still needs at the end are turned into the type converter's materializations
   * (default true; a live cast that cannot be is an error). With false they stay as
   * `builtin.unrealized_conversion_cast` ops, for a later conversion or `reconcile-unrealized-casts`.
   */
  buildMaterializations?: boolean;
}

type MaterializationKind = 'source' | 'target';

/**
 * The rewriter conversion patterns receive. Changes are applied at once (there is no rollback: a pattern that
 * returns false must not have changed anything). Where converted and unconverted IR meet, the rewriter
 * inserts `builtin.unrealized_conversion_cast` ops ("unresolved materializations"): replacing a value with
 * one of another type leaves a cast back to the original type for users not converted yet, and a pattern with
 * a type converter sees its operands cast to the converted types. At the end of the conversion, casts that
 * cancel out are folded, and those still needed become the type converter's materializations.
 */
export class ConversionPatternRewriter extends PatternRewriter {
  /** The type converter of the pattern being applied, if it has one. */
  typeConverter: TypeConverter | undefined;

  /** @internal Casts created by the conversion, in creation order. */
  readonly unresolved = new Map<Operation, { kind: MaterializationKind; converter: TypeConverter | undefined }>();
  /** @internal Ops erased while their results were still used: erased at the end. */
  readonly pendingErase: Operation[] = [];
  /** @internal */ readonly pendingEraseSet = new Set<Operation>();
  private readonly targetCasts = new Map<Value, Map<Type, Value>>();

  constructor(context: Context, listener?: RewriterListener) {
    super(context, listener);
  }

  /** Replaces `op`'s results with `values`; a value of another type than the result is cast back to it. */
  override replaceOp(op: Operation, values: readonly Value[] | Operation): void {
    const vs = values instanceof Operation ? values.results : values;
    this.replaceOpWithMultiple(op, vs.map((v) => [v]));
  }

  /** Replaces each result of `op` with a group of values (a 1:N conversion), then erases `op`. */
  replaceOpWithMultiple(op: Operation, groups: readonly (readonly Value[])[]): void {
    if (groups.length !== op.numResults) throw new Error(`replacing ${op.numResults} results of '${op.name}' with ${groups.length} values`);
    this.listener?.onOperationReplaced?.(op, groups.map((g) => (g.length === 1 ? g[0]! : op.results[0]!)));
    op.results.forEach((r, i) => this.replaceValue(r, groups[i]!, op.loc, op));
    this.eraseOp(op);
  }

  /** Makes the uses of `from` use `to`, through a cast when the types differ. */
  override replaceAllUsesWith(from: Value, to: Value): void {
    this.replaceValue(from, [to], from.loc, undefined);
  }

  /** Erases `op`; if its results are still used, it is erased at the end of the conversion instead. */
  override eraseOp(op: Operation): void {
    if (op.useEmpty) return super.eraseOp(op);
    if (this.pendingEraseSet.has(op)) return;
    this.pendingEraseSet.add(op);
    this.pendingErase.push(op);
  }

  /** Whether `op` was erased, or will be at the end of the conversion. */
  isErased(op: Operation): boolean {
    return op.isErased || this.pendingEraseSet.has(op);
  }

  /** The latest value `value` was replaced with (looking through the conversion's casts). */
  getRemappedValue(value: Value): Value {
    const g = this.chainEnd(value);
    return g.length === 1 ? g[0]! : value;
  }

  /**
   * Converts the argument types of the blocks of `region` with `converter` (the entry block with
   * `entryConversion` when given). Returns the entry block, or undefined when a type cannot be converted.
   */
  convertRegionTypes(region: Region, converter: TypeConverter, entryConversion?: SignatureConversion): Block | undefined {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const conv = b === region.firstBlock && entryConversion ? entryConversion : converter.convertSignatureArgs(b.args.map((a) => a.type));
      if (!conv) return undefined;
      this.applySignatureConversion(b, conv, converter);
    }
    return region.firstBlock ?? undefined;
  }

  /**
   * Gives `block` the arguments of `conversion`: each original argument is replaced by its new arguments (cast
   * back to the original type for its uses, when the types differ) or by the value it was remapped to. The
   * block is changed in place and returned; its arguments are new objects.
   */
  applySignatureConversion(block: Block, conversion: SignatureConversion, converter?: TypeConverter): Block {
    const old = [...block.args];
    if (conversion.numOriginalInputs !== old.length) {
      throw new Error(`a signature conversion of ${conversion.numOriginalInputs} inputs applied to a block of ${old.length} arguments`);
    }
    const types = conversion.convertedTypes;
    const identity =
      types.length === old.length &&
      old.every((a, i) => {
        const m = conversion.inputMapping(i);
        return m !== undefined && 'start' in m && m.start === i && m.size === 1 && types[i] === a.type;
      });
    if (identity) return block;
    const locs: Location[] = types.map(() => UnknownLoc.instance);
    old.forEach((arg, i) => {
      const m = conversion.inputMapping(i);
      if (m && 'start' in m) for (let k = 0; k < m.size; k++) locs[m.start + k] = arg.loc;
    });
    const fresh = types.map((t, i) => block.addArgument(t, locs[i]));
    const before = block.firstOp;
    this.withInsertionPoint(() => {
      this.insertionPoint = { block, before };
      old.forEach((arg, i) => {
        const m = conversion.inputMapping(i);
        const group = m === undefined ? [] : 'replacement' in m ? [m.replacement] : fresh.slice(m.start, m.start + m.size);
        this.replaceValue(arg, group, arg.loc, undefined, converter);
      });
    });
    for (let i = old.length - 1; i >= 0; i--) block.eraseArgument(i);
    return block;
  }

  // ---- internals ------------------------------------------------------------------------------------------

  /**
   * Replaces the uses of `from` with `group`: directly when it is one value of the same type, else through a
   * cast of the group to `from`'s type (a source materialization), built at the insertion point (or after the
   * group's definitions when `anchorOp` is given: right before it).
   */
  private replaceValue(from: Value, group: readonly Value[], loc: Location, anchorOp: Operation | undefined, converter = this.typeConverter): void {
    if (group.length === 1 && group[0]!.type === from.type) {
      super.replaceAllUsesWith(from, group[0]!);
      return;
    }
    if (!from.hasUses) return;
    const cast = this.withInsertionPoint(() => {
      if (anchorOp) this.setInsertionPoint(anchorOp);
      return this.buildCast(group, [from.type], loc, 'source', converter);
    });
    super.replaceAllUsesWith(from, cast.results[0]!);
  }

  /** @internal Creates an unresolved materialization. */
  buildCast(inputs: readonly Value[], resultTypes: readonly Type[], loc: Location, kind: MaterializationKind, converter: TypeConverter | undefined): Operation {
    const cast = Operation.create(this.context, { name: UNREALIZED_CAST, operands: inputs, resultTypes, loc });
    this.unresolved.set(cast, { kind, converter });
    return this.insert(cast);
  }

  /** The values at the end of `value`'s chain of replacements (through source casts the conversion made). */
  private chainEnd(value: Value): readonly Value[] {
    let cur = value;
    for (;;) {
      const def = cur.definingOp;
      if (!def || this.unresolved.get(def)?.kind !== 'source') return [cur];
      if (def.numOperands !== 1) return def.operands;
      cur = def.getOperand(0);
    }
  }

  /**
   * @internal The values `value` stands for, for a pattern with `converter` (none: the latest replacement):
   * of the converted types, through a target materialization (a cast) when needed. Undefined when the type
   * cannot be converted.
   */
  remapValue(value: Value, converter: TypeConverter | undefined): readonly Value[] | undefined {
    if (!converter) return this.chainEnd(value);
    const desired = converter.convertTypeToMany(value.type);
    if (desired === undefined) return undefined;
    // The replacements along the chain, most recent last.
    const chain: Value[] = [value];
    let group: readonly Value[] | undefined;
    for (let cur = value; ; ) {
      const def = cur.definingOp;
      if (!def || this.unresolved.get(def)?.kind !== 'source') break;
      if (def.numOperands !== 1) {
        group = def.operands;
        break;
      }
      cur = def.getOperand(0);
      chain.push(cur);
    }
    if (desired.length !== 1) {
      if (group && group.length === desired.length && group.every((v, i) => v.type === desired[i])) return group;
      if (desired.length === 0) return [];
    } else {
      for (let i = chain.length - 1; i >= 0; i--) if (chain[i]!.type === desired[0]) return [chain[i]!];
    }
    // Cast the most converted value to the desired types, right after its definition, once per value and type.
    const source = chain[chain.length - 1]!;
    if (desired.length === 1) {
      const cached = this.targetCasts.get(source)?.get(desired[0]!);
      if (cached && !cached.definingOp?.isErased) return [cached];
    }
    const cast = this.withInsertionPoint(() => {
      const def = source.definingOp;
      if (def) this.setInsertionPointAfter(def);
      else {
        // A block argument: after the casts already made at the start of its block, so they stay in order.
        const block = source.parentBlock!;
        let after = block.firstOp;
        while (after !== null && this.unresolved.has(after)) after = after.nextOperation;
        this.insertionPoint = { block, before: after };
      }
      return this.buildCast([source], desired, source.loc, 'target', converter);
    });
    if (desired.length === 1) {
      let m = this.targetCasts.get(source);
      if (!m) this.targetCasts.set(source, (m = new Map()));
      m.set(desired[0]!, cast.results[0]!);
    }
    return cast.results;
  }
}

/** Applies conversion patterns to the ops of a tree; see `applyPartialConversion` / `applyFullConversion`. */
class OperationConverter implements RewriterListener {
  private readonly rewriter: ConversionPatternRewriter;
  private readonly patterns: FrozenRewritePatternSet<ConversionPatternLike>;
  /** Changes made by the pattern being applied. */
  private frame:
    | { root: Operation; inserted: Operation[]; modified: Set<Operation>; changed: boolean; replacements?: readonly Value[] }
    | undefined;

  constructor(
    context: Context,
    private readonly target: ConversionTarget,
    patterns: Iterable<ConversionPatternLike>,
    private readonly mode: 'partial' | 'full',
    private readonly config: ConversionConfig,
  ) {
    this.rewriter = new ConversionPatternRewriter(context, this);
    this.patterns = new FrozenRewritePatternSet<ConversionPatternLike>(patterns);
  }

  run(roots: readonly Operation[]): boolean {
    const toConvert: Operation[] = [];
    for (const root of roots) {
      root.walk((op) => {
        toConvert.push(op);
        return this.target.isLegal(op)?.recursive ? 'skip' : undefined;
      }, 'pre');
    }
    for (const op of toConvert) {
      if (this.rewriter.isErased(op) || this.rewriter.unresolved.has(op)) continue;
      if (!this.convert(op, new Set())) return false;
    }
    return this.finalize();
  }

  /**
   * Legalizes `op`: nothing to do if legal; otherwise the patterns are tried by benefit (except those already
   * applied on the way here, so a pattern cannot recurse on what it built), then the ops they created and the
   * op itself if it was updated in place. Returns false after reporting an op that cannot stay illegal.
   */
  private convert(op: Operation, applied: ReadonlySet<ConversionPatternLike>): boolean {
    if (this.rewriter.isErased(op) || this.rewriter.unresolved.has(op)) return true;
    if (this.target.isLegal(op)?.legal) return true;
    const rewriter = this.rewriter;
    for (const p of this.patterns.patternsFor(op.opName)) {
      if (applied.has(p)) continue;
      const saved = this.frame;
      const frame: NonNullable<OperationConverter['frame']> = (this.frame = { root: op, inserted: [], modified: new Set<Operation>(), changed: false });
      let matched: boolean;
      try {
        rewriter.setInsertionPoint(op);
        rewriter.loc = op.loc;
        if (p instanceof OpConversionPattern) {
          rewriter.typeConverter = p.typeConverter;
          const adaptor = this.adaptor(op, p.typeConverter);
          matched = adaptor !== undefined && p.matchAndRewrite(op, adaptor, rewriter);
        } else {
          rewriter.typeConverter = undefined;
          matched = p.matchAndRewrite(op, rewriter);
        }
      } finally {
        this.frame = saved;
        rewriter.typeConverter = undefined;
      }
      if (!matched) {
        if (frame.changed) throw new Error(`conversion pattern '${p.debugName ?? p.rootName}' failed after changing the IR (patterns must match first, then rewrite)`);
        continue;
      }
      if (op.loc instanceof NameLoc) keepNameOnReplacements(op.loc, frame.inserted, frame.replacements ?? [], rewriter);
      const nextApplied = new Set(applied).add(p);
      for (const created of frame.inserted) if (!this.convert(created, nextApplied)) return false;
      if (frame.modified.has(op) && !rewriter.isErased(op)) return this.convert(op, nextApplied);
      return true;
    }
    return this.reportUnconverted(op);
  }

  /** An op no pattern converted: fine in a partial conversion unless it is explicitly illegal. */
  private reportUnconverted(op: Operation): boolean {
    if (this.mode === 'full') {
      op.emitError(`failed to legalize operation '${op.name}'`);
      return false;
    }
    if (this.target.isIllegal(op)) {
      op.emitError(`failed to legalize operation '${op.name}' that was explicitly marked illegal`);
      return false;
    }
    this.config.unlegalizedOps?.add(op);
    return true;
  }

  private adaptor(op: Operation, converter: TypeConverter | undefined): OpAdaptor | undefined {
    const groups: (readonly Value[])[] = [];
    for (const v of op.operandValues) {
      const g = this.rewriter.remapValue(v, converter);
      if (g === undefined) return undefined;
      groups.push(g);
    }
    const operands = groups.map((g, i) => (g.length === 1 ? g[0]! : op.getOperand(i)));
    return { op, operands, operandGroups: groups, getOperand: (i) => operands[i]! };
  }

  /** Erases what was left for the end, folds the casts that cancel out, and materializes the others. */
  private finalize(): boolean {
    const rewriter = this.rewriter;
    for (let i = rewriter.pendingErase.length - 1; i >= 0; i--) {
      const op = rewriter.pendingErase[i]!;
      if (op.isErased) continue;
      if (!op.useEmpty) {
        const result = op.results.find((r) => r.hasUses)!;
        op.emitError(`failed to legalize operation '${op.name}': it was erased but result #${result.index} is still used`)
          .attachNote(result.firstUse!.owner.loc, 'see existing live user here');
        return false;
      }
      rewriter.pendingEraseSet.delete(op);
      rewriter.eraseOp(op);
    }
    const remaining = reconcileUnrealizedCasts([...rewriter.unresolved.keys()].filter((c) => !c.isErased), rewriter);
    if (this.config.buildMaterializations === false) return true;
    for (const cast of remaining) {
      if (cast.isErased) continue;
      const info = rewriter.unresolved.get(cast)!;
      let value: Value | undefined;
      if (cast.numResults === 1 && info.converter) {
        rewriter.setInsertionPoint(cast);
        const type = cast.results[0]!.type;
        value =
          info.kind === 'source'
            ? info.converter.materializeSourceConversion(rewriter, cast.loc, type, cast.operands)
            : info.converter.materializeTargetConversion(rewriter, cast.loc, type, cast.operands);
      }
      if (value) {
        rewriter.replaceOpWithMultiple(cast, [[value]]);
        continue;
      }
      const types = (vs: readonly Value[]): string => vs.map((v) => `'${v.type}'`).join(', ');
      const user = cast.results.find((r) => r.hasUses)!.firstUse!.owner;
      const shown = user.numRegions ? `'${user.name}'` : AsmPrinter.print(user, { generic: true }).trim();
      cast
        .emitError(`failed to legalize unresolved materialization from (${types(cast.operands)}) to (${types(cast.results)}) that remained live after conversion`)
        .attachNote(user.loc, `see existing live user here: ${shown}`);
      return false;
    }
    return true;
  }

  // ---- listener ---------------------------------------------------------------------------------------------

  onOperationInserted(op: Operation, previous?: InsertionPoint): void {
    this.config.listener?.onOperationInserted?.(op, previous);
    if (!this.frame || this.rewriter.unresolved.has(op)) return;
    this.frame.changed = true;
    if (previous === undefined) this.frame.inserted.push(op);
  }

  onBlockInserted(block: Block): void {
    this.config.listener?.onBlockInserted?.(block);
    if (this.frame) this.frame.changed = true;
  }

  onOperationModified(op: Operation): void {
    this.config.listener?.onOperationModified?.(op);
    if (!this.frame) return;
    this.frame.changed = true;
    this.frame.modified.add(op);
  }

  onOperationReplaced(op: Operation, replacement: readonly Value[]): void {
    this.config.listener?.onOperationReplaced?.(op, replacement);
    if (!this.frame) return;
    this.frame.changed = true;
    if (op === this.frame.root) this.frame.replacements = replacement;
  }

  onOperationErased(op: Operation): void {
    this.config.listener?.onOperationErased?.(op);
    if (this.frame) this.frame.changed = true;
  }

  onBlockErased(block: Block): void {
    this.config.listener?.onBlockErased?.(block);
    if (this.frame) this.frame.changed = true;
  }

  onMatchFailure(op: Operation, reason: string): void {
    this.config.listener?.onMatchFailure?.(op, reason);
  }
}

/** Runs one conversion over `root` (an op, or several of one context) in the given mode. */
/**
 * A named value (`%acc`, a NameLoc) keeps its name through a conversion: the ops that define the replacement
 * values keep the NameLoc; the other ops the pattern built (index constants, loops, casts) get the location
 * it names (its child), so no helper op prints as `%acc` and errors still point at the source.
 */
function keepNameOnReplacements(
  loc: NameLoc,
  inserted: readonly Operation[],
  replacements: readonly Value[],
  rewriter: ConversionPatternRewriter,
): void {
  if (loc.child instanceof UnknownLoc) return;
  const keep = new Set<Operation>();
  for (const v of replacements) {
    const def = v.definingOp;
    if (!def) continue;
    keep.add(def);
    // A replacement of another type is a cast of the value the pattern built.
    if (rewriter.unresolved.has(def)) for (const o of def.operandValues) if (o.definingOp) keep.add(o.definingOp);
  }
  for (const created of inserted) {
    created.walk((o) => {
      if (o.loc === loc && !keep.has(o)) o.loc = loc.child;
    }, 'pre');
  }
}

function applyConversion(
  root: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: Iterable<ConversionPatternLike>,
  mode: 'partial' | 'full',
  config: ConversionConfig,
): boolean {
  const roots = root instanceof Operation ? [root] : root;
  if (!roots.length) return true;
  return new OperationConverter(roots[0]!.context, target, patterns, mode, config).run(roots);
}

/**
 * Converts the ops in `root` (itself included) with `patterns` until they are legal for `target`, leaving alone
 * the ops no pattern applies to unless the target marks them illegal (MLIR's applyPartialConversion). Returns
 * false after reporting the first op that cannot be legalized ("failed to legalize operation ... that was
 * explicitly marked illegal") or a cast that remained live; the IR is then partly converted.
 */
export function applyPartialConversion(
  root: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: Iterable<ConversionPatternLike>,
  config: ConversionConfig = {},
): boolean {
  return applyConversion(root, target, patterns, 'partial', config);
}

/**
 * Converts every op in `root` (itself included) to ops legal for `target` (MLIR's applyFullConversion):
 * an op that is not legal after the patterns ran is reported ("failed to legalize operation 'x.y'" at its
 * location) and the conversion returns false.
 */
export function applyFullConversion(
  root: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: Iterable<ConversionPatternLike>,
  config: ConversionConfig = {},
): boolean {
  return applyConversion(root, target, patterns, 'full', config);
}
