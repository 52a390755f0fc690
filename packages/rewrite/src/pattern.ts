import type { CanonicalizationPattern, OpDecl, OpDef, OpView, Operation, OperationName, ViewOf } from '@tlir/ir';
import type { PatternRewriter } from './rewriter.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOpDecl = OpDecl<any, any, any, any, any>;

/**
 * What a pattern is rooted at: an op definition (`AddIOp`: the pattern is tried on its ops), an op name (an op
 * known only by name) or undefined (any op).
 */
export type PatternRoot = string | { readonly name: string } | undefined;

/** @internal The op name a root names (undefined: any op). */
export const rootNameOf = (root: PatternRoot): string | undefined => (typeof root === 'object' ? root.name : root);

/** Where a pattern applies and how much it is worth: what pattern sets sort by. */
export interface PatternBase {
  /** The op name the pattern matches; undefined: any op. */
  readonly rootName: string | undefined;
  /** Patterns with a higher benefit are tried first (MLIR's PatternBenefit). */
  readonly benefit: number;
  /** A label to name the pattern in `disable-patterns` / `enable-patterns` and in traces. */
  readonly debugName?: string;
}

/** What a driver needs of a pattern: where it applies, how much it is worth, and the rewrite itself. */
export interface Pattern extends PatternBase {  /**
   * Matches `op` and, if it matches, rewrites it through `rewriter` and returns true. Returns false without
   * having changed anything when it does not match (`return rewriter.notifyMatchFailure(op, 'why')`).
   */
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean;
}

export interface PatternOptions {
  /** Default 1. */
  benefit?: number;
  /** Default: the class name (or the root name for `definePattern`). */
  debugName?: string;
}

/**
 * A rewrite pattern as a class: extend it, pass the root (an op name, or undefined for any op) and options to the
 * constructor, and implement `matchAndRewrite`. A pattern for the ops of one definition extends OpRewritePattern
 * instead, and gets their typed views.
 *
 * ```ts
 * class AddZero extends RewritePattern {
 *   constructor() { super('test.add'); }
 *   matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
 *     if (!isZero(op.getOperand(1))) return false;
 *     rewriter.replaceOp(op, [op.getOperand(0)]);
 *     return true;
 *   }
 * }
 * ```
 */
export abstract class RewritePattern implements Pattern, CanonicalizationPattern {
  /**
   * @internal For a pattern rooted at a definition whose rewrite takes the op's view (`definePattern(Def, ...)`):
   * the definition, and `matchView` the rewrite on a view. A pattern set then makes one view
   * per op for the patterns of its definition, instead of one per pattern tried.
   */
  viewDef: OpDef<AnyOpDecl> | undefined = undefined;
  readonly benefit: number;
  readonly debugName: string;
  /** The op name the pattern matches; undefined: any op. */
  readonly rootName: string | undefined;

  constructor(root: PatternRoot, options: PatternOptions = {}) {
    this.rootName = rootNameOf(root);
    this.benefit = options.benefit ?? 1;
    this.debugName = options.debugName ?? this.constructor.name;
  }

  abstract matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean;

  /** @internal The rewrite on the op's view, for a pattern with `viewDef` (see there). */
  matchView(_view: OpView<AnyOpDecl>, _rewriter: PatternRewriter): boolean {
    return false;
  }
}

/**
 * A rewrite pattern for the ops of one definition (MLIR's `OpRewritePattern<AddIOp>`): `matchAndRewriteOp`
 * receives the op's typed view.
 *
 * ```ts
 * class AddZero extends OpRewritePattern<typeof AddIOp> {
 *   constructor() { super(AddIOp); }
 *   matchAndRewriteOp(op: ViewOf<typeof AddIOp>, rewriter: PatternRewriter): boolean {
 *     if (!isZero(op.rhs)) return false;
 *     rewriter.replaceOp(op.op, [op.lhs]);
 *     return true;
 *   }
 * }
 * ```
 */
export abstract class OpRewritePattern<D extends OpDef<AnyOpDecl>> extends RewritePattern {
  constructor(
    readonly def: D,
    options: PatternOptions = {},
  ) {
    super(def, options);
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const view = this.def.match(op) as ViewOf<D> | undefined;
    return view !== undefined && this.matchAndRewriteOp(view, rewriter);
  }

  abstract matchAndRewriteOp(op: ViewOf<D>, rewriter: PatternRewriter): boolean;
}

/**
 * A pattern from a function. Rooted at a definition, it receives the op's typed view (and does not match an op of
 * that name which is not of the definition: an unregistered one); a helper may pass a union of definitions, whose
 * views the function then receives as a union:
 * `definePattern(AddIOp, (op, rewriter) => { ... op.lhs ... }, { benefit: 2 })`; rooted at a name (or undefined, any
 * op), the operation.
 */
