/**
 * Both Vitest projects share modules between the test files of one worker (vitest.config.ts: isolate
 * false), so a test that replaced a module with vi.mock would hand its fake to whichever file loads that
 * module next, or get the real one an earlier file loaded. This lists the test files that do it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, isTest } from './sourceFiles';

/** The folders of the unit and server projects (vitest.config.ts `include`). */
export const TEST_FOLDERS = ['engine', 'machines', 'locales', 'src', 'shaders', 'bench', 'scripts', 'server', 'cli'];

/** `file:line` of each `vi.mock(` / `vi.doMock(` call in a test file under `root`. */
export function moduleMocksInTests(root: string): string[] {
  const found: string[] = [];
  for (const folder of TEST_FOLDERS) {
    for (const file of filesUnder(path.join(root, folder), isTest)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bvi\.(do)?[mM]ock\(/.test(line.replace(/\/\/.*$/, ''))) found.push(`${path.relative(root, file)}:${i + 1}`);
        });
    }
  }
  return found;
}
