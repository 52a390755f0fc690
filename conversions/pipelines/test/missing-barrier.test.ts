// The barriers gpu-insert-barriers inserts are needed: without them, or without the one before a step that reads
// what another step wrote, the gpu interpreter runs the work-items of a work-group as coroutines that only wait for
// each other at barriers, so a work-item goes on to read a tile buffer before the others have filled it (an element
// never written: a runtime error) or reads what the previous tile left there (different results). The kernels are
// lowered with staged tiles (copy=true), whose copies every product waits for.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Operation } from '@tlir/ir';
import { EXAMPLES_DIR, EXAMPLE_LIST } from '../../tl-to-krnl/test/example-launches.js';
import { runEquivalence, type EquivalenceCase } from '../../tl-to-krnl/test/lowering-harness.js';

const EXAMPLES = fileURLToPath(EXAMPLES_DIR);

/** lower-to-gpu without gpu-insert-barriers. */
const WITHOUT_BARRIERS =
  'builtin.module(convert-krnl-to-scf, canonicalize, cse, flow-outline-kernels, gpu-outline-executables, gpu-promote-workgroup-memory, gpu-map-work-items, canonicalize, cse)';

/** What goes wrong with a case: the error of a run, or the differences; '' when the results agree. */
function failure(c: EquivalenceCase): string {
  try {
    return runEquivalence(c).differences.join('\n');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const GEMM_EXAMPLES = EXAMPLE_LIST.filter((e) => e.file !== 'bias-relu.tl');

/** lower-to-krnl with the tiles of the inputs staged in work-group buffers. */
const STAGED = 'builtin.module(lower-to-krnl{copy=true})';

function caseOf(file: string, stages: string[], afterStage?: EquivalenceCase['afterStage']): EquivalenceCase {
  const example = EXAMPLE_LIST.find((e) => e.file === file)!;
  const launch = example.launches[0]!;
  return { source: readFileSync(EXAMPLES + file, 'utf8'), filename: `examples/kernels/${file}`, kernel: example.kernel, groups: launch.groups, args: launch.args, stages, afterStage };
}

/** The gpu.barrier ops of a module, in program order. */
function barriers(module: Operation): Operation[] {
  const found: Operation[] = [];
  module.walk((op) => void (op.name === 'gpu.barrier' && found.push(op)), 'pre');
  return found;
}

/** Whether `op` (or an op in it) loads from a workgroup buffer. */
function readsWorkgroupMemory(op: Operation): boolean {
  let found = false;
  op.walk((o) => {
    if (o.name === 'memref.load' && String(o.operands[0]!.type).includes('#gpu.address_space<workgroup>')) found = true;
  });
  return found;
}

describe('barriers are needed', () => {
  it.each(GEMM_EXAMPLES.map((e) => e.file))('%s: the gpu lowering without barriers fails or computes other results', (file) => {
    expect(failure(caseOf(file, [STAGED, 'builtin.module(lower-to-gpu)']))).toBe('');
    const wrong = failure(caseOf(file, [STAGED, WITHOUT_BARRIERS]));
    expect(wrong).toMatch(/never written|elements differ|data race/);
  });

  it.each(GEMM_EXAMPLES.map((e) => e.file))('%s: deleting only the barrier before a product (which reads the tile buffers the copies filled) is detected', (file) => {
    let deleted = 0;
    const wrong = failure(
      caseOf(file, [STAGED, 'builtin.module(lower-to-gpu)'], (module, stage) => {
        if (stage !== 1) return;
        // A barrier right before the step of a product: work dealt to work-items that multiplies tile elements.
        const b = barriers(module).find((op) => {
          const next = op.nextOperation;
          let multiplies = false;
          next?.walk((o) => void (o.name === 'arith.mulf' && (multiplies = true)));
          return next?.name === 'scf.if' && readsWorkgroupMemory(next) && multiplies;
        });
        b?.erase();
        deleted += b ? 1 : 0;
      }),
    );
    expect(deleted).toBe(1);
    expect(wrong).toMatch(/never written|elements differ|data race/);
  });
});
