#!/usr/bin/env -S node --max-semi-space-size=4
// tl-translate runs from one bundled module, dist/tl-translate.bundle.mjs, built by `pnpm build`
// (../scripts/bundle.mjs); the V8 flag is tl-opt's (a small young generation suits a compiler).
import '../dist/tl-translate.bundle.mjs';
