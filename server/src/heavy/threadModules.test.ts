import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiledUrl, THREAD_MODULES } from './threadModules';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('thread modules', () => {
  it('lists every TypeScript module the server names by URL, so the compiled server has an entry for each', () => {
    const named = new Set<string>();
    for (const file of sources(SERVER_SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/new URL\('([^']+\.ts)', import\.meta\.url\)/g)) {
        named.add(
          path
            .relative(SERVER_SRC, path.resolve(path.dirname(file), match[1]))
            .split(path.sep)
            .join('/'),
        );
      }
    }
    named.delete('heavy/heavyThread.ts'); // the thread's own entry, built as such
    expect(named.size).toBeGreaterThanOrEqual(THREAD_MODULES.length);
    expect([...named].sort()).toEqual([...THREAD_MODULES].sort());
  });

  it('maps a server source to its compiled entry', () => {
    expect(compiledUrl(new URL('file:///srv/app/server/src/models/subjectMask.ts')).href).toBe('file:///srv/app/build/server/models/subjectMask.js');
    expect(() => compiledUrl(new URL('file:///srv/app/engine/doc/x.ts'))).toThrow(/not a server source/);
  });
});
