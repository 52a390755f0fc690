import fc from 'fast-check';

/*
 * The fast-check settings of the runtime's property tests, as in packages/ir/test/properties.test.ts: the test
 * suite (and so CI) explores the same inputs every time, so a red run is a change's fault, never luck.
 * TLIR_FC_SEED=random (or a number) explores elsewhere; a failure prints the seed and path to replay it.
 */
const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261122 });
