// The tuning cache's contents and the operations on them, apart from where they are stored (a JSON file in Node:
// cache-file.ts; localStorage in a browser): parsing with a warning for anything corrupt or foreign (never a
// crash), lookup, and the merge of two caches (so that two tuners writing at once lose nothing). Browser-safe.
import type { Candidate } from './search-space.js';
import { keyText, type TuningKey } from './tuning-key.js';

export const CACHE_FORMAT = 'tlir-tuning-cache';
export const CACHE_VERSION = 2;

/** One tuned schedule. */
export interface TuningEntry {
  readonly key: TuningKey;
  readonly kernelName: string;
  readonly schedule: Candidate;
  /** The schedule file text (what --lower-to-krnl='schedule=FILE' takes). */
  readonly scheduleText: string;
  /** Median seconds per launch of the chosen and of the default schedule, when tuned. */
  readonly seconds: number;
  readonly defaultSeconds: number;
  readonly tunedAt: string;
}

export interface TuningCache {
  readonly entries: Record<string, TuningEntry>;
}

export const emptyCache = (): TuningCache => ({ entries: {} });

function isCandidate(v: unknown): v is Candidate {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const wg = c.workGroupSize;
  const wgOk = wg === undefined || wg === null || (Array.isArray(wg) && wg.length === 2 && wg.every((n) => Number.isInteger(n) && n > 0));
  const collectivesOk = Array.isArray(c.collectives) && c.collectives.every((k) => typeof k === 'object' && k !== null && Object.values(k).every((x) => typeof x === 'number' || typeof x === 'boolean' || typeof x === 'string'));
  const g = c.groupsPerWorkGroup;
  const packedOk = g === undefined || (Number.isInteger(g) && (g as number) > 0);
  return wgOk && collectivesOk && packedOk;
}

function isEntry(v: unknown): v is TuningEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const k = e.key as Record<string, unknown> | undefined;
  return (
    typeof k === 'object' &&
    k !== null &&
    typeof k.adapter === 'string' &&
    typeof k.kernel === 'string' &&
    typeof k.bucket === 'string' &&
    typeof e.kernelName === 'string' &&
    typeof e.scheduleText === 'string' &&
    typeof e.seconds === 'number' &&
    isCandidate(e.schedule)
  );
}

/** A cache's text parsed: the cache, or an empty one and a warning saying what was wrong. */
export function parseCache(text: string, where: string): { cache: TuningCache; warning?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { cache: emptyCache(), warning: `the tuning cache ${where} is not valid JSON (${(e as Error).message}); it is ignored` };
  }
  const o = json as Record<string, unknown>;
  if (typeof o !== 'object' || o === null || o.format !== CACHE_FORMAT) return { cache: emptyCache(), warning: `${where} is not a tlir tuning cache (no "format": "${CACHE_FORMAT}"); it is ignored` };
  if (o.version !== CACHE_VERSION) return { cache: emptyCache(), warning: `the tuning cache ${where} has version ${String(o.version)}, this tlir reads version ${CACHE_VERSION}; it is ignored` };
  if (typeof o.entries !== 'object' || o.entries === null) return { cache: emptyCache(), warning: `the tuning cache ${where} has no "entries" object; it is ignored` };
  const entries: Record<string, TuningEntry> = {};
  let bad = 0;
  for (const [k, v] of Object.entries(o.entries as Record<string, unknown>)) {
    if (isEntry(v) && keyText(v.key) === k) entries[k] = v;
    else bad++;
  }
  return { cache: { entries }, ...(bad ? { warning: `the tuning cache ${where} has ${bad} malformed entr${bad === 1 ? 'y' : 'ies'}; ignored` } : {}) };
}

export function serializeCache(cache: TuningCache): string {
  const sorted = Object.fromEntries(Object.entries(cache.entries).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify({ format: CACHE_FORMAT, version: CACHE_VERSION, entries: sorted }, null, 2) + '\n';
}

export function lookup(cache: TuningCache, key: TuningKey): TuningEntry | undefined {
  return cache.entries[keyText(key)];
}

/** `ours` merged into `theirs` (what is on disk now): every key of both; for a key in both, the newer tuning. */
export function mergeCaches(theirs: TuningCache, ours: TuningCache): TuningCache {
  const entries: Record<string, TuningEntry> = { ...theirs.entries };
  for (const [k, e] of Object.entries(ours.entries)) {
    const other = entries[k];
    if (!other || other.tunedAt <= e.tunedAt) entries[k] = e;
  }
  return { entries };
}

export function withEntry(cache: TuningCache, entry: TuningEntry): TuningCache {
  return { entries: { ...cache.entries, [keyText(entry.key)]: entry } };
}

/**
 * The entries of a kernel (its hash) for any adapter and shapes, those whose adapter or shape bucket contains
 * `filter` when one is given (what tl-translate, which knows neither, chooses among).
 */
export function entriesForKernel(cache: TuningCache, kernel: string, filter?: string): TuningEntry[] {
  return Object.values(cache.entries).filter((e) => e.key.kernel === kernel && (filter === undefined || e.key.adapter.includes(filter) || e.key.bucket.includes(filter)));
}
