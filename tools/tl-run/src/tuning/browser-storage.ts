// The tuning cache in a browser: one localStorage item holding the same JSON as the cache file (cache-file.ts is
// Node's). A save merges with what the item holds then, as the file's writes do, so two tabs lose nothing.
import { emptyCache, mergeCaches, parseCache, serializeCache, type TuningCache } from './tuning-cache.js';

/** The localStorage item of the cache. */
export const STORAGE_ITEM = 'tlir-tuning-cache';

/** The part of the Web Storage API used (localStorage, or a stand-in in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The cache in `storage` (empty when there is none), with a warning when it is corrupt or foreign. */
export function loadStoredCache(storage: KeyValueStorage): { cache: TuningCache; warning?: string } {
  const text = storage.getItem(STORAGE_ITEM);
  return text === null ? { cache: emptyCache() } : parseCache(text, `localStorage['${STORAGE_ITEM}']`);
}

/** Saves `ours` merged with what the storage holds now; an error message (a full storage) or undefined. */
export function saveStoredCache(storage: KeyValueStorage, ours: TuningCache): string | undefined {
  try {
    storage.setItem(STORAGE_ITEM, serializeCache(mergeCaches(loadStoredCache(storage).cache, ours)));
    return undefined;
  } catch (e) {
    return `could not save the tuning cache: ${(e as Error).message}`;
  }
}
