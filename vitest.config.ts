import { defineConfig } from 'vitest/config';
import { pgliteTemplateDir } from './server/src/testing/pgliteTemplate';

// Node-side tests: engine, machines, locales, server and pure src logic.
// End-to-end tests live in tests/e2e and run under Playwright, not here.
//
// Two projects, run one after the other (sequence.groupOrder):
// - `unit`: pure logic (engine, machines, src, shaders, locales, bench and script helpers), files in
//   parallel on every core;
// - `server`: database, model and process tests (server/ and the CLI against a real server), one file
//   at a time by default: each loads models or starts servers and databases that want both cores.
//   `VITEST_SERVER_WORKERS=2` runs two at a time.
const serverWorkers = Number(process.env.VITEST_SERVER_WORKERS) || 1;
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
          isolate: process.env.VITEST_SERVER_ISOLATE !== '0',
          maxWorkers: serverWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
