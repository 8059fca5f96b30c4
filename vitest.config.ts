import { defineConfig } from 'vitest/config';
import { pgliteTemplateDir } from './server/src/testing/pgliteTemplate';

// Node-side tests: engine, machines, locales, server and pure src logic.
// End-to-end tests live in tests/e2e and run under Playwright, not here.
//
// Two projects, run one after the other (sequence.groupOrder):
// - `unit`: pure logic (engine, machines, src, shaders, locales, bench and script helpers), files in
//   parallel on every core, in worker threads that keep their modules between files (isolate: false:
//   37 s instead of 72 s on the 2-core machine, most of it was loading the same modules again). So a unit
//   test must not vi.mock a module (inject the dependency instead; scripts/testIsolation.test.ts checks) and
//   puts back any global it changes;
// - `server`: database, model and process tests (server/ and the CLI against a real server), two files
//   at a time (`VITEST_SERVER_WORKERS`): much of their time is spent waiting on databases and child
//   processes. Each file gets fresh modules by default. `VITEST_SERVER_ISOLATE=0` lets the files of one
//   worker share them (the server graph and models load once per worker: 8.5 min instead of 14 on the
//   2-core machine), but a fresh clone's run found one order-dependent leak that way (heavyPool.test.ts,
//   fixed), so it stays opt-in until a few runs in a row are green with it. For that mode a server test
//   must not use vi.mock (inject the dependency instead) and resets the module state it changes.
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
          pool: 'threads',
          isolate: false,
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
