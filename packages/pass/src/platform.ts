// What the pass framework asks of the program it runs in, kept behind one small interface so that no package reaches
// for Node's `process` itself: the same passes run in tl-opt (Node) and in the playground (a browser's Web Worker).
// A host that wants reports elsewhere sets its own (or gives a PassManager its `output`).

/** The host program's services. */
export interface Platform {
  /** Where reports and dumps of passes go when a pass manager is given no `output` (stderr in Node). */
  writeError(text: string): void;
}

/** Standard error where the program has one (Node's process), else the console. */
function defaultWriteError(text: string): void {
  const stderr = (globalThis as { process?: { stderr?: { write(text: string): unknown } } }).process?.stderr;
  if (stderr) stderr.write(text);
  else console.error(text.endsWith('\n') ? text.slice(0, -1) : text);
}

let current: Platform = { writeError: defaultWriteError };

/** The platform the framework uses. */
export function platform(): Platform {
  return current;
}

/** Replaces the platform (returns the previous one, to restore it). */
export function setPlatform(p: Platform): Platform {
  const previous = current;
  current = p;
  return previous;
}
