// The key a tuned schedule is cached under: the adapter (vendor, architecture, device, description: the driver is
// in it), a hash of the kernel's tl IR and of the pass options, and the shape bucket of the arguments (every size
// rounded up to a power of two, as CubeCL buckets; the work-group count too). Browser-safe.
import type { AdapterReport } from '@tlir/runtime';
import type { HostArguments } from '../host-arguments.js';

export interface TuningKey {
  /** `vendor|architecture|device|description|backend`. */
  readonly adapter: string;
  /** fnv1a-64 of the kernel's printed tl IR and the options, hex. */
  readonly kernel: string;
  /** `A=64x32 B=32x8 groups=4`. */
  readonly bucket: string;
}

/** The adapter's part of the key. */
export function adapterIdentity(report: Pick<AdapterReport, 'vendor' | 'architecture' | 'device' | 'description' | 'backend'>): string {
  return [report.vendor, report.architecture, report.device, report.description, report.backend].join('|');
}

/** FNV-1a, 64 bits, of a string's UTF-16 code units, as 16 hex digits (stable everywhere; not cryptographic). */
export function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & mask;
  }
  return h.toString(16).padStart(16, '0');
}

/** The kernel's part of the key: its tl IR as printed, and every option that changes its lowering. */
export function kernelHash(printedKernel: string, passOptions: string): string {
  return fnv1a64(`${printedKernel}\u0000${passOptions.trim()}`);
}

/** n rounded up to a power of two (0 stays 0). */
export function bucketSize(n: number): number {
  return n <= 0 ? 0 : 2 ** Math.ceil(Math.log2(n));
}

/** The shape bucket of the arguments: each array's sizes rounded up to powers of two, and the work-group count. */
export function shapeBucket(host: HostArguments): string {
  const parts: string[] = [];
  for (const [name, value] of host.values) {
    if (value.kind === 'array') parts.push(`${name}=${value.array.shape.map(bucketSize).join('x') || 'scalar'}`);
  }
  parts.push(`groups=${bucketSize(host.groups)}`);
  return parts.join(' ');
}

/** The key as one string (the cache's index). */
export const keyText = (k: TuningKey): string => `${k.adapter}#${k.kernel}#${k.bucket}`;

/** The key of a kernel (its tl.func) with these pass options on this adapter and these arguments. */
export function tuningKey(printedKernel: string, passOptions: string, report: Pick<AdapterReport, 'vendor' | 'architecture' | 'device' | 'description' | 'backend'>, host: HostArguments): TuningKey {
  return { adapter: adapterIdentity(report), kernel: kernelHash(printedKernel, passOptions), bucket: shapeBucket(host) };
}
