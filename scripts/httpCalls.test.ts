import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpCallsOutsideApi } from './httpCalls';

const ROOT = path.resolve(__dirname, '..');
const dirs: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'http-calls-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('every HTTP call of the client goes through src/api', () => {
  it('holds for the app', () => {
    expect(httpCallsOutsideApi(ROOT)).toEqual([]);
  });

  it('reports a new fetch( outside src/api, and only that one', () => {
    const dir = tree({
      'src/api/client.ts': "export const get = () => fetch('/api/x');\n",
      'src/pages/Page.tsx': "// fetch( in a comment is fine\nconst rows = await fetch('/api/rows');\nconst data = await api.fetch(1);\n",
      'src/pages/Page.test.tsx': "await fetch('/api/rows');\n",
    });
    expect(httpCallsOutsideApi(dir)).toEqual(['src/pages/Page.tsx:2']);
  });
});
