// What the tuner says: the table of the best candidates (parameters, time, GFLOP/s, speed-up over the default
// schedule), the JSON of every candidate and an SVG plot of every candidate's time (--report DIR). Browser-safe.
import { formatSeconds } from '../bench-report.js';
import { describeCandidate, type Candidate } from './search-space.js';
import { SCREEN_FACTOR, type CandidateResult, type TuneOutcome } from './tuner.js';

export interface ReportFacts {
  readonly kernel: string;
  readonly adapter: string;
  /** The collectives' operations per launch on the real arguments (0: none counted). */
  readonly flops: number;
  readonly enumerated: number;
  readonly pruned: Readonly<Record<string, number>>;
  readonly budget: number;
  /** The clock of the timings ('cpu': the worker's CPU time per launch); absent: wall. */
  readonly clock?: 'wall' | 'cpu';
}

const gflops = (flops: number, seconds: number | undefined): string => (flops > 0 && seconds ? (flops / seconds / 1e9).toPrecision(3) : '-');

/**
 * What the confirmation decided, for the summary line: a contender it confirmed, or why the default is kept although
 * the table may rank a contender above it (its best fresh time beat the default's, but not in every round).
 */
function confirmationSummary(outcome: TuneOutcome): string {
  if (!outcome.confirmation) return outcome.results.length > 1 && outcome.defaultResult ? ', none beat the default by 3% (nothing to confirm)' : '';
  const keptDefault = outcome.chosen?.index === 0;
  if (!outcome.confirmed) return keptDefault ? ', the confirmation had no time for three rounds against the default (the default is kept)' : '';
  return keptDefault ? ', the contenders timed again: none beat the default by 3% in every round (the default is kept)' : ', the fastest confirmed against the default';
}

