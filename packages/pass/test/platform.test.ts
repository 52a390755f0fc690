// Where pass reports go when a pass manager is given no output: the platform's writeError (stderr in Node), never
// `process` directly, so that the same passes run in a browser's Web Worker (the playground).
import { afterEach, describe, expect, it } from 'vitest';
import { definePass, PassManager, platform, setPlatform, type Platform } from '@tlir/pass';
import { parse, testContext } from '../../../test/lib/test-context.js';

const reporter = definePass({
  argument: 'test-report',
  summary: 'writes a report',
  run(_op, run) {
    run.write('a report\n');
  },
});

let saved: Platform | undefined;
afterEach(() => {
  if (saved) setPlatform(saved);
  saved = undefined;
});

describe('the platform interface', () => {
  it("sends the reports of a pass manager without output to the platform's writeError", () => {
    const written: string[] = [];
    saved = setPlatform({ writeError: (t) => void written.push(t) });
    const pm = new PassManager('builtin.module');
    pm.addPass(reporter);
    expect(pm.run(parse(testContext(), '"test.op"() : () -> ()'))).toBe(true);
    expect(written).toEqual(['a report\n']);
  });

  it('keeps an explicit output, and restores the previous platform', () => {
    const written: string[] = [];
    const output: string[] = [];
    const before = platform();
    saved = setPlatform({ writeError: (t) => void written.push(t) });
    const pm = new PassManager('builtin.module', { output: (t) => void output.push(t) });
    pm.addPass(reporter);
    pm.run(parse(testContext(), '"test.op"() : () -> ()'));
    expect([written, output]).toEqual([[], ['a report\n']]);
    expect(setPlatform(saved)).not.toBe(before);
    expect(platform()).toBe(before);
    saved = undefined;
  });
});
