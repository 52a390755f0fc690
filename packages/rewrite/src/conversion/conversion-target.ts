import type { Operation } from '@tlir/ir';

/** A rule deciding whether an op is legal: true, false, or undefined to defer to the next rule. */
export type LegalityCallback = (op: Operation) => boolean | undefined;

type Action = { kind: 'legal' } | { kind: 'illegal' } | { kind: 'dynamic'; fn: LegalityCallback };

/** An op a rule is about: its definition (`AddIOp`), or its name. */
export type OpRef = string | { readonly name: string };

const opName = (r: OpRef): string => (typeof r === 'string' ? r : r.name);
const list = (r: OpRef | readonly OpRef[]): readonly OpRef[] => (Array.isArray(r) ? r : [r as OpRef]);

/** What the target says about an op: whether it is legal and, if so, whether the ops nested in it are too. */
export interface LegalityInfo {
  legal: boolean;
  /** The op and everything nested in it are legal: the conversion does not look inside. */
  recursive: boolean;
}

/**
 * Which ops a dialect conversion must produce (MLIR's ConversionTarget). Ops are legal, illegal or dynamically
 * legal (a callback decides), by op (its definition or name) or by dialect; a rule for an op name wins over its dialect's rule.
 * Ops no rule covers have unknown legality: a partial conversion leaves them alone when no pattern applies,
 * a full conversion fails on them.
 */
export class ConversionTarget {
  private readonly ops = new Map<string, Action>();
  private readonly dialects = new Map<string, Action>();
  private unknownOp: LegalityCallback | undefined;
  private readonly recursivelyLegal = new Map<string, LegalityCallback | undefined>();

  addLegalOp(...ops: OpRef[]): this {
    for (const n of ops) this.ops.set(opName(n), { kind: 'legal' });
    return this;
  }

  addIllegalOp(...ops: OpRef[]): this {
    for (const n of ops) this.ops.set(opName(n), { kind: 'illegal' });
    return this;
  }

  /** The ops `ops` are legal when `fn` says so. */
  addDynamicallyLegalOp(ops: OpRef | readonly OpRef[], fn: LegalityCallback): this {
    for (const n of list(ops)) this.ops.set(opName(n), { kind: 'dynamic', fn });
    return this;
  }

  addLegalDialect(...names: string[]): this {
    for (const n of names) this.dialects.set(n, { kind: 'legal' });
    return this;
  }

  addIllegalDialect(...names: string[]): this {
    for (const n of names) this.dialects.set(n, { kind: 'illegal' });
    return this;
  }

  addDynamicallyLegalDialect(names: string | readonly string[], fn: LegalityCallback): this {
    for (const n of typeof names === 'string' ? [names] : names) this.dialects.set(n, { kind: 'dynamic', fn });
    return this;
  }

  /** Ops no rule covers are legal when `fn` says so (instead of having unknown legality). */
  markUnknownOpDynamicallyLegal(fn: LegalityCallback): this {
    this.unknownOp = fn;
    return this;
  }

  /**
   * When the ops `ops` are legal (and `fn`, if given, agrees), the ops nested in them are legal as well and
   * are not visited.
   */
  markOpRecursivelyLegal(ops: OpRef | readonly OpRef[], fn?: LegalityCallback): this {
    for (const n of list(ops)) this.recursivelyLegal.set(opName(n), fn);
    return this;
  }

  private decide(op: Operation): boolean | undefined {
    const opAction = this.ops.get(op.name);
    if (opAction) {
      const r = run(opAction, op);
      if (r !== undefined) return r;
    }
    const dialectAction = this.dialects.get(op.opName.dialect);
    if (dialectAction) {
      const r = run(dialectAction, op);
      if (r !== undefined) return r;
    }
    return this.unknownOp?.(op);
  }

  /** Whether `op` is legal; undefined when no rule covers it. */
  isLegal(op: Operation): LegalityInfo | undefined {
    const legal = this.decide(op);
    if (legal === undefined) return undefined;
    if (!legal) return { legal: false, recursive: false };
    let recursive = false;
    if (this.recursivelyLegal.has(op.name)) {
      const fn = this.recursivelyLegal.get(op.name);
      recursive = fn ? fn(op) === true : true;
    }
    return { legal: true, recursive };
  }

  /** Whether `op` is explicitly illegal: an illegal rule, or a dynamic rule that says no. */
  isIllegal(op: Operation): boolean {
    return this.decide(op) === false;
  }
}

function run(action: Action, op: Operation): boolean | undefined {
  switch (action.kind) {
    case 'legal':
      return true;
    case 'illegal':
      return false;
    case 'dynamic':
      return action.fn(op);
  }
}
