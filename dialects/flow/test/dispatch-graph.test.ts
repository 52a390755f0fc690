// The dispatch graph API: storages read and written, dependencies and their kinds, waves, topological order,
// independence; and a fast-check property comparing the graph of random host functions with an independent model
// (two dispatches conflict when they touch one storage and one of them writes it; a dispatch must run after another
// exactly when a chain of conflicts leads from the earlier to it). Fixed seed (TLIR_FC_SEED=random explores;
// TLIR_FC_SCALE multiplies the runs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArithDialect } from '@tlir/dialect-arith';
import { FuncDialect } from '@tlir/dialect-func';
import { Context, formatDiagnostic, getSymbolName, parseSourceString, verify, type Operation } from '@tlir/ir';
import { DispatchGraph, FlowDialect, dispatchGraphToDot, dispatchHosts, storageRoot } from '@tlir/dialect-flow';

const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261121 });
const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

function parse(text: string): Operation {
  const ctx = new Context({ dialects: [FuncDialect, ArithDialect, FlowDialect] });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const m = parseSourceString(ctx, text, 'graph.mlir');
  if (!m || !verify(m)) throw new Error(errors.join(''));
  return m;
}

const EXECUTABLE = `flow.executable private @ex {
  flow.executable.export public @k
}
`;

const fnNamed = (m: Operation, name: string): Operation => dispatchHosts(m).find((h) => getSymbolName(h) === name)!;

describe('DispatchGraph', () => {
  const m = parse(`${EXECUTABLE}
func.func @host(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = flow.dispatch @ex::@k(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = flow.dispatch @ex::@k(%y, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
  %2 = flow.dispatch @ex::@k(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = flow.dispatch @ex::@k(%2) : (tensor<4xf32>) -> %2
  %4 = flow.dispatch @ex::@k(%x) : (tensor<4xf32>) -> %x
  return %3, %4 : tensor<4xf32>, tensor<4xf32>
}
func.func @other() {
  return
}
`);
  const host = fnNamed(m, 'host');
  const g = new DispatchGraph(host);
  const [d0, d1, d2, d3, d4] = g.dispatches as Operation[];
  const args = host.regions[0]!.firstBlock!.args;

  it('finds the host functions and their dispatches in program order', () => {
    expect(dispatchHosts(m).map(getSymbolName)).toEqual(['host']);
    expect(g.dispatches.length).toBe(5);
    expect(g.dispatches.every((d) => d.name === 'flow.dispatch')).toBe(true);
  });

  it('says what each dispatch reads and writes; tied results share the storage of their operand', () => {
    expect(g.reads(d1!)).toEqual([args[1]]);
    expect(g.writes(d1!)).toEqual([d1!.results[0]]);
    expect(g.reads(d3!)).toEqual([d2!.results[0]]);
    expect(g.writes(d3!)).toEqual([d2!.results[0]]);
    expect(storageRoot(d3!.results[0]!)).toBe(d2!.results[0]);
    expect(storageRoot(d4!.results[0]!)).toBe(args[0]);
    // The index argument is not a storage.
    expect(g.buffers).toEqual([args[0], d0!.results[0], args[1], d1!.results[0], d2!.results[0]]);
  });

  it('gives the direct dependencies, their kinds, and the transitive ones', () => {
    expect(g.dependencies(d2!)).toEqual([d0, d1]);
    expect(g.dependents(d0!)).toEqual([d2, d4]);
    expect(g.dependencyKinds(d0!, d2!)).toEqual(['read-after-write']);
    expect(g.dependencyKinds(d0!, d4!)).toEqual(['write-after-read']);
    expect(g.dependencyKinds(d2!, d3!)).toEqual(['read-after-write', 'write-after-write']);
    expect(g.dependencyKinds(d1!, d4!)).toEqual([]);
    expect(g.dependsOn(d3!, d0!)).toBe(true);
    expect(g.dependsOn(d0!, d3!)).toBe(false);
  });

  it('orders the dispatches in waves of independent dispatches', () => {
    expect(g.levels()).toEqual([[d0, d1], [d2, d4], [d3]]);
    expect(g.topologicalOrder()).toEqual([d0, d1, d2, d4, d3]);
    expect(g.levelOf(d4!)).toBe(1);
    expect(g.areIndependent(d0!, d1!)).toBe(true);
    expect(g.areIndependent(d3!, d4!)).toBe(true);
    expect(g.areIndependent(d1!, d3!)).toBe(false);
    expect(g.areIndependent(d0!, d0!)).toBe(false);
  });

  it('is a graphology graph of dispatch and storage nodes', () => {
    expect(g.graph.order).toBe(10);
    const dispatch = g.graph.getNodeAttributes('d2');
    expect(dispatch.kind === 'dispatch' && dispatch.op === d2 && dispatch.index === 2).toBe(true);
    const buffer = g.graph.getNodeAttributes('b4');
    expect(buffer.kind === 'buffer' && buffer.root === d2!.results[0] && buffer.values.length === 2 && buffer.values[1] === d3!.results[0]).toBe(true);
    const edge = g.graph.getEdgeAttributes('d0', 'd2');
    expect(edge.kind === 'dependency' && edge.reasons.join() === 'read-after-write' && edge.through[0] === d0!.results[0]).toBe(true);
  });

  it('prints DOT with the names of the printed IR', () => {
    const dot = dispatchGraphToDot(g);
    expect(dot.startsWith('digraph "@host" {\n')).toBe(true);
    expect(dot).toContain('  d4 [label = "#4 %4 = flow.dispatch @ex::@k\\nwave 1", shape = box];');
    expect(dot).toContain('  { rank = same; d2; d4; }');
    expect(dot.endsWith('}\n')).toBe(true);
  });

  it('rejects an op that is not one of its dispatches', () => {
    expect(() => g.keyOf(host)).toThrow(/is not a dispatch of this graph/);
  });
});

