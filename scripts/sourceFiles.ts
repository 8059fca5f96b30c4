/**
 * The file walk the source checks share (httpCalls, envReads, localeKeys, testIsolation): every file
 * under a folder, recursively, that a name test accepts.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** TypeScript sources that are not tests. */
export const isSource = (name: string): boolean => /\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name);
/** Vitest test files. */
export const isTest = (name: string): boolean => name.endsWith('.test.ts');

/** Every file under `dir` whose name `accept` takes; a missing folder gives none; node_modules and dot-folders are skipped. */
export function* filesUnder(dir: string, accept: (name: string) => boolean): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* filesUnder(full, accept);
    else if (accept(name)) yield full;
  }
}
