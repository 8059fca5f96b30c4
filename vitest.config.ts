import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { pgliteTemplateDir } from './server/src/testing/pgliteTemplate';
import { browserCommands } from './tests/helpers/browserCommands';

// Node-side tests: engine, machines, locales, server and pure src logic.
// End-to-end tests live in tests/e2e and run under Playwright, not here.
//
// Two projects, run one after the other (sequence.groupOrder):
// - `unit`: pure logic (engine, machines, src, shaders, locales, bench and script helpers), files in
//   parallel on every core, in worker threads that keep their modules between files (isolate: false:
//   32 s instead of 72 s on the 2-core machine, most of it was loading the same modules again);
// - `server`: database, model and process tests (server/ and the CLI against a real server), two files
//   at a time (`VITEST_SERVER_WORKERS`; three were no faster): much of their time is spent waiting on
//   databases and child processes. The files of one worker share modules (the server graph and the models
//   load once per worker, and the models' caches serve the next file: 6.3 min instead of 8.5 on the 2-core
//   machine). `VITEST_SERVER_ISOLATE=1` gives each file fresh modules, to tell an order-dependent leak
//   from a real failure.
// - `components`: React components (`src/**/*.test.tsx`) rendered in Debian's Chromium (browser mode),
//   driven by real clicks, keys and drops: the interaction of panels, dialogs, upload and pickers, without
//   a server. The end-to-end tests in tests/e2e keep the journeys through the real server.
// Since modules are shared, no test may vi.mock a module (inject the dependency instead;
// scripts/testIsolation.test.ts checks), and a test resets the module state it changes.
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
          isolate: process.env.VITEST_SERVER_ISOLATE === '1',
          maxWorkers: serverWorkers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        define: { global: 'globalThis' },
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/helpers/componentSetup.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 2 },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            commands: browserCommands,
          },
        },
      },
    ],
  },
});
