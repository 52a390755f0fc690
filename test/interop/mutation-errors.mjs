// A differential test of errors: valid files, damaged at random (characters deleted, tokens inserted or
// replaced: one or two edits per variant, determined by the seed), are given to mlir-opt and to tl-opt (both
// found on PATH, as the file tests put them there). Both must fail or succeed alike and, when they fail, report
// the same first error: the same file:line:col and the same message. The differences tlir keeps on purpose
// (test/interop/README.md, test/ir/invalid-tlir-only.mlir) are left out by their messages.
//
//   node mutation-errors.mjs --seeds 1 --count 40 [--reference mlir-opt] [--tool tl-opt] FILE...
//
// prints each variant on which the tools disagree (where it is written, and both errors), and exits 1 if any.
// The file tests name `--reference mlir-opt` on their RUN line, so that the harness sees that they need it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { numberOption, seededRandom } from './seeded-random.mjs';

const first = numberOption('--seeds', 1);
const count = numberOption('--count', 20);
/** The command given as `name C` on the command line, or `fallback`. */
function commandOption(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1] ?? fallback;
}
const reference = commandOption('--reference', 'mlir-opt');
const tool = commandOption('--tool', 'tl-opt');
const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
if (files.length === 0) {
  process.stderr.write(`${process.argv[1]}: give the valid files to damage\n`);
  process.exit(1);
}

/** What an edit may insert: punctuation, names, keywords and literals of the MLIR syntax. */
const TOKENS = ['%', '%0', '^bb1', '(', ')', '{', '}', '<', '>', '[', ']', ':', ',', '=', '->', '"', '@f', '#', '!', 'i32', 'index', 'f32', '0x', '1.5', '-', '?', 'x', 'memref<', 'tensor<', 'dense<', 'loc(', 'true', '...', '*', '+', ' '];

/** Messages tlir words or places differently on purpose (see test/interop/README.md). */
const KNOWN_DIFFERENCES = [
  /reference to an undefined block/,
  /is not registered|unregistered dialect/,
  /not supported/,
  // mlir-opt fails without a word on `!gpu.mma_matrix<16x16xf32, 5>` (its parser returns no type, reporting nothing).
  /expected a string naming the operand/,
];

/**
 * Dialects mlir-opt has and tl-opt does not (both say so with --show-dialects): an op or attribute of one that a
 * damage makes unknown is "custom op 'cf.x' is unknown" or "unknown attribute `x` in dialect `nvvm`" there, and
 * tl-opt does not know the dialect (or keeps its attributes opaque: test/interop/README.md).
 */
function dialectsOnlyIn(referenceTool, otherTool) {
  const list = (t) => new Set((/Available Dialects: (.*)/.exec(spawnSync(t, ['--show-dialects'], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? '').split(','));
  const theirs = list(otherTool);
  return [...list(referenceTool)].filter((d) => d !== '' && !theirs.has(d));
}

/** `text` with one or two random edits. */
function damage(text, random) {
  const edits = 1 + random.below(2);
  for (let e = 0; e < edits && text.length > 0; e++) {
    const at = random.below(text.length + 1);
    const kind = random.below(3);
    if (kind === 0) text = text.slice(0, at) + text.slice(at + 1 + random.below(4));
    else if (kind === 1) text = text.slice(0, at) + random.pick(TOKENS) + text.slice(at);
    else {
      const word = /^[A-Za-z0-9_.%#@^]+/.exec(text.slice(at));
      text = text.slice(0, at) + random.pick(TOKENS) + text.slice(at + (word ? word[0].length : 1));
    }
  }
  return text;
}

/** Exit status and first error line of `tool` on `file`. */
function run(tool, file) {
  const r = spawnSync(tool, ['--allow-unregistered-dialect', file, '-o', '/dev/null'], { encoding: 'utf8', timeout: 20000 });
  if (r.error) {
    process.stderr.write(`${process.argv[1]}: cannot run ${tool}: ${r.error.code === 'ENOENT' ? 'not found on PATH' : r.error.message}\n`);
    process.exit(1);
  }
  // mlir-opt 22 writes a NUL character into one message ("expected 1 operand type\0 but had 0"), where the
  // plural's "s" would go; tl-opt writes nothing there.
  const error = r.stderr.split('\n').find((l) => / error: /.test(l)) ?? '';
  return { status: r.status, error: error.replaceAll('\0', '') };
}

/** The files' texts, read before anything is written. */
const sources = new Map();
for (const source of files) {
  try {
    sources.set(source, readFileSync(source, 'utf8'));
  } catch (e) {
    process.stderr.write(`${process.argv[1]}: cannot read ${source}: ${e.code === 'ENOENT' ? 'no such file' : e.message}\n`);
    process.exit(1);
  }
}

const onlyInReference = dialectsOnlyIn(reference, tool).join('|');
if (onlyInReference !== '') {
  KNOWN_DIFFERENCES.push(new RegExp(`Dialect \`(${onlyInReference})' not found|custom op '(${onlyInReference})\\.|in dialect \`(${onlyInReference})\``));
}

const dir = join(tmpdir(), `tlir-mutations-${process.pid}`);
mkdirSync(dir, { recursive: true });
let compared = 0;
const mismatches = [];
for (const source of files) {
  // Comment lines (RUN, CHECK, expected-*) and split markers go: each variant is one input.
  const text = sources.get(source)
    .split('\n')
    .filter((l) => !l.trim().startsWith('//'))
    .join('\n');
  for (let seed = first; seed < first + count; seed++) {
    const variant = join(dir, `${basename(source, '.mlir')}-${seed}.mlir`);
    writeFileSync(variant, damage(text, seededRandom(seed)));
    const ref = run(reference, variant);
    const tl = run(tool, variant);
    if (KNOWN_DIFFERENCES.some((k) => k.test(ref.error) || k.test(tl.error))) continue;
    compared++;
    if ((ref.status === 0) !== (tl.status === 0) || ref.error !== tl.error) mismatches.push({ source, seed, ref, tl });
  }
}
rmSync(dir, { recursive: true, force: true });
for (const m of mismatches) {
  process.stdout.write(`${m.source}, seed ${m.seed}:\n  mlir-opt (exit ${m.ref.status}): ${m.ref.error}\n  tl-opt   (exit ${m.tl.status}): ${m.tl.error}\n`);
}
process.stdout.write(`${compared} damaged inputs compared, ${mismatches.length} with different errors\n`);
process.exit(mismatches.length ? 1 : 0);
