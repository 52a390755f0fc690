import { AsmPrinter, getSymbolName, type Operation, type PrintOptions } from '@tlir/ir';
import type { OpPassManager } from './pass-manager.js';
import { NestedPipelines } from './pass-manager.js';
import type { Pass } from './pass.js';
import type { Timer } from './timing.js';

/** Hooks the pass manager calls around pipelines, passes and analyses (MLIR's PassInstrumentation). */
export interface PassInstrumentation {
  /**
   * Whether this instrumentation works with interleaved passes (see `PassManagerOptions.interleave`): it then sees a
   * pass run on each function (or other isolated op) and once more on their parent, with the passes of a run
   * interleaved function by function, rather than each pass once on the parent. An instrumentation that shows the IR
   * between passes must not; without it (default false), the pass manager runs each pass on the whole op.
   */
  readonly allowsInterleaving?: boolean;
  /** Before a nested pipeline runs on `op`. */
  runBeforePipeline?(pm: OpPassManager, op: Operation): void;
  runAfterPipeline?(pm: OpPassManager, op: Operation): void;
  runBeforePass?(pass: Pass, op: Operation): void;
  runAfterPass?(pass: Pass, op: Operation): void;
  /** After a pass failed, or left IR that does not verify. */
  runAfterPassFailed?(pass: Pass, op: Operation): void;
  runBeforeAnalysis?(name: string, op: Operation): void;
  runAfterAnalysis?(name: string, op: Operation): void;
}

export interface IRPrinterConfig {
  /** Print before the passes for which this holds. */
  printBefore?: (pass: Pass) => boolean;
  /** Print after the passes for which this holds. */
  printAfter?: (pass: Pass) => boolean;
  /** After a pass, print only if the IR changed (`--mlir-print-ir-after-change`). */
  onlyAfterChange?: boolean;
  /** Print after a pass only if it failed (`--mlir-print-ir-after-failure`); failures are printed regardless of `printAfter`. */
  onlyAfterFailure?: boolean;
  /** Print the top-level op rather than the op the pass runs on (`--mlir-print-ir-module-scope`). */
  moduleScope?: boolean;
  /** How ops are printed (generic form, locations). */
  printOptions?: PrintOptions;
  /** Where the dumps go (stderr in tl-opt). */
  write: (text: string) => void;
}

/**
 * Prints the IR before and after passes (`--mlir-print-ir-before=cse`, `--mlir-print-ir-after-all`, ...), each
 * dump headed as mlir-opt heads it: `// -----// IR Dump After CSE (cse) //----- //`.
 */
export class IRPrinterInstrumentation implements PassInstrumentation {
  private readonly beforeText = new Map<Pass, string[]>();

  constructor(private readonly config: IRPrinterConfig) {}

  private scope(op: Operation): Operation {
    if (!this.config.moduleScope) return op;
    let top = op;
    while (top.parentOp) top = top.parentOp;
    return top;
  }

  private print(op: Operation): string {
    return AsmPrinter.print(this.scope(op), this.config.printOptions ?? {});
  }

  private header(when: string, pass: Pass, op: Operation): string {
    let where = '';
    if (this.config.moduleScope) {
      const name = getSymbolName(op);
      where = ` ('${op.name}' operation${name !== undefined ? `: @${name}` : ''})`;
    }
    return `// -----// IR Dump ${when} ${pass.name} (${pass.argument})${where} //----- //\n`;
  }

  runBeforePass(pass: Pass, op: Operation): void {
    const c = this.config;
    const after = !c.onlyAfterFailure && c.printAfter?.(pass);
    if (after && c.onlyAfterChange) {
      let stack = this.beforeText.get(pass);
      if (!stack) this.beforeText.set(pass, (stack = []));
      stack.push(this.print(op));
    }
    if (c.printBefore?.(pass)) c.write(this.header('Before', pass, op) + this.print(op) + '\n\n');
  }

  runAfterPass(pass: Pass, op: Operation): void {
    const c = this.config;
    if (c.onlyAfterFailure || !c.printAfter?.(pass)) return;
    const text = this.print(op);
    if (c.onlyAfterChange && this.beforeText.get(pass)?.pop() === text) return;
    c.write(this.header('After', pass, op) + text + '\n\n');
  }