/** A random host function: each dispatch reads some distinct earlier values and maybe updates one in place. */
interface Program {
  readonly args: number;
  readonly dispatches: readonly { readonly inputs: readonly number[]; readonly tied: number | undefined }[];
}

const programs: fc.Arbitrary<Program> = fc.integer({ min: 1, max: 4 }).chain((args) =>
  fc
    .array(
      fc.record({ picks: fc.array(fc.nat(), { minLength: 0, maxLength: 3 }), tie: fc.option(fc.nat(), { nil: undefined }) }),
      { minLength: 1, maxLength: 9 },
    )
    .map((raw) => {
      const dispatches = raw.map((r, i) => {
        const available = args + i;
        const inputs = [...new Set(r.picks.map((p) => p % available))];
        const tied = r.tie !== undefined && inputs.length ? r.tie % inputs.length : undefined;
        return { inputs, tied };
      });
      return { args, dispatches };
    }),
);

/** Value v: argument v (v < args) or the result of dispatch v - args. */
function programText(p: Program): string {
  const name = (v: number): string => (v < p.args ? `%a${v}` : `%r${v - p.args}`);
  const lines = p.dispatches.map((d, i) => {
    const types = d.inputs.map(() => 'tensor<4xf32>').join(', ');
    const result = d.tied === undefined ? 'tensor<4xf32>' : name(d.inputs[d.tied]!);
    return `  %r${i} = flow.dispatch @ex::@k(${d.inputs.map(name).join(', ')}) : (${types}) -> ${result}`;
  });
  const params = Array.from({ length: p.args }, (_, i) => `%a${i}: tensor<4xf32>`).join(', ');
  return `${EXECUTABLE}func.func @host(${params}) {\n${lines.join('\n')}\n  return\n}\n`;
}

/** The model: storages, conflicts, must-run-after (transitive), and waves (the longest chain of conflicts). */
function model(p: Program): { after: boolean[][]; wave: number[] } {
  const storage: number[] = Array.from({ length: p.args }, (_, i) => i);
  const touches = p.dispatches.map((d, i) => {
    const reads = new Set(d.inputs.map((v) => storage[v]!));
    const written = d.tied === undefined ? p.args + i : storage[d.inputs[d.tied]!]!;
    storage.push(written);
    return { reads, writes: new Set([written]) };
  });
  const n = p.dispatches.length;
  const conflict = (i: number, j: number): boolean => {
    const a = touches[i]!;
    const b = touches[j]!;
    for (const s of a.writes) if (b.reads.has(s) || b.writes.has(s)) return true;
    for (const s of b.writes) if (a.reads.has(s)) return true;
    return false;
  };
  const after = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const wave = new Array<number>(n).fill(0);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < j; i++) {
      if (!conflict(i, j)) continue;
      after[j]![i] = true;
      for (let k = 0; k < i; k++) if (after[i]![k]) after[j]![k] = true;
      wave[j] = Math.max(wave[j]!, wave[i]! + 1);
    }
  }
  return { after, wave };
}

describe('DispatchGraph of random host functions', () => {
  it('orders exactly the dispatches a chain of conflicting accesses orders, in waves of the longest chains', () => {
    fc.assert(
      fc.property(programs, (p) => {
        const m = parse(programText(p));
        const g = new DispatchGraph(fnNamed(m, 'host'));
        const { after, wave } = model(p);
        const ds = g.dispatches;
        expect(ds.length).toBe(p.dispatches.length);
        for (let j = 0; j < ds.length; j++) {
          for (let i = 0; i < ds.length; i++) {
            if (i !== j) expect(g.dependsOn(ds[j]!, ds[i]!)).toBe(i < j && after[j]![i]!);
          }
          expect(g.levelOf(ds[j]!)).toBe(wave[j]);
        }
        // The topological order puts every dispatch after its dependencies; a wave's dispatches are independent.
        const order = g.topologicalOrder();
        for (const d of ds) for (const dep of g.dependencies(d)) expect(order.indexOf(dep)).toBeLessThan(order.indexOf(d));
        for (const level of g.levels()) for (const a of level) for (const b of level) if (a !== b) expect(g.areIndependent(a, b)).toBe(true);
      }),
      { numRuns: 200 * SCALE },
    );
  });
});
