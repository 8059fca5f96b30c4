/**
 * Finds reads of `process.env` in the server (server/src) outside server/src/config, which reads the environment
 * once into one checked configuration object (config/serverConfig.ts) and hands its sections down. Used by
 * scripts/envReads.test.ts; run `npx tsx scripts/envReads.ts` to list them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, isSource } from './sourceFiles';

/**
 * Files allowed a `process.env` outside server/src/config, each for a stated reason: helper processes and
 * set-ups of the tests, which are not the server and take their own switches.
 */
export const ALLOWED: Readonly<Record<string, string>> = {
  'server/src/testing/testDatabases.ts': 'tests: DATABASE_URL picks the database the test suites run on',
  'server/src/testing/processHarness.ts': 'tests: starts server processes with the test environment plus overrides',
  'server/src/testing/crashTestProcess.ts': 'tests: a crash-test server process and its CRASH_TEST_JOB_MS switch',
  'server/src/comfy/testing/fakeComfyMain.ts': 'tests: the stand-alone fake ComfyUI server and its FAKE_COMFY_* switches',
};

const READ = /\bprocess\.env\b/;

/** `file:line` of every `process.env` in `<root>/server/src` outside server/src/config and {@link ALLOWED}. */
export function envReadsOutsideConfig(root: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(path.join(root, 'server', 'src'), isSource)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel.startsWith('server/src/config/') || rel in ALLOWED) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.trimStart();
        if (READ.test(line) && !code.startsWith('*') && !code.startsWith('//')) found.push(`${rel}:${i + 1}`);
      });
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const found = envReadsOutsideConfig(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'));
  for (const line of found) console.log(line);
  process.exitCode = found.length > 0 ? 1 : 0;
}
