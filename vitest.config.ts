import { defineConfig } from 'vitest/config';

// Node-side tests: engine, machines, locales, server and pure src logic.
// End-to-end tests live in tests/e2e and run under Playwright, not here.
export default defineConfig({
  test: {
    include: ['{engine,machines,locales,server,src,shaders,bench,scripts,cli}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Model and database tests are heavy on a 2-core machine: one file at a time.
    fileParallelism: false,
    pool: 'forks',
  },
});
