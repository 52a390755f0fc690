// The example picker's kernels: examples/kernels/*.tl, bundled as text; the spec's sample (fused-kernel.tl) first.
const files = import.meta.glob('../../../examples/kernels/*.tl', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Example {
  readonly filename: string;
  readonly text: string;
}

export const SAMPLE = 'fused-kernel.tl';

export const EXAMPLES: readonly Example[] = Object.entries(files)
  .map(([path, text]) => ({ filename: path.slice(path.lastIndexOf('/') + 1), text }))
  .sort((a, b) => (a.filename === SAMPLE ? -1 : b.filename === SAMPLE ? 1 : a.filename < b.filename ? -1 : 1));

/** The Run form's defaults for an example: work-groups and the sizes random values fill where types have '?'. */
export const RUN_DEFAULTS: Readonly<Record<string, { groups: string; shapes: string }>> = {
  'fused-kernel.tl': { groups: '4', shapes: 'D=16x16x4' },
  'bias-relu.tl': { groups: '4', shapes: 'X=64x4 bias=64 Y=64x4' },
  'tall-and-skinny-gemm.tl': { groups: '2', shapes: 'A=128x8 C=128x4' },
  'matrix-chain.tl': { groups: '4', shapes: 'X=32x16x4 Y=32x4x4' },
};
