import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AsmPrinter } from '@tlir/ir';
import { printTensorLanguage } from '@tlir/frontend-tl';
import { diagnosticProblem, renderDiagnostics, runFrontEnd, type FrontEndResult } from './front-end-harness.js';
import { choicesFrom, generateProgram, type Choices } from './program-generator.js';
import { SCALE } from './property-settings.js';
import { assertFreshBundle } from '../../../test/lib/bundle-freshness.js';

/*
 * Random edits of valid programs (program-generator.ts): tokens deleted, duplicated, swapped or replaced (numbers,
 * types, names, keywords), text truncated, junk inserted. Through the front end and through the tl-opt command
 * line, the result must be either success or located diagnostics (`file:line:col`, the source line, a caret),
 * never an exception, and tl-opt must exit with 0 or 1. A mutant that is still valid must print as tensor language
 * and read back to the same IR, like any valid program.
 */

// ---- mutations ----------------------------------------------------------------------------------------------

/** Tokens roughly as the language has them (names, numbers, punctuation), white space kept as tokens. */
const TOKEN = /[%$@][\w]+|0[xX][\w.]+(?:[pP][+-]?\d+)?|\d*\.?\d+(?:[eE][+-]?\d+)?|\w+(?:\.\w+)*|->|!calc|\s+|./gsu;

const NUMBERS = ['0', '-1', '1', '3', '-0', '9223372036854775807', '9223372036854775808', '-9223372036854775808', '99999999999999999999', '1e999', '1.5', '0x1p-1074', '.', '?'];
const TYPES = ['f32', 'f64', 'i1', 'i8', 'i16', 'i32', 'i64', 'index', 'void', 'f16', 'i7', 'memref<f32>', 'memref<f32x?>', 'group<memref<f32x2>>', 'bf16', '$t'];
const KEYWORDS = ['func', 'alloca', 'arith.add', 'arith.not', 'cast', 'cmp.lt', 'expand', 'fuse', 'group_id', 'group_size', 'load', 'size', 'subview', 'store', 'if', 'else', 'for', 'foreach', 'yield', 'barrier', 'lifetime_stop', 'gemm.n.t', 'gemv.n', 'ger', 'hadamard_product', 'axpby.t', 'sum.n', 'work_group_size', 'subgroup_size', 'strided', 'offset', 'true', 'false', '!calc', 'min'];
const JUNK = ['{', '}', '(', ')', '[', ']', '<', '>', ',', ':', '=', '->', '%', '$', '@', '!', '!calc(', ';', '\n', '\t', '\r\n', '"', '"unterminated', 'x', '?', '\u00e9', '\u{1F600}', '\u0000', ' ', '%0', '$0', 'strided<', 'group<', 'memref<', '.t', '.atomic', ...KEYWORDS.slice(0, 8)];

type Mutation = (text: string, ch: Choices) => string;

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Replaces one token for which `pick` says what to put instead (undefined: not this one). */
function replaceToken(text: string, ch: Choices, pick: (token: string) => string | undefined): string {
  const ts = tokens(text);
  const candidates = ts.map((t, i) => [t, i] as const).filter(([t]) => pick(t) !== undefined);
  if (!candidates.length) return text;
  const [t, i] = ch.pick(candidates);
  ts[i] = pick(t)!;
  return ts.join('');
}

function nonSpaceIndices(ts: readonly string[]): number[] {
  return ts.map((t, i) => [t, i] as const).filter(([t]) => !/^\s+$/.test(t)).map(([, i]) => i);
}

