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
    expect(check(tree({ ...CLEAN, 'engine/spec/limits.ts': "import { p } from '../../src/page';\nexport const MAX = p;\n" }))).toContain(
      'engine-is-plain-typescript',
    );
    expect(check(tree({ ...CLEAN, 'engine/spec/limits.ts': "import { readFileSync } from 'node:fs';\nexport const MAX = readFileSync.length;\n" }))).toEqual([
      'engine-no-node-builtins',
    ]);
  });

  it('fails when product code loads a test kit, and lets a test use one', () => {
    const kit = { 'server/src/models/photos.testkit.ts': "import { MAX } from '../../../engine/spec/limits';\nexport const photo = MAX;\n" };
    expect(check(tree({ ...CLEAN, ...kit, 'server/src/route.ts': "import { photo } from './models/photos.testkit';\nexport const r = photo;\n" }))).toEqual([
      'product-no-test-kits',
    ]);
    expect(
      check(
        tree({
          ...CLEAN,
          'server/src/testing/db.ts': 'export const db = 1;\n',
          'server/src/route.ts': "import { db } from './testing/db';\nexport const r = db;\n",
        }),
      ),
    ).toEqual(['product-no-test-kits']);
    expect(
      check(tree({ ...CLEAN, ...kit, 'server/src/route.test.ts': "import { photo } from './models/photos.testkit';\nexport const t = photo;\n" })),
    ).toEqual([]);
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

  describe('the editor picture pipeline runs one way (shell → canvas → scene → render → engine/effects; export → scene)', () => {
    const PIPELINE = {
      ...CLEAN,
      'src/editor/render/plan.ts': "import { MAX } from '../../../engine/spec/limits';\nexport const plan = MAX;\n",
      'src/editor/scene/Node.ts': "import { plan } from '../render/plan';\nexport const node = plan;\n",
      'src/editor/canvas/Stage.ts': "import { node } from '../scene/Node';\nexport const stage = node;\n",
      'src/editor/export/exporter.ts': "import { node } from '../scene/Node';\nexport const exported = node;\n",
      'src/editor/shell/Shell.ts':
        "import { stage } from '../canvas/Stage';\nimport { exported } from '../export/exporter';\nexport const shell = stage + exported;\n",
      // A stand-in React package: the rules must see imports of node_modules packages too.
      'node_modules/react/package.json': '{ "name": "react", "version": "0.0.0", "main": "index.js" }\n',
      'node_modules/react/index.js': 'exports.useState = 1;\n',
    };

    it('passes when every arrow points down the pipeline', () => {
      expect(check(tree(PIPELINE))).toEqual([]);
    });

    it('fails when the scene reaches back into the canvas, the shell or the exporter', () => {
      expect(
        check(tree({ ...PIPELINE, 'src/editor/scene/Node.ts': "import { exported } from '../export/exporter';\nexport const node = exported;\n" })),
      ).toContain('picture-pipeline-scene');
      expect(check(tree({ ...PIPELINE, 'src/editor/scene/Extra.ts': "import { stage } from '../canvas/Stage';\nexport const extra = stage;\n" }))).toEqual([
        'picture-pipeline-scene',
      ]);
    });

    it('fails when render imports React or anything above it', () => {
      expect(check(tree({ ...PIPELINE, 'src/editor/render/hook.ts': "import { useState } from 'react';\nexport const hook = useState;\n" }))).toEqual([
        'picture-pipeline-render',
      ]);
      expect(check(tree({ ...PIPELINE, 'src/editor/render/up.ts': "import { node } from '../scene/Node';\nexport const up = node;\n" }))).toEqual([
        'picture-pipeline-render',
      ]);
    });

    it('fails when the canvas calls the exporter, or the exporter draws through the live canvas', () => {
      expect(
        check(tree({ ...PIPELINE, 'src/editor/canvas/Extra.ts': "import { exported } from '../export/exporter';\nexport const extra = exported;\n" })),
      ).toEqual(['picture-pipeline-canvas']);
      expect(check(tree({ ...PIPELINE, 'src/editor/export/extra.ts': "import { stage } from '../canvas/Stage';\nexport const extra = stage;\n" }))).toEqual([
        'picture-pipeline-export',
      ]);
    });

    it('fails when engine imports React (node_modules are checked, not excluded)', () => {
      expect(check(tree({ ...PIPELINE, 'engine/spec/hook.ts': "import { useState } from 'react';\nexport const hook = useState;\n" }))).toEqual([
        'engine-is-plain-typescript',
      ]);
    });
  });
});
