import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unusedLocaleKeys } from './localeKeys';

const ROOT = path.resolve(__dirname, '..');
const dirs: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'locale-keys-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('every interface string is asked for by some code', () => {
  it('holds for the app', () => {
    expect(unusedLocaleKeys(ROOT)).toEqual([]);
  });

  it('reports a key no code names, and sees literal, plural and template uses', () => {
    const dir = tree({
      'locales/en.json': JSON.stringify({ nav: { home: 'Home', gone: 'Gone' }, items_one: 'one item', items_other: '{{count}} items' }),
      'locales/sections/editor/en.json': JSON.stringify({ fills: { solid: 'Solid', linear: 'Linear' }, title: 'Editor', stale: 'Old' }),
      'src/Nav.tsx': "t('nav.home'); t('items', { count });\n",
      'src/editor/Fill.tsx': 't(`editor.fills.${fill}`); t("editor.title");\n',
      'src/editor/Fill.test.tsx': "t('editor.stale');\n",
    });
    expect(unusedLocaleKeys(dir)).toEqual(['nav.gone', 'editor.stale']);
  });
});