const MUTATIONS: readonly [string, Mutation][] = [
  [
    'delete a token',
    (text, ch) => {
      const ts = tokens(text);
      const at = nonSpaceIndices(ts);
      if (at.length) ts.splice(ch.pick(at), 1);
      return ts.join('');
    },
  ],
  [
    'duplicate a token',
    (text, ch) => {
      const ts = tokens(text);
      const at = nonSpaceIndices(ts);
      if (at.length) {
        const i = ch.pick(at);
        ts.splice(i, 0, ts[i]!, ch.pick(['', ' ']));
      }
      return ts.join('');
    },
  ],
  [
    'swap two tokens',
    (text, ch) => {
      const ts = tokens(text);
      const at = nonSpaceIndices(ts);
      if (at.length >= 2) {
        const k = ch.int(0, at.length - 2);
        const [i, j] = [at[k]!, at[ch.chance(70) ? k + 1 : ch.int(0, at.length - 1)]!];
        [ts[i], ts[j]] = [ts[j]!, ts[i]!];
      }
      return ts.join('');
    },
  ],
  ['change a number', (text, ch) => replaceToken(text, ch, (t) => (/^[\d.]/.test(t) ? ch.pick(NUMBERS) : undefined))],
  ['change a type', (text, ch) => replaceToken(text, ch, (t) => (/^(f32|f64|i1|i8|i16|i32|i64|index|memref|group)$/.test(t) ? ch.pick(TYPES) : undefined))],
  [
    'change a name',
    (text, ch) => {
      const names = [...new Set(tokens(text).filter((t) => /^[%$@]\w/.test(t)))];
      return replaceToken(text, ch, (t) => (/^[%$@]\w/.test(t) ? ch.pick([...names, '%undefined', '$undefined', '@f0', '%0', '$d0']) : undefined));
    },
  ],
  ['change a keyword', (text, ch) => replaceToken(text, ch, (t) => (/^[a-z_]+(\.\w+)*$/.test(t) && !/^(f32|f64|i\d+|index)$/.test(t) ? ch.pick(KEYWORDS) : undefined))],
  ['truncate', (text, ch) => text.slice(0, ch.int(0, text.length))],
  [
    'insert junk',
    (text, ch) => {
      const at = ch.int(0, text.length);
      return text.slice(0, at) + ch.pick(JUNK) + text.slice(at);
    },
  ],
  [
    'replace a character',
    (text, ch) => {
      if (!text.length) return text;
      const at = ch.int(0, text.length - 1);
      return text.slice(0, at) + ch.pick(['x', '0', '9', '-', ' ', '\n', '}', '%', '?', ':']) + text.slice(at + 1);
    },
  ],
];

/** A generated program with one to three mutations; the names of the mutations applied. */
function mutant(ch: Choices): { text: string; original: string; applied: string[] } {
  const original = generateProgram(ch, 0.5).text;
  let text = original;
  const applied: string[] = [];
  for (let n = ch.int(1, 3); n > 0; n--) {
    const [name, mutate] = ch.pick(MUTATIONS);
    text = mutate(text, ch);
    applied.push(name);
  }
  return { text, original, applied };
}

// ---- the front end ------------------------------------------------------------------------------------------

/** What is wrong with the front end's handling of `text`, or undefined. */
function frontEndProblem(text: string, filename: string): string | undefined {
  let r: FrontEndResult;
  try {
    r = runFrontEnd(text, filename);
  } catch (e) {
    return `the front end threw: ${e instanceof Error ? e.stack : String(e)}`;
  }
  if (!r.module) return diagnosticProblem(r, text, filename);
  if (r.errors.length) return `succeeded with errors:\n${renderDiagnostics(r)}`;
  // Still valid: it must print and read back like any valid program.
  const printed = printTensorLanguage(r.module);
  if (typeof printed !== 'string') return `--emit=tl failed: ${printed.message}`;
  const again = runFrontEnd(printed, 'printed.tl');
  if (!again.module) return `its --emit=tl output is rejected:\n${renderDiagnostics(again)}\n${printed}`;
  const generic = (m: typeof again.module): string => AsmPrinter.print(m!, { generic: true });
  if (generic(again.module) !== generic(r.module)) return `its --emit=tl output reads back as different IR:\n${printed}`;
  return undefined;
}