  runAfterPassFailed(pass: Pass, op: Operation): void {
    const c = this.config;
    if (c.onlyAfterChange) this.beforeText.get(pass)?.pop();
    if (!c.onlyAfterFailure && !c.printAfter?.(pass)) return;
    c.write(this.header('After', pass, op).replace(` ${pass.name} (`, ` ${pass.name} Failed (`) + this.print(op) + '\n\n');
  }
}

/**
 * Times pipelines, passes and analyses into a timer tree (`--mlir-timing`): a nested pipeline is a node
 * ("'func.func' Pipeline") holding its passes, each holding the analyses it computed ("(A) DominanceInfo").
 * Runs of the same pass on many ops add up in one node.
 */
export class PassTimingInstrumentation implements PassInstrumentation {
  /** Interleaved runs of a pass add up in its node, as its runs on many ops do. */
  readonly allowsInterleaving = true;
  private readonly stack: Timer[];

  constructor(root: Timer) {
    this.stack = [root];
  }

  private push(key: object, name: string): void {
    const t = this.stack[this.stack.length - 1]!.child(key, name);
    t.start();
    this.stack.push(t);
  }

  private pop(): void {
    this.stack.pop()!.stop();
  }

  runBeforePipeline(pm: OpPassManager): void {
    this.push(pm, `'${pm.anchorName}' Pipeline`);
  }

  runAfterPipeline(): void {
    this.pop();
  }

  runBeforePass(pass: Pass): void {
    this.push(pass, pass.name);
  }

  runAfterPass(): void {
    this.pop();
  }

  runAfterPassFailed(): void {
    this.pop();
  }

  runBeforeAnalysis(name: string): void {
    this.push(analysisKeys.get(name) ?? analysisKeys.set(name, { name }).get(name)!, `(A) ${name}`);
  }

  runAfterAnalysis(): void {
    this.pop();
  }
}

// One key object per analysis name, so that the analyses of a pass share a node across its runs.
const analysisKeys = new Map<string, object>();

const RULE = '===' + '-'.repeat(73) + '===\n';

/** The banner of a report, centered as MLIR centers it. */
export function reportHeader(title: string): string {
  return RULE + ' '.repeat(Math.floor((80 - title.length) / 2)) + title + '\n' + RULE;
}

/**
 * The statistics of a pipeline's passes as `--mlir-pass-statistics` prints them: in the pipeline's shape
 * (`display = 'pipeline'`, the default) or merged per pass and sorted by name (`'list'`).
 */
export function formatPassStatistics(pm: OpPassManager, display: 'pipeline' | 'list' = 'pipeline'): string {
  let out = reportHeader('... Pass statistics report ...');
  const entry = (indent: number, name: string, stats: readonly { name: string; description: string; value: number }[]): void => {
    out += ' '.repeat(indent) + name + '\n';
    if (!stats.length) return;
    const sorted = [...stats].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const nameWidth = Math.max(...sorted.map((s) => s.name.length));
    const valueWidth = Math.max(...sorted.map((s) => String(s.value).length));
    for (const s of sorted) {
      out += ' '.repeat(indent + 2) + `(S) ${String(s.value).padStart(valueWidth)} ${s.name.padEnd(nameWidth)} - ${s.description}\n`;
    }
  };
  if (display === 'list') {
    const merged = new Map<string, Map<string, { name: string; description: string; value: number }>>();
    for (const p of pm.passes()) {
      let m = merged.get(p.name);
      if (!m) merged.set(p.name, (m = new Map()));
      for (const s of Object.values(p.statistics)) {
        const e = m.get(s.name);
        if (e) e.value += s.value;
        else m.set(s.name, { ...s });
      }
    }
    for (const name of [...merged.keys()].sort()) entry(0, name, [...merged.get(name)!.values()]);
    return out;
  }
  const walk = (m: OpPassManager, indent: number): void => {
    for (const e of m.elements) {
      if (e instanceof NestedPipelines) {
        for (const nested of e.managers) {
          out += ' '.repeat(indent) + `'${nested.anchorName}' Pipeline\n`;
          walk(nested, indent + 2);
        }
      } else entry(indent, e.name, Object.values(e.statistics));
    }
  };
  walk(pm, 0);
  return out;
}
