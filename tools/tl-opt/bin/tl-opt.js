#!/usr/bin/env -S node --max-semi-space-size=4
// V8 flag: a small young generation suits a compiler, whose IR mostly survives (measured in bench/).
// tl-opt runs from one bundled module (built by `pnpm build`, see ../scripts/bundle.mjs).
import "../dist/tl-opt.bundle.mjs";
