// The grid of a dispatch being run: which workgroup runs now and how many there are along x, y and z. The work-group
// queries (flow.dispatch.workgroup.id / count) read it; outside a flow dispatch they read the launch of the
// interpreter (a 1D grid: ExecutionContext.groupId / groupCount).
import { Diagnostic, type Operation } from '@tlir/ir';
import { fault, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';

export type GridSize = readonly [number, number, number];

/** The workgroup being run by the innermost dispatch: its id and the grid's size. */
export interface Workgroup {
  readonly id: GridSize;
  readonly count: GridSize;
}

const GRID_KEY = {};
const stackOf = (ctx: ExecutionContext): Workgroup[] => ctx.state(GRID_KEY, () => [] as Workgroup[]);

/** The workgroup the innermost running flow dispatch is at, if any. */
export function currentWorkgroup(ctx: ExecutionContext): Workgroup | undefined {
  const stack = stackOf(ctx);
  return stack[stack.length - 1];
}

/**
 * Runs `body` once per workgroup of the grid, x fastest, then y, then z (the interpreter runs one at a time). A
 * runtime error in a workgroup gets a note at `dispatch` naming the workgroup.
 */
export function forEachWorkgroup(ctx: ExecutionContext, dispatch: Operation, count: GridSize, body: () => void): void {
  const stack = stackOf(ctx);
  for (let z = 0; z < count[2]; z++) {
    for (let y = 0; y < count[1]; y++) {
      for (let x = 0; x < count[0]; x++) {
        stack.push({ id: [x, y, z], count });
        try {
          body();
        } catch (e) {
          // The engine's located error carries its diagnostic.
          const d = (e as { diagnostic?: unknown }).diagnostic;
          if (d instanceof Diagnostic) d.attachNote(dispatch.loc, `in workgroup (${x}, ${y}, ${z}) of the ${count.join('x')} grid of this dispatch`);
          throw e;
        } finally {
          stack.pop();
        }
      }
    }
  }
}

/**
 * The grid a workload gives without a workgroup count region (and what workgroup_count_from_slice and
 * from_dag_root compute here): x, y, z are the first three values, 1 for each missing one, and values after the
 * third multiply into z. A negative count is a runtime error.
 */
export function workloadGrid(workload: readonly RuntimeValue[]): GridSize {
  const values = workload.map((v, i) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) fault(`internal: workload value #${i} is not an index`);
    if (v < 0) fault(`workload value #${i} is negative (${v})`);
    return v;
  });
  const z = values.slice(2).reduce((a, b) => a * b, 1);
  return [values[0] ?? 1, values[1] ?? 1, z];
}

/** The x, y, z counts a workgroup count region returned; a RuntimeFault for a negative one. */
export function checkGrid(values: readonly RuntimeValue[], where: string): GridSize {
  if (values.length !== 3) fault(`${where} returned ${values.length} values, not the x, y and z counts`);
  const counts = values.map((v, i) => {
    if (typeof v !== 'number' || v < 0) fault(`${where} returned a negative workgroup count (${String(v)}) for dimension ${'xyz'[i]}`);
    return v;
  });
  return [counts[0]!, counts[1]!, counts[2]!];
}
