import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED, envReadsOutsideConfig } from './envReads';

const ROOT = path.resolve(__dirname, '..');
const dirs: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'env-reads-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the server reads process.env only in server/src/config', () => {
  it('holds for the server', () => {
    expect(envReadsOutsideConfig(ROOT)).toEqual([]);
  });

  it('allows only files that exist (a stale allowance would hide a new read under an old name)', () => {
    for (const file of Object.keys(ALLOWED)) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('reports a new process.env outside the config folder, and only that one', () => {
    const dir = tree({
      'server/src/config/processConfig.ts': 'export const read = () => process.env;\n',
      'server/src/models/thing.ts': '// process.env in a comment is fine\nconst dir = process.env.MODEL_DIR;\nconst x = notprocess.environment;\n',
      'server/src/models/thing.test.ts': "process.env.MODEL_DIR = '/tmp';\n",
    });
    expect(envReadsOutsideConfig(dir)).toEqual(['server/src/models/thing.ts:2']);
  });
});
