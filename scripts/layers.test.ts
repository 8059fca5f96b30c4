import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layer check (`npm run check:layers`, run by `npm test`) on a small throwaway tree: it must pass a
 * clean tree and fail each kind of forbidden import, so a rule that silently stopped matching is caught.
 */
const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const BIN = path.join(ROOT, 'node_modules', '.bin', 'depcruise');
const dirs: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** Runs the check in `dir`; returns the rule names it reported (empty when it passed). */
function check(dir: string): string[] {
  try {
    execFileSync(BIN, ['engine', 'machines', 'src', 'server', '-c', CONFIG, '-T', 'err'], { cwd: dir, stdio: 'pipe' });
    return [];
  } catch (err) {
    const out = String((err as { stdout?: Buffer }).stdout ?? '');
    return [...new Set([...out.matchAll(/error ([a-z-]+):/g)].map((m) => m[1]))];
  }
}

const CLEAN = {
  'engine/spec/limits.ts': 'export const MAX = 1;\n',
  'machines/flow.ts': "import { MAX } from '../engine/spec/limits';\nexport const n = MAX;\n",
  'src/page.ts': "import { MAX } from '../engine/spec/limits';\nimport { n } from '../machines/flow';\nexport const p = MAX + n;\n",
  'server/src/route.ts': "import { MAX } from '../../engine/spec/limits';\nexport const r = MAX;\n",
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('layer boundaries', () => {
  it('passes a tree whose arrows all point one way', () => {
    expect(check(tree(CLEAN))).toEqual([]);
  });

  it('fails when the app imports server code', () => {
    expect(check(tree({ ...CLEAN, 'src/page.ts': "import { r } from '../server/src/route';\nexport const p = r;\n" }))).toEqual(['app-no-server']);
  });

  it('fails when the server imports the app, or engine imports a view or Node', () => {
    expect(check(tree({ ...CLEAN, 'server/src/route.ts': "import { p } from '../../src/page';\nexport const r = p;\n" }))).toContain('server-no-app');
    expect(check(tree({ ...CLEAN, 'engine/spec/limits.ts': "import { p } from '../../src/page';\nexport const MAX = p;\n" }))).toContain('engine-is-plain-typescript');
    expect(check(tree({ ...CLEAN, 'engine/spec/limits.ts': "import { readFileSync } from 'node:fs';\nexport const MAX = readFileSync.length;\n" }))).toEqual(['engine-no-node-builtins']);
  });

  it('fails on an import that resolves to nothing (it would slip past every other rule)', () => {
    expect(check(tree({ ...CLEAN, 'src/page.ts': "import { gone } from '../server/src/moved';\nexport const p = gone;\n" }))).toContain('no-unresolvable');
  });

  it('fails when a machine imports a view, and on an import cycle', () => {
    expect(check(tree({ ...CLEAN, 'machines/flow.ts': "import { p } from '../src/page';\nexport const n = p;\n" }))).toContain('machines-no-views-or-server');
    const cycle = {
      ...CLEAN,
      'server/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    };
    expect(check(tree(cycle))).toEqual(['no-circular']);
  });
});
