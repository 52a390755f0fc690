// The command-line options and the random source the differential generators share (gen-random-attributes.mjs,
// passes/gen-random-folds.mjs): `--name N` options, and xorshift32, a small generator fully determined by its
// seed, so that a seed names the same input on every machine.

/** The number given as `name N` on the command line, or `fallback`. */
export function numberOption(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const text = args[i + 1];
  if (text === undefined || !/^[0-9]+$/.test(text)) {
    process.stderr.write(`${process.argv[1]}: ${name} needs a non-negative integer, got ${text === undefined ? 'nothing' : `'${text}'`}\n`);
    process.exit(1);
  }
  return Number(text);
}

/** Random helpers drawing from one xorshift32 stream started at `seed`. */
export function seededRandom(seed) {
  let state = (seed * 2654435761) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    /** The next 32 random bits, as an unsigned number. */
    next,
    /** 0 to n - 1. */
    below: (n) => next() % n,
    /** True with probability p. */
    chance: (p) => next() / 2 ** 32 < p,
    /** An element of `list`. */
    pick: (list) => list[next() % list.length],
    /** A uniform draw in [0, 1). */
    unit: () => next() / 2 ** 32,
  };
}
