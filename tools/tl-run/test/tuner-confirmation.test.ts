// The tuner's search and confirmation with a scripted CandidateRunner (no device): a contender is chosen only when it
// beats the default in every confirmation round (at least three), never on first timings alone; a candidate the runner
// stopped (time or memory limit) is reported failed and the search goes on. docs/tuning.md.
import { describe, expect, it } from 'vitest';
import { ndarray } from '@tlir/runtime';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import type { RuntimeDevice } from '@tlir/runtime';
import type { CandidateRunner, Evaluation } from '../src/tuning/candidate-session.js';
import type { Candidate } from '../src/tuning/search-space.js';
import { tune } from '../src/tuning/tuner.js';
import { formatTuneTable } from '../src/tuning/tune-report.js';
import type { HostArguments } from '../src/host-arguments.js';

const text = `func @k(%A: memref<f32x4x4>, %B: memref<f32x4x4>, %C: memref<f32x4x4>) {
  gemm.n.n 1.0, %A, %B, 0.0, %C : f32, memref<f32x4x4>, memref<f32x4x4>, f32, memref<f32x4x4>
}
`;
const array = () => ({ kind: 'array' as const, array: ndarray(new Float32Array(16), [4, 4]), origin: 'test' });
const host: HostArguments = { values: new Map([['A', array()], ['B', array()], ['C', array()]]), groups: 1 };
const candidates: Candidate[] = [0, 1, 2, 3, 4].map((i) => ({ workGroupSize: i === 0 ? undefined : [8 * i, 4], collectives: [{}] }));

/** A runner whose candidate i takes first[i] seconds, then fresh(i, n) on its n-th retiming; `stop` candidates are stopped. */
function scripted(first: number[], fresh: (i: number, n: number) => number, stop: number[] = []): CandidateRunner & { retimed: number[]; screens: (number | undefined)[] } {
  let next = 0;
  const count = new Map<number, number>();
  const retimed: number[] = [];
  const screens: (number | undefined)[] = [];
  return {
    retimed,
    screens,
    async evaluate(_c, _k, _h, _l, screenAbove): Promise<Evaluation> {
      const i = next++;
      screens.push(screenAbove);
      if (stop.includes(i)) return { status: 'failed', message: 'stopped after 3 s (the time limit of a candidate)', stopped: true };
      // As timeLaunches does: a first batch slower than screenAbove ends the timing there.
      const screened = screenAbove !== undefined && first[i]! > screenAbove;
      return {
        status: 'timed',
        seconds: first[i]!,
        hash: `h${i}`,
        timingSeconds: 0.001,
        launches: { repetitions: 1, batches: screened ? 1 : 5, groups: 1, shapes: {}, ...(screened ? { screened: true as const } : {}) },
      };
    },
    async retime(c) {
      const i = candidates.indexOf(c);
      const n = count.get(i) ?? 0;
      count.set(i, n + 1);
      retimed.push(i);
      return fresh(i, n);
    },
    async close() {},
  };
}

const request = (runner: CandidateRunner, budgetSeconds = 100) => ({
    text,
    file: 'k.tl',
    kernel: 'k',
    passOptions: '',
    dialects: DEFAULT_DIALECTS,
    registry: createPassRegistry(),
    device: undefined as unknown as RuntimeDevice,
    host,
    small: host,
    candidates,
    budgetSeconds,
    repetitions: 5,
    now: () => performance.now(),
    runner: async () => runner,
  });
const run = (runner: CandidateRunner, budgetSeconds = 100) => tune(request(runner, budgetSeconds));


