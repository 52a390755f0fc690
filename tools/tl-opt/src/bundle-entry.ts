// What the bundle (dist/tl-opt.bundle.cjs) exports: `main` for bin/tl-opt.js, and for the startup snapshot
// (scripts/bundle.mjs) its entry and `runTlOpt`, with which the snapshot is warmed up before it is written.
export { main } from './main.js';
export { snapshotMain } from './snapshot-main.js';
export { runTlOpt } from './tl-opt.js';
