import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { describePluginException, LoadedPlugins } from '../src/plugin-failures.js';

const PLUGIN = resolve('/tmp/some/plugin.mjs');

function errorWithStack(stack: string[]): Error {
  const e = new Error('boom');
  e.stack = ['Error: boom', ...stack.map((f) => `    at ${f}`)].join('\n');
  return e;
}

describe('exceptions in plugin code', () => {
  const loaded = new LoadedPlugins();
  loaded.add(PLUGIN);

  it('are found at the innermost plugin frame, under tlir frames', () => {
    const e = errorWithStack(['Operation.walk (/repo/packages/ir/dist/walk.js:10:3)', `run (file://${PLUGIN}:12:7)`, 'Pass.run (/repo/packages/pass/dist/pass.js:1:1)']);
    expect(loaded.frameOf(e)).toEqual({ file: PLUGIN, line: 12, column: 7 });
    expect(describePluginException(e, loaded, undefined)).toContain(`${PLUGIN}:12:7: error: plugin '${PLUGIN}' failed: Error: boom`);
  });

  it('are tlir bugs when the stack is tlir alone and no plugin pass runs', () => {
    const e = errorWithStack(['Operation.walk (/repo/packages/ir/dist/walk.js:10:3)', 'Pass.run (/repo/packages/pass/dist/pass.js:1:1)']);
    expect(loaded.frameOf(e)).toBeUndefined();
    expect(describePluginException(e, loaded, undefined)).toBeUndefined();
  });

  it('name the plugin of the running pass when no frame shows it (a thrown string)', () => {
    loaded.own(PLUGIN, ['my-pass']);
    const pass = { argument: 'my-pass' } as never;
    expect(describePluginException('just a string', loaded, pass)).toBe(
      `tl-opt: error: pass 'my-pass' of plugin '${PLUGIN}' failed: just a string (no stack frame in the plugin to point at)\n`,
    );
  });
});
