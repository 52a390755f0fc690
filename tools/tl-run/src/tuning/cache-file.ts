// The tuning cache as a JSON file (Node only: the browser keeps it in localStorage, tuning-cache.ts has the rest):
// `$XDG_CACHE_HOME/tlir/tuning.json`, else `~/.cache/tlir/tuning.json`, or the file of --cache. Writes are atomic
// (a temporary file in the same directory, renamed over the cache) and merge with what is on disk just before, so
// that two tuners at once lose nothing.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { emptyCache, mergeCaches, parseCache, serializeCache, type TuningCache } from './tuning-cache.js';

/** The default cache file. */
export function defaultCachePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'tlir', 'tuning.json');
}

/** The cache in `path` (empty when there is none), with a warning when it is corrupt or foreign. */
export function readCacheFile(path: string): { cache: TuningCache; warning?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { cache: emptyCache() };
    return { cache: emptyCache(), warning: `could not read the tuning cache ${path} (${(e as Error).message}); it is ignored` };
  }
  return parseCache(text, path);
}

/** Writes `ours` merged with the file's current contents, atomically; returns an error message or undefined. */
export function writeCacheFile(path: string, ours: TuningCache): string | undefined {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const merged = mergeCaches(readCacheFile(path).cache, ours);
    writeFileSync(temp, serializeCache(merged));
    renameSync(temp, path);
    return undefined;
  } catch (e) {
    // The temporary file may not exist, or its directory may not be one (a file in the cache's path).
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing to remove
    }
    return `could not write the tuning cache ${path}: ${(e as Error).message}`;
  }
}
