#!/usr/bin/env node
// pnpm conformance [options] FOLDER|FILE...
//
// Runs every chunk of upstream-style test files (MLIR's test/Dialect/*/ops.mlir, invalid.mlir, canonicalize.mlir,
// ...) through tl-opt and mlir-opt-22 and prints a table per file: how many chunks behave as upstream does
// (accepted), how many were left out because they use a dialect tl-opt lacks or because mlir-opt-22 itself rejects
// them, and how many differ (mismatch) or crash tl-opt. See docs/conformance.md.
//
// Options:
//   --details          list every chunk that is not accepted or excluded, with the first difference or error
//   --excluded         with --details, list the excluded chunks too
//   --jobs N           chunks run at once (default 2)
//   --json FILE        write every chunk's result as JSON
//   --no-stress        skip the second run (canonicalize, cse, licm, symbol-dce) over accepted chunks
//   --tl-opt PATH      the tl-opt to test (default: this checkout's tools/tl-opt/bin/tl-opt)
//   --mlir-opt PATH    the reference (default: mlir-opt-22 on PATH)

import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyFile, formatTable, registeredDialects, tally } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function usage(message) {
  if (message) process.stderr.write(`conformance: ${message}\n`);
  process.stderr.write('usage: pnpm conformance [--details] [--excluded] [--jobs N] [--json FILE] [--no-stress] [--tl-opt PATH] [--mlir-opt PATH] FOLDER|FILE...\n');
  process.exit(message ? 1 : 0);
}

const args = process.argv.slice(2);
const inputs = [];
let details = false;
let excluded = false;
let jobs = 2;
let json;
let stress = true;
let tlOpt = path.join(root, 'tools/tl-opt/bin/tl-opt');
let mlirOpt = 'mlir-opt-22';
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--details') details = true;
  else if (a === '--excluded') excluded = true;
  else if (a === '--no-stress') stress = false;
  else if (a === '--jobs') jobs = Number(args[++i]);
  else if (a === '--json') json = args[++i];
  else if (a === '--tl-opt') tlOpt = args[++i];
  else if (a === '--mlir-opt') mlirOpt = args[++i];
  else if (a === '--help' || a === '-h') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else inputs.push(a);
}
if (inputs.length === 0) usage('no test files or folders given');
if (!Number.isInteger(jobs) || jobs < 1) usage('--jobs takes a positive integer');

/** The .mlir files of a folder, recursively, sorted. */
function mlirFiles(p) {
  if (!existsSync(p)) usage(`no such file or folder: ${p}`);
  if (statSync(p).isFile()) return [p];
  const out = [];
  for (const name of readdirSync(p).sort()) {
    const full = path.join(p, name);
    if (statSync(full).isDirectory()) out.push(...mlirFiles(full));
    else if (name.endsWith('.mlir')) out.push(full);
  }
  return out;
}

const files = inputs.flatMap(mlirFiles);
const dialects = await registeredDialects(tlOpt);
const upstreamDialects = await registeredDialects(mlirOpt);
if (upstreamDialects.size === 0) usage(`${mlirOpt} did not list its dialects (is it installed?)`);
if (dialects.size === 0) usage(`${tlOpt} did not list its dialects (run pnpm build first)`);

const base = inputs.length === 1 && statSync(inputs[0]).isDirectory() ? inputs[0] : process.cwd();
const rows = [];
const all = [];
for (const file of files) {
  const result = await classifyFile(file, { tlOpt, mlirOpt, dialects, upstreamDialects, stress }, jobs);
  const name = path.relative(base, file);
  if (!result) {
    process.stderr.write(`skipped ${name}: its RUN lines test something other than printing, diagnostics or canonicalize\n`);
    continue;
  }
  rows.push({ file: name, mode: result.mode, counts: tally(result.chunks) });
  for (const c of result.chunks) all.push({ file: name, ...c });
  process.stderr.write(`${name}: ${result.chunks.length} chunks\n`);
}

process.stdout.write(formatTable(rows) + '\n');
if (details) {
  for (const c of all) {
    if (c.class === 'accepted') continue;
    if (c.class.startsWith('excluded') && !excluded) continue;
    process.stdout.write(`${c.file}:${c.line}: ${c.class}: ${c.detail}\n`);
  }
}
if (json) writeFileSync(json, JSON.stringify(all, null, 2) + '\n');
process.exitCode = all.some((c) => c.class === 'crash') ? 2 : 0;
