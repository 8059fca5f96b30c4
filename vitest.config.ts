import { defineConfig } from 'vitest/config';
import { pgliteTemplateDir } from './server/src/testing/pgliteTemplate';

// Node-side tests: engine, machines, locales, server and pure src logic.
// End-to-end tests live in tests/e2e and run under Playwright, not here.
//
// Two projects, run one after the other (sequence.groupOrder):
// - `unit`: pure logic (engine, machines, src, shaders, locales, bench and script helpers), files in
//   parallel on every core;
// - `server`: database, model and process tests (server/ and the CLI against a real server), two files
//   at a time (`VITEST_SERVER_WORKERS`): much of their time is spent waiting on databases and child
//   processes. The files of one worker share its modules (no isolation, `VITEST_SERVER_ISOLATE=1` turns
//   it back on): the server's module graph and its models are loaded once per worker, not once per
//   file (8.5 min instead of 14 for this project on the 2-core machine). So a server test must not
//   rely on a fresh module: no vi.mock (inject the dependency instead), and module state (caches,
//   processConfig after vi.stubEnv: forgetProcessConfig) reset by the test that changes it.
const serverWorkers = Number(process.env.VITEST_SERVER_WORKERS) || 2;
// Every embedded database of the tests (and of the servers they start) is a copy of one initdb'd folder.
process.env.PGLITE_TEMPLATE_DIR = pgliteTemplateDir();

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['server/src/testing/vitestGlobalSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{engine,machines,locales,src,shaders,bench,scripts}/**/*.test.ts'],
          fileParallelism: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['{server,cli}/**/*.test.ts'],
          fileParallelism: serverWorkers > 1,
          isolate: process.env.VITEST_SERVER_ISOLATE === '1',
          maxWorkers: serverWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