export function definePattern<D extends OpDef<AnyOpDecl>>(
  root: D,
  matchAndRewrite: (op: ViewOf<D>, rewriter: PatternRewriter) => boolean,
  options?: PatternOptions,
): RewritePattern;
export function definePattern(
  root: string | undefined,
  matchAndRewrite: (op: Operation, rewriter: PatternRewriter) => boolean,
  options?: PatternOptions,
): RewritePattern;
export function definePattern(
  root: OpDef<AnyOpDecl> | string | undefined,
  matchAndRewrite: ((op: Operation, rewriter: PatternRewriter) => boolean) | ((op: OpView<AnyOpDecl>, rewriter: PatternRewriter) => boolean),
  options: PatternOptions = {},
): RewritePattern {
  const debugName = options.debugName ?? matchAndRewrite.name ?? rootNameOf(root) ?? 'pattern';
  if (typeof root === 'object') {
    const def = root;
    const f = matchAndRewrite as (op: OpView<AnyOpDecl>, rewriter: PatternRewriter) => boolean;
    const pattern = new (class extends RewritePattern {
      matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
        const view = def.match(op);
        return view !== undefined && f(view, rewriter);
      }
      override matchView(view: OpView<AnyOpDecl>, rewriter: PatternRewriter): boolean {
        return f(view, rewriter);
      }
    })(def, { ...options, debugName });
    pattern.viewDef = def;
    return pattern;
  }
  const f = matchAndRewrite as (op: Operation, rewriter: PatternRewriter) => boolean;
  return new (class extends RewritePattern {
    matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
      return f(op, rewriter);
    }
  })(root, { ...options, debugName });
}

/** Which patterns of a set to use, by debug name (the canonicalizer's `disable-patterns` / `enable-patterns`). */
export interface PatternFilter {
  disabledPatterns?: readonly string[];
  /** When given, only these patterns are used. */
  enabledPatterns?: readonly string[];
}

/**
 * A set of patterns prepared for matching (MLIR's FrozenRewritePatternSet + PatternApplicator's cost model):
 * for each op name, the patterns rooted at it and those rooted at any op, merged by decreasing benefit (stable;
 * on equal benefit, op-specific patterns first). The per-name lists are computed once and cached.
 */
export class FrozenRewritePatternSet<P extends PatternBase = Pattern> {
  private readonly byName = new Map<string, P[]>();
  private readonly anyOp: P[] = [];
  /** The merged lists computed so far, at their names' `hashId` (an array read per op visited). */
  private readonly cache: (readonly P[] | undefined)[] = [];
  readonly size: number;

  constructor(patterns: Iterable<P | CanonicalizationPattern>, filter: PatternFilter = {}) {
    const disabled = new Set(filter.disabledPatterns ?? []);
    const enabled = filter.enabledPatterns ? new Set(filter.enabledPatterns) : undefined;
    let n = 0;
    for (const p0 of patterns) {
      const p = p0 as P;
      const label = p.debugName ?? '';
      if (disabled.has(label) || (enabled && !enabled.has(label))) continue;
      n++;
      if (p.rootName === undefined) this.anyOp.push(p);
      else {
        let list = this.byName.get(p.rootName);
        if (!list) this.byName.set(p.rootName, (list = []));
        list.push(p);
      }
    }
    this.size = n;
    const byBenefit = (a: P, b: P): number => b.benefit - a.benefit;
    for (const list of this.byName.values()) list.sort(byBenefit);
    this.anyOp.sort(byBenefit);
  }

  /** The patterns to try on an op of this name, best first. */
  patternsFor(name: OperationName): readonly P[] {
    let list = this.cache[name.hashId];
    if (list !== undefined) return list;
    const specific = this.byName.get(name.name) ?? [];
    if (!this.anyOp.length) list = specific;
    else if (!specific.length) list = this.anyOp;
    else {
      const merged: P[] = [];
      let i = 0;
      let j = 0;
      while (i < specific.length || j < this.anyOp.length) {
        if (j >= this.anyOp.length || (i < specific.length && specific[i]!.benefit >= this.anyOp[j]!.benefit)) merged.push(specific[i++]!);
        else merged.push(this.anyOp[j++]!);
      }
      list = merged;
    }
    this.cache[name.hashId] = list;
    return list;
  }

  /** Tries the patterns for `op` in order; returns the one that applied, if any. */
  matchAndRewrite(this: FrozenRewritePatternSet<Pattern>, op: Operation, rewriter: PatternRewriter): Pattern | undefined {
    const list = this.patternsFor(op.opName);
    // One view of the op for the patterns that take it (they share the op's definition, mostly): a failed
    // match changes nothing, so the view stays valid until one applies.
    let view: OpView<AnyOpDecl> | undefined;
    let viewDef: OpDef<AnyOpDecl> | undefined;
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      rewriter.setInsertionPoint(op);
      const def = p instanceof RewritePattern ? p.viewDef : undefined;
      if (def === undefined) {
        if (p.matchAndRewrite(op, rewriter)) return p;
        continue;
      }
      if (def !== viewDef) {
        viewDef = def;
        view = def.match(op);
      }
      if (view !== undefined && (p as RewritePattern).matchView(view, rewriter)) return p;
    }
    return undefined;
  }
}

/** Patterns as the drivers accept them: a frozen set, or a list that is frozen on the spot. */
export type PatternsInput = FrozenRewritePatternSet | Iterable<Pattern | CanonicalizationPattern>;

/** @internal */
export function freezePatterns(patterns: PatternsInput): FrozenRewritePatternSet {
  return patterns instanceof FrozenRewritePatternSet ? patterns : new FrozenRewritePatternSet(patterns);
}
