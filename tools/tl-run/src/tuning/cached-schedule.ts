// A kernel's tuned schedule from a cache, put on its tl IR before lowering: what tl-run does on every WebGPU run
// of a .tl kernel, and what a host program (a browser page with the cache in localStorage: browser-storage.ts) does
// through '@tlir/tl-run/browser'. Browser-safe.
import { findKernel } from '@tlir/dialect-tl';
import { printOperation, type Context, type Operation } from '@tlir/ir';
import type { AdapterReport } from '@tlir/runtime';
import type { HostArguments } from '../host-arguments.js';
import { applySchedule, kernelCollectives } from './apply-schedule.js';
import { lookup, type TuningCache, type TuningEntry } from './tuning-cache.js';
import { tuningKey, type TuningKey } from './tuning-key.js';

/** The key of the kernel `name` of a tl module with these pass options, on this adapter and these arguments. */
export function kernelKey(module: Operation, name: string, passOptions: string, report: AdapterReport, host: HostArguments): TuningKey | undefined {
  const fn = findKernel(module, name);
  return fn && tuningKey(printOperation(fn), passOptions, report, host);
}

/** Puts the cache's schedule for the kernel on it (as schedule attributes); the entry used, or undefined. */
export function applyCachedSchedule(cache: TuningCache, ctx: Context, module: Operation, name: string, passOptions: string, report: AdapterReport, host: HostArguments): TuningEntry | undefined {
  const key = kernelKey(module, name, passOptions, report, host);
  const kernel = kernelCollectives(module, name);
  const entry = key && lookup(cache, key);
  if (!entry || !kernel || entry.schedule.collectives.length !== kernel.collectives.length) return undefined;
  applySchedule(ctx, kernel, entry.schedule);
  return entry;
}