/** `inner` on a clock that each candidate moves by 0.1 s and each retiming by 0.2 s (in ms, as the tuner reads it). */
function clocked(inner: CandidateRunner): { runner: CandidateRunner; now: () => number } {
  let clock = 0;
  const runner: CandidateRunner = {
    evaluate: async (c, k, h, l, a) => ((clock += 100), inner.evaluate(c, k, h, l, a)),
    retime: async (c, l) => ((clock += 200), inner.retime(c, l)),
    close: async () => undefined,
  };
  return { runner, now: () => clock };
}
describe('the confirmation', () => {
  const first = [1.0, 0.5, 0.6, 0.9, 2.0];

  it('chooses a contender that beats the default in every round, timing the two best and the default in balanced order', async () => {
    const runner = scripted(first, (i) => (i === 0 ? 1.0 : i === 2 ? 0.7 : 1.2));
    const out = await run(runner);
    expect(out.confirmed).toBe(true);
    expect(out.chosen?.index).toBe(2);
    expect(out.chosen?.seconds).toBe(0.7);
    // Finalists: the default and the two fastest first timings; round 1 in that order, round 2 reversed, so that
    // over each pair of rounds every finalist is timed once before and once after each other one.
    expect(runner.retimed).toEqual([0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0]);
    const place = (i: number, round: number) => runner.retimed.slice(3 * round, 3 * round + 3).indexOf(i);
    for (const [a, b] of [[0, 1], [0, 2], [1, 2]] as const) {
      for (const pair of [0, 2]) expect([place(a, pair) < place(b, pair), place(a, pair + 1) < place(b, pair + 1)].sort()).toEqual([false, true]);
    }
    expect(out.confirmation?.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('keeps the default when the contender wins one round and loses another', async () => {
    const out = await run(scripted(first, (i, n) => (i === 0 ? 1.0 : n % 2 === 0 ? 0.5 : 1.5)));
    expect(out.confirmed).toBe(true);
    expect(out.chosen?.index).toBe(0);
  });

  it("says why the default is kept when the table ranks a contender above it (not 'the fastest confirmed')", async () => {
    const facts = { kernel: 'k', adapter: 'test', flops: 0, enumerated: 5, pruned: {}, budget: 100 };
    // Its best fresh time (0.5) beats the default's 1.0, so it ranks first; it lost a round, so the default is kept.
    const kept = formatTuneTable(await run(scripted(first, (i, n) => (i === 0 ? 1.0 : n % 2 === 0 ? 0.5 : 1.5))), facts);
    expect(kept).toMatch(/none beat the default by 3% in every round \(the default is kept\)/);
    expect(kept).not.toMatch(/the fastest confirmed/);
    expect(kept).toMatch(/\n1 +#[12] +500\.000 ms +- +2\.00x/);
    const won = formatTuneTable(await run(scripted(first, (i) => (i === 0 ? 1.0 : i === 2 ? 0.7 : 1.2))), facts);
    expect(won).toMatch(/the fastest confirmed against the default/);
    const { runner, now } = clocked(scripted(first, (i) => (i === 0 ? 1.0 : 0.1)));
    const short = formatTuneTable(await tune({ ...request(runner, 1.75), now, start: 0 }), facts);
    expect(short).toMatch(/the confirmation had no time for three rounds against the default \(the default is kept\)/);
  });

  it('keeps the default when the contender won the two rounds the budget had time for (three are needed)', async () => {
    // As below, with time for two rounds (0.5 s of candidates, then 6 timings of 0.2 s in a 1.75 s budget).
    const { runner, now } = clocked(scripted(first, (i) => (i === 0 ? 1.0 : 0.1)));
    const out = await tune({ ...request(runner, 1.75), now, start: 0 });
    expect(out.confirmation?.map((c) => c.fresh.length)).toEqual([2, 2, 2]);
    expect(out.confirmed).toBe(false);
    expect(out.chosen?.index).toBe(0);
  });

  it('keeps the default when the budget leaves time for one round only (never a choice on first timings alone)', async () => {
    // A clock that each candidate moves by 0.1 s and each retiming by 0.2 s: 5 candidates in 0.5 s of a 1.2 s budget
    // (the search leaves the confirmation 9 timings of 1 ms and 3 compilations of 0.1 s), then one round (fresh 0.1 s
    // against 1.0 s), then no time for a second round.
    const { runner, now } = clocked(scripted(first, (i) => (i === 0 ? 1.0 : 0.1)));
    const out = await tune({ ...request(runner, 1.2), now, start: 0 });
    expect(out.results.map((r) => r.status)).toEqual(['timed', 'timed', 'timed', 'timed', 'timed']);
    expect(out.confirmation?.[1]?.fresh).toEqual([0.1]);
    expect(out.confirmed).toBe(false);
    expect(out.chosen?.index).toBe(0);
  });

  it("stops a candidate where it would run past the search's share of the budget (the confirmation keeps its time)", async () => {
    // Each candidate moves the clock by 0.1 s; the search may use the budget less the confirmation's reserve: three
    // rounds of timings (1 ms each) of the default and the contenders so far (at least one, at most two), and their
    // compilations in a fresh worker (one more). A candidate's limit never reaches past that end (12 s
    // otherwise), and the end moves closer as contenders appear (first timings 0.5 and 0.6 against the default's 1.0).
    let clock = 0;
    const limits: [number, number][] = [];
    const inner = scripted(first, (i) => (i === 0 ? 1.0 : 0.5));
    const runner: CandidateRunner = {
      evaluate: async (c, k, h, l, a) => (limits.push([clock / 1000, l]), (clock += 100), inner.evaluate(c, k, h, l, a)),
      retime: async (c, l) => ((clock += 10), inner.retime(c, l)),
      close: async () => undefined,
    };
    await tune({ ...request(runner, 1.0), now: () => clock, start: 0 });
    expect(limits[0]![1]).toBeGreaterThanOrEqual(36); // the default: the budget, at least 36 s
    expect(limits.length).toBeGreaterThan(3);
    const contendersBefore = [0, 0, 1, 2, 2];
    limits.slice(1).forEach(([start, limit], j) => {
      const finalists = Math.max(1, contendersBefore[j + 1]!);
      // Compilations: each candidate's 0.1 s less its timing's 1 ms.
      const end = 1.0 - 3 * (1 + finalists) * 0.001 - (1 + finalists) * 0.099;
      expect(start + limit).toBeCloseTo(end, 3);
    });
  });

  it('confirms only contenders: with no first timing 3% faster than the default, nothing is timed again', async () => {
    const runner = scripted([1.0, 0.98, 1.1, 1.3, 2.0], (i) => (i === 0 ? 1.0 : 0.5));
    const out = await run(runner);
    expect(runner.retimed).toEqual([]);
    expect(out.confirmation).toBeUndefined();
    expect(out.confirmed).toBe(false);
    expect(out.chosen?.index).toBe(0);
  });

  it('stops the timing of a candidate whose first batch is 1.25x slower than the best so far; it is never a finalist', async () => {
    // The default 1.0, then 0.5 (the best from then on), 0.7 (slower than 1.25 x 0.5: screened, although faster than
    // the default), 0.6 (a contender), 2.0 (screened).
    const runner = scripted([1.0, 0.5, 0.7, 0.6, 2.0], (i) => (i === 0 ? 1.0 : 0.55));
    const out = await run(runner);
    expect(runner.screens).toEqual([undefined, 1.25, 0.625, 0.625, 0.625]);
    expect(out.results.map((r) => r.launches?.screened ?? false)).toEqual([false, false, true, false, true]);
    expect(out.confirmation?.map((c) => c.index)).toEqual([0, 1, 3]);
    expect(out.chosen?.index).toBe(1);
  });

  it('reports a candidate the runner stopped as failed and goes on', async () => {
    const out = await run(scripted(first, (i) => (i === 0 ? 1.0 : 0.5), [1]));
    expect(out.results[1]).toMatchObject({ status: 'failed', message: 'stopped after 3 s (the time limit of a candidate)' });
    expect(out.results.slice(2).every((r) => r.status === 'timed')).toBe(true);
    expect(out.chosen?.index).not.toBe(1);
  });
});

describe('groups-per-work-group candidates', () => {
  it('does not try the other packings of a schedule whose packed launch the translation refused (inapplicable, counted)', async () => {
    // The default, its packings by 2 and 4 (refused: the kernel has a barrier), then 8x4 and its packing by 2 (taken).
    const packedCandidates: Candidate[] = [
      { workGroupSize: undefined, collectives: [{}] },
      { workGroupSize: undefined, groupsPerWorkGroup: 2, collectives: [{}] },
      { workGroupSize: undefined, groupsPerWorkGroup: 4, collectives: [{}] },
      { workGroupSize: [8, 4], collectives: [{}] },
      { workGroupSize: [8, 4], groupsPerWorkGroup: 2, collectives: [{}] },
    ];
    const evaluated: Candidate[] = [];
    const runner: CandidateRunner = {
      async evaluate(c): Promise<Evaluation> {
        evaluated.push(c);
        if (c.groupsPerWorkGroup && !c.workGroupSize) {
          return { status: 'failed', message: `k.tl:1:1: error: the kernel @k cannot run ${c.groupsPerWorkGroup} groups per work-group (groups-per-work-group): it has a barrier` };
        }
        return { status: 'timed', seconds: 1, hash: `h${evaluated.length}`, timingSeconds: 0.001, launches: { repetitions: 1, batches: 5, groups: 1, shapes: {} } };
      },
      retime: async () => 1,
      close: async () => undefined,
    };
    const out = await tune({ ...request(runner), candidates: packedCandidates });
    expect(evaluated).toEqual([packedCandidates[0], packedCandidates[1], packedCandidates[3], packedCandidates[4]]);
    expect(out.inapplicable).toBe(1);
    expect(out.results.map((r) => r.status)).toEqual(['timed', 'failed', 'timed', 'timed']);
  });
});
