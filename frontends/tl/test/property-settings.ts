import fc from 'fast-check';

/*
 * The fast-check settings of the tensor-language property tests, as in packages/ir/test/properties.test.ts: the
 * test suite (and so CI) explores the same inputs every time, so a red run is a change's fault, never luck.
 * TLIR_FC_SEED=random (or a number) explores elsewhere; a failure prints the seed and path to replay it.
 * TLIR_FC_SCALE multiplies the number of runs (e.g. TLIR_FC_SCALE=20 for a long search); TLIR_FC_SHRINK=0 skips
 * shrinking (a quick first look at a failure).
 */
const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261121 });
// Shrinking a failure re-runs the front end hundreds of times; TLIR_FC_SHRINK=0 reports the first failure as is.
if (process.env.TLIR_FC_SHRINK === '0') fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });

/** Multiplies the number of runs of every property. */
export const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);
