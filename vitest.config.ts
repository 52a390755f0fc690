import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@tlir/source'] },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'dialects/*/test/**/*.test.ts', 'tools/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
