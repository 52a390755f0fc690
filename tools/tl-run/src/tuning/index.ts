// Tuned schedules (docs/tuning.md) for tl-translate and host programs ('@tlir/tl-run/tuning'): the cache file, the
// key, the search space, putting a schedule on a kernel. Node (the cache file); without the tl-run command or a
// WebGPU device.
export { defaultCachePath, readCacheFile, writeCacheFile } from './cache-file.js';
export { emptyCache, entriesForKernel, lookup, mergeCaches, parseCache, serializeCache, withEntry, type TuningCache, type TuningEntry } from './tuning-cache.js';
export { adapterIdentity, bucketSize, kernelHash, shapeBucket, tuningKey, type TuningKey } from './tuning-key.js';
export { applySchedule, kernelCollectives } from './apply-schedule.js';
export { describeCandidate, scheduleFileText, searchSpace, type Candidate } from './search-space.js';
