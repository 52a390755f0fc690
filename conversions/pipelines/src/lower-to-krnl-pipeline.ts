// The lower-to-krnl pipeline: tl-to-krnl, then canonicalize and cse (docs/lowering-tl-to-krnl.md):
//   tl-opt kernel.tl --lower-to-krnl='tile-m=32 copy=false'
import { TL_TO_KRNL_OPTIONS, TlToKrnlPass, optionsAndScheduleProblem } from '@tlir/conversion-tl-to-krnl';
import { definePipeline } from '@tlir/pass';
import { CSEPass, CanonicalizePass } from '@tlir/transforms';

export const LowerToKrnlPipeline = definePipeline({
  argument: 'lower-to-krnl',
  summary: 'Lower tensor-language kernels to krnl: tl-to-krnl, then canonicalize and cse',
  options: TL_TO_KRNL_OPTIONS,
  validate: optionsAndScheduleProblem,
  build(pm, options) {
    pm.addPass(TlToKrnlPass.create(options));
    pm.addPass(CanonicalizePass);
    pm.addPass(CSEPass);
  },
});