describe('tensor language: mutated programs', () => {
  it('end in success or located diagnostics in the front end', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const m = mutant(choicesFrom(g, fc));
        const problem = frontEndProblem(m.text, 'mutant.tl');
        expect(problem, `after ${m.applied.join(', ')}:\n${m.text}`).toBeUndefined();
      }),
      { numRuns: 300 * SCALE },
    );
  });

  // ---- the command line -------------------------------------------------------------------------------------

  const TL_OPT = fileURLToPath(new URL('../../../tools/tl-opt/bin/tl-opt.js', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'tl-mutants-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const MARKER = '; -----';
  const HEADER = /^(.*):(\d+):(\d+): (error|warning|note|remark): /;

  /**
   * Runs `tl-opt --split-input-file --emit=tl` on mutants joined with the split marker and says what is wrong:
   * an exit status other than 0 or 1 (or one that disagrees with the front end run on each mutant), an internal
   * error, a diagnostic without location or source line, or diagnostics for other mutants than those the front
   * end rejects.
   */
  function commandLineProblem(mutants: readonly string[]): string | undefined {
    const file = join(dir, 'mutants.tl');
    const text = mutants.join(`\n${MARKER}\n`);
    writeFileSync(file, text);
    const r = spawnSync(process.execPath, [TL_OPT, '--split-input-file', '--emit=tl', file], { encoding: 'utf8' });
    const stderr = r.stderr ?? '';
    const rejected = new Set(mutants.flatMap((m, i) => (runFrontEnd(m, file).module ? [] : [i])));
    if (r.status !== 0 && r.status !== 1) return `tl-opt exited with ${r.status ?? r.signal}:\n${stderr}`;
    if (/internal error|\n\s+at /.test(stderr)) return `tl-opt reported an internal error:\n${stderr}`;
    if (r.status !== (rejected.size ? 1 : 0)) return `tl-opt exited with ${r.status}, the front end rejects ${rejected.size} of ${mutants.length} mutants:\n${stderr}`;
    // Each diagnostic belongs to the mutant whose text it points at.
    const lines = text.split('\n');
    const markerLines = lines.flatMap((l, i) => (l === MARKER ? [i + 1] : []));
    const reported = new Set<number>();
    const out = stderr.split('\n');
    for (let k = 0; k < out.length; k++) {
      const h = HEADER.exec(out[k]!);
      if (!h) continue;
      const [line, column] = [Number(h[2]), Number(h[3])];
      if (h[1] !== file || line < 1 || line > lines.length || column < 1) return `diagnostic outside the input: ${out[k]}`;
      // (Tabs are expanded in the source line shown; the front-end property checks those exactly.)
      const source = lines[line - 1]!.replace(/\r$/, '');
      if (!source.includes('\t') && out[k + 1] !== source) return `diagnostic without its source line: ${out[k]}\n${out[k + 1]}`;
      // On a marker's line: the end of the chunk before it (column 1), or the start of the chunk after it.
      if (h[4] === 'error') reported.add(markerLines.filter((m) => m < line || (m === line && column > MARKER.length)).length);
    }
    const [a, b] = [[...rejected].sort().join(','), [...reported].sort().join(',')];
    return a === b ? undefined : `the front end rejects mutants [${a}], tl-opt reported errors in [${b}]:\n${stderr}`;
  }

  it('end in success or located diagnostics through tl-opt, which exits with 0 or 1', () => {
    assertFreshBundle('tl-opt'); // tl-opt runs from its bundle: not one older than the sources tested above
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const ch = choicesFrom(g, fc);
        const mutants = Array.from({ length: 8 }, () => mutant(ch).text);
        expect(commandLineProblem(mutants), mutants.join(`\n${MARKER}\n`)).toBeUndefined();
      }),
      { numRuns: 6 * SCALE },
    );
  });
});
