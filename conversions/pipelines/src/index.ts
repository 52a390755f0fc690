// The public surface of @tlir/pipelines: the pipelines that chain the conversions, `--lower-to-krnl` and
// `--lower-to-gpu` (docs/lowering-tl-to-krnl.md, docs/lowering-to-gpu.md).
export { LowerToGpuPipeline } from './lower-to-gpu-pipeline.js';
export { LowerToKrnlPipeline } from './lower-to-krnl-pipeline.js';
