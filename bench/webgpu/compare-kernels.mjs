// Compares variants of one case's tlir kernel in one process by the CPU time each launch takes, for trying a
// change on a loaded machine: `node bench/webgpu/compare-kernels.mjs CASE DIR...` loads DIR/CASE.wgsl and
// DIR/CASE.manifest.json from each folder (compiled with tl-opt and tl-translate as run.mjs compiles them, or edited
// by hand), launches each on the case's inputs, and then times them in turns: each round launches every variant R
// times (inputs on the device, as in run.mjs) and records the process's CPU time (user + system, every thread: the
// CPU adapters run the work-groups on threads of this process) and the wall time per launch. Prints the median of
// the rounds. CPU time moves much less than wall time when other processes share the machine; it is a figure for
// comparing variants on a CPU adapter, not a speed. Options (environment): ROUNDS (7), REPETITIONS (2), RECIPE
// ('swiftshader', or 'opengles' for llvmpipe). Results are not checked here: run.mjs checks them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { acquireNodeDevice } from '../../packages/runtime/dist/node/index.js';
import { residentKernel } from './lib/tlir-resident.mjs';
import { findCase } from './cases.mjs';

const [name, ...dirs] = process.argv.slice(2);
if (!name || dirs.length === 0) {
  console.error('usage: node bench/webgpu/compare-kernels.mjs CASE DIR...   (environment: ROUNDS, REPETITIONS, RECIPE)');
  process.exit(2);
}
/** Exits with a one-line message (no stack: bad input is the user's, not a bug). */
function fail(message) {
  console.error(`compare-kernels: ${message}`);
  process.exit(2);
}
const count = (variable, fallback) => {
  const n = Number(process.env[variable] ?? fallback);
  if (!Number.isInteger(n) || n < 1) fail(`${variable} must be a positive integer, got '${process.env[variable]}'`);
  return n;
};
const rounds = count('ROUNDS', 7);
const repetitions = count('REPETITIONS', 2);
let benchCase;
try {
  benchCase = findCase(name);
} catch (error) {
  fail(error.message);
}
for (const dir of dirs) {
  for (const file of [`${name}.wgsl`, `${name}.manifest.json`]) if (!existsSync(path.join(dir, file))) fail(`${path.join(dir, file)} does not exist`);
}
const device = await acquireNodeDevice({ recipes: [process.env.RECIPE ?? 'swiftshader'] });
const hostValue = (input) => (typeof input === 'number' ? input : { dtype: 'f32', shape: input.shape, order: 'F', data: input.data });
const launchers = [];
for (const dir of dirs) {
  let kernel;
  try {
    kernel = await device.loadKernel({
      wgsl: readFileSync(path.join(dir, `${name}.wgsl`), 'utf8'),
      manifest: readFileSync(path.join(dir, `${name}.manifest.json`), 'utf8'),
      wgslFile: path.join(dir, `${name}.wgsl`),
    });
  } catch (error) {
    fail(`${dir}: ${error.message}`); // a located WGSL or manifest error
  }
  const values = benchCase.inputs().map(hostValue);
  const args = Object.fromEntries(kernel.manifest.arguments.map((a, i) => [a.name, values[i]]));
  const launcher = await residentKernel(kernel, args, benchCase.tl.groups);
  await launcher.launch(1); // compiled and warm
  launchers.push(launcher);
}
const cpu = dirs.map(() => []);
const wall = dirs.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < launchers.length; i++) {
    const before = process.cpuUsage();
    const { ms } = await launchers[i].launch(repetitions);
    const used = process.cpuUsage(before);
    cpu[i].push((used.user + used.system) / 1000 / repetitions);
    wall[i].push(ms / repetitions);
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`${name} on ${device.report.summary}: ${rounds} rounds of ${repetitions} launches per variant`);
dirs.forEach((dir, i) => {
  console.log(`${dir}: CPU ${median(cpu[i]).toFixed(1)} ms per launch (rounds: ${cpu[i].map((x) => x.toFixed(0)).join(' ')}), wall ${median(wall[i]).toFixed(1)} ms`);
});
for (const launcher of launchers) launcher.destroy();
device.release();
process.exit(0);