/** The table of the `top` fastest candidates, and the failed and wrong ones. */
export function formatTuneTable(outcome: TuneOutcome, facts: ReportFacts, top = 10): string {
  const base = outcome.defaultResult?.seconds;
  const timed = outcome.results.filter((r) => r.status === 'timed').sort((a, b) => a.seconds! - b.seconds!);
  const counts = (s: string): number => outcome.results.filter((r) => r.status === s).length;
  const pruned = Object.values(facts.pruned).reduce((a, b) => a + b, 0);
  let text = `tune: @${facts.kernel} on ${facts.adapter}${facts.clock === 'cpu' ? '; timed by the CPU time of the worker process during batches of launches (--tune-clock)' : ''}\n`;
  text += `tune: ${facts.enumerated} schedules enumerated, ${pruned} pruned (${Object.entries(facts.pruned).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}), `;
  const screened = outcome.results.filter((r) => r.status === 'timed' && r.launches?.screened).length;
  text += `${outcome.results.length} tried in ${outcome.elapsed.toFixed(1)} s of a ${facts.budget} s budget${outcome.stoppedByBudget ? ' (stopped by the budget)' : ''}${confirmationSummary(outcome)}: `;
  text += `${counts('timed')} timed${screened ? ` (${screened} stopped after one batch, slower than ${SCREEN_FACTOR}x the best so far)` : ''}, ${counts('duplicate')} with the WGSL of another, ${counts('wrong')} wrong, ${counts('failed')} failed${outcome.inapplicable ? `, ${outcome.inapplicable} not tried (groups-per-work-group on a schedule whose kernel shares its work-group: inapplicable)` : ''}\n`;
  const rows = timed.slice(0, top).map((r, rank) => [String(rank + 1), `#${r.index}`, formatSeconds(r.seconds!), gflops(facts.flops, r.seconds), base && r.seconds ? `${(base / r.seconds).toFixed(2)}x` : '-', describeCandidate(r.candidate)]);
  const header = ['rank', 'cand', 'time', 'GFLOP/s', 'speed-up', 'schedule'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ') + '\n';
  text += line(header);
  for (const r of rows) text += line(r);
  for (const r of outcome.results) {
    if (r.status === 'wrong') text += `tune: DISCARDED #${r.index} (disagrees with the interpreter: ${r.message}): ${describeCandidate(r.candidate)}\n`;
    if (r.status === 'failed') text += `tune: failed #${r.index} (${r.message}): ${describeCandidate(r.candidate)}\n`;
  }
  return text;
}

/** The JSON of --report: the facts and every candidate's result. */
export function tuneReportJson(outcome: TuneOutcome, facts: ReportFacts, chosenSchedule: string): string {
  const candidate = (c: Candidate): unknown => ({ workGroupSize: c.workGroupSize ?? null, ...((c.groupsPerWorkGroup ?? 1) > 1 ? { groupsPerWorkGroup: c.groupsPerWorkGroup } : {}), collectives: c.collectives });
  return (
    JSON.stringify(
      {
        ...facts,
        elapsed: outcome.elapsed,
        stoppedByBudget: outcome.stoppedByBudget,
        confirmed: outcome.confirmed ?? false,
        confirmation: outcome.confirmation ?? [],
        compiled: outcome.compiled,
        inapplicable: outcome.inapplicable ?? 0,
        defaultSeconds: outcome.defaultResult?.seconds ?? null,
        chosen: outcome.chosen?.index ?? null,
        chosenSchedule,
        candidates: outcome.results.map((r: CandidateResult) => ({
          index: r.index,
          status: r.status,
          seconds: r.seconds ?? null,
          gflops: facts.flops > 0 && r.seconds ? facts.flops / r.seconds / 1e9 : null,
          ...(r.message ? { message: r.message } : {}),
          ...(r.sameAs !== undefined ? { sameAs: r.sameAs } : {}),
          ...(r.launches ? { launches: r.launches } : {}),
          schedule: describeCandidate(r.candidate),
          candidate: candidate(r.candidate),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An SVG plot of every timed candidate's time, in the order tried (the default and the chosen one marked). */
export function tuneReportSvg(outcome: TuneOutcome, facts: ReportFacts): string {
  const W = 720;
  const H = 360;
  const left = 70;
  const bottom = 40;
  const points = outcome.results.filter((r) => r.seconds !== undefined && r.status !== 'duplicate');
  const max = Math.max(...points.map((r) => r.seconds!), 1e-9);
  const n = Math.max(outcome.results.length, 2);
  const x = (i: number): number => left + ((W - left - 20) * i) / (n - 1);
  const y = (s: number): number => H - bottom - ((H - bottom - 30) * s) / max;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(`tl-run --tune: @${facts.kernel} on ${facts.adapter}`)}</title>`,
    `<text x="${left}" y="16">${escapeXml(`@${facts.kernel}: time per launch of each candidate (median), in the order tried`)}</text>`,
    `<line x1="${left}" y1="${H - bottom}" x2="${W - 10}" y2="${H - bottom}" stroke="black"/>`,
    `<line x1="${left}" y1="${H - bottom}" x2="${left}" y2="20" stroke="black"/>`,
    `<text x="4" y="${y(max) + 4}">${escapeXml(formatSecondsShort(max))}</text>`,
    `<text x="4" y="${H - bottom}">0</text>`,
    `<text x="${W / 2}" y="${H - 8}">candidate (0: default)</text>`,
  ];
  for (const r of points) {
    const colour = r === outcome.chosen ? 'green' : r.index === 0 ? 'blue' : r.status === 'wrong' ? 'red' : 'grey';
    parts.push(`<circle cx="${x(r.index).toFixed(1)}" cy="${y(r.seconds!).toFixed(1)}" r="${r === outcome.chosen || r.index === 0 ? 5 : 3}" fill="${colour}"><title>#${r.index} ${escapeXml(describeCandidate(r.candidate))}: ${escapeXml(formatSecondsShort(r.seconds!))}</title></circle>`);
  }
  if (outcome.defaultResult?.seconds !== undefined) {
    const yy = y(outcome.defaultResult.seconds).toFixed(1);
    parts.push(`<line x1="${left}" y1="${yy}" x2="${W - 10}" y2="${yy}" stroke="blue" stroke-dasharray="4 3"/>`, `<text x="${W - 120}" y="${Number(yy) - 4}" fill="blue">default schedule</text>`);
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

const formatSecondsShort = (s: number): string => formatSeconds(s);
