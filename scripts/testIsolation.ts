/**
 * The unit project shares modules between test files (vitest.config.ts: isolate false), so a unit test
 * that replaces a module with vi.mock would hand its fake to whichever file loads that module next, or
 * get the real one that an earlier file loaded. This lists the unit test files that do it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folders of the unit project (vitest.config.ts `unit` include). */
export const UNIT_FOLDERS = ['engine', 'machines', 'locales', 'src', 'shaders', 'bench', 'scripts'];

function testFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of entries) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...testFiles(full));
    else if (name.endsWith('.test.ts')) found.push(full);
  }
  return found;
}

/** `file:line` of each `vi.mock(` / `vi.doMock(` call in a unit test file under `root`. */
export function moduleMocksInUnitTests(root: string): string[] {
  const found: string[] = [];
  for (const folder of UNIT_FOLDERS) {
    for (const file of testFiles(path.join(root, folder))) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/\bvi\.(do)?[mM]ock\(/.test(line.replace(/\/\/.*$/, ''))) found.push(`${path.relative(root, file)}:${i + 1}`);
      });
    }
  }
  return found;
}
