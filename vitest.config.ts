import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' TypeScript sources: each package exports its `src/index.ts` under the
// `@tlir/source` condition. Vitest runs tests in its server-side environment, which takes its conditions from
// `ssr.resolve` (for the modules it transforms and for those it leaves to Node); with `resolve.conditions` alone,
// `@tlir/*` imports resolved to the built `dist/`, and a change to `src/` was not tested until the next build.
export default defineConfig({
  resolve: { conditions: ['@tlir/source'] },
  ssr: { resolve: { conditions: ['@tlir/source'], externalConditions: ['@tlir/source'] } },
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'dialects/*/test/**/*.test.ts',
      'frontends/*/test/**/*.test.ts',
      'conversions/*/test/**/*.test.ts',
      'targets/*/test/**/*.test.ts',
      'registry/test/**/*.test.ts',
      'tools/*/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    testTimeout: 60_000,
    // The tools' tuning cache (docs/tuning.md) in the test output, not the user's: a schedule tuned on this
    // machine must not change what the tests see.
    env: { XDG_CACHE_HOME: fileURLToPath(new URL('./test/.output/xdg-cache', import.meta.url)) },
  },
});
