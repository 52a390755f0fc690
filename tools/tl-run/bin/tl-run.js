#!/usr/bin/env -S node --max-semi-space-size=4
// tl-run runs from one bundled module, dist/tl-run.bundle.mjs, built by `pnpm build` (../scripts/bundle.mjs); the
// V8 flag is tl-opt's (a small young generation suits a compiler). The `webgpu` package (Dawn, a native module) is
// not bundled: it is loaded from this package's dependencies when the webgpu backend needs it.
import '../dist/tl-run.bundle.mjs';
