// What is wrong with a schedule that verifies but cannot run as written (a loop blocked twice, a point loop outside
// its tile loop, an induction variable used where its loop does not run, ...). The interpreter reports the first
// as a runtime error, the lowering to scf every one as a diagnostic at the op at fault.
import { formatLocationPrefix, type Location, type Operation } from '@tlir/ir';

export interface ScheduleProblem {
  /** The op at fault (the diagnostic's location). */
  readonly op: Operation;
  /** The message, as an op error: `'krnl.permute' op <message>`. */
  readonly message: string;
  /** A related place, shown as a note. */
  readonly note?: { readonly loc: Location; readonly message: string };
}

/** The problems found so far, in the order found. */
export class ScheduleProblems {
  readonly list: ScheduleProblem[] = [];

  add(op: Operation, message: string, note?: ScheduleProblem['note']): void {
    this.list.push(note ? { op, message, note } : { op, message });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }
}

/** A problem as one line of text (for a runtime error located elsewhere): `'krnl.block' op ... (at k.mlir:3:5)`. */
export function describeProblem(p: ScheduleProblem): string {
  return `'${p.op.name}' op ${p.message} (at ${formatLocationPrefix(p.op.loc)})`;
}

/** Reports a problem as an error diagnostic at its op (with its note). */
export function emitProblem(p: ScheduleProblem): void {
  const d = p.op.emitOpError(p.message);
  if (p.note) d.attachNote(p.note.loc, p.note.message);
}
