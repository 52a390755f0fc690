// --loop-check: some adapters end a work-item's loops after a fixed number of iterations and go on without an error
// (Mesa's llvmpipe: 65,535 in all; docs/runtime.md, "Loop checks"). A kernel translated with loop checks tests, after
// each loop, whether the loop's condition still holds: a loop its condition ended cannot pass that test, so a
// loop that does was ended by the adapter. The first such loop is recorded in the bounds-check record (its site's
// kind is 'loop'), and the runtime reports it at the loop's source line instead of returning wrong results. Without
// the option every loop is written as before.
import type { Location, Operation } from '@tlir/ir';
import type { KernelTranslation } from './kernel-translation.js';

/**
 * What a check reports about the loop: what it is, and the i32 values of where it stopped and of its bound (for a
 * counting loop; both 0i for the others).
 */
export interface LoopReport {
  readonly what: string;
  readonly index: string;
  readonly bound: string;
}

/** A WGSL for loop whose variable `name` starts at `init` and steps to `next` while `condition` holds. */
export interface ForLoop extends LoopReport {
  readonly name: string;
  readonly init: string;
  readonly condition: string;
  readonly next: string;
}

/**
 * Writes `for (var name = init; condition; name = next) { body }`; with loop checks, the variable is declared before
 * the loop and the check follows it.
 */
export function writeForLoop(t: KernelTranslation, op: Operation, loop: ForLoop, loc: Location | undefined, body: () => void): void {
  if (!t.loopChecks) {
    t.block(`for (var ${loop.name} = ${loop.init}; ${loop.condition}; ${loop.name} = ${loop.next})`, loc, body);
    return;
  }
  t.line(`var ${loop.name} = ${loop.init};`, loc);
  t.block(`for (; ${loop.condition}; ${loop.name} = ${loop.next})`, loc, body);
  checkLoopEnded(t, op, loop.condition, loop);
}

/** With loop checks: after a loop, reports it when `running` (its condition, true while it would go on) holds. */
export function checkLoopEnded(t: KernelTranslation, op: Operation, running: string, report: LoopReport): void {
  const checks = t.loopChecks;
  if (!checks) return;
  const site = checks.site(op, report.what, 'loop');
  t.line(`if (${running}) { ${checks.report}(${site}u, 0u, ${report.index}, ${report.bound}, ${t.groupId}); }`, op.loc);
}

/**
 * With loop checks: a `var` that a loop left by its own `break` sets (false until then), to test after the loop
 * (`!done`); undefined without loop checks.
 */
export function loopExitFlag(t: KernelTranslation, loc: Location | undefined): string | undefined {
  if (!t.loopChecks) return undefined;
  const done = t.names.fresh('loop_done');
  t.line(`var ${done} = false;`, loc);
  return done;
}
