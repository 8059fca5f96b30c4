/**
 * A throwaway folder of small text files for tests of the source checks (scripts/*.test.ts): each test
 * writes the tree it needs; the folders go when the test file ends.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Returns a function that writes `files` (relative path → text) into a new temporary folder and returns the folder. */
export function fileTrees(prefix: string): (files: Record<string, string>) => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return (files) => {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
}
