import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTrees } from '../tests/helpers/fileTree';
import { unusedLocaleKeys } from './localeKeys';

const ROOT = path.resolve(__dirname, '..');
const tree = fileTrees('locale-keys');

describe('every interface string is asked for by some code', () => {
  it('holds for the app', () => {
    expect(unusedLocaleKeys(ROOT)).toEqual([]);
  });

  it('reports a key no code names, and sees literal, plural and template uses', () => {
    const dir = tree({
      'locales/en.json': JSON.stringify({
        nav: { home: 'Home', gone: 'Gone' },
        items_one: 'one item',
        items_other: '{{count}} items',
        home: { step1Title: 'Upload', step2Title: 'Wait', stepsIntro: 'Steps' },
      }),
      'locales/sections/editor/en.json': JSON.stringify({ fills: { solid: 'Solid', linear: 'Linear' }, title: 'Editor', stale: 'Old' }),
      'src/Nav.tsx': "t('nav.home'); t('items', { count });\n",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal, as the scanner reads it
      'src/HowItWorks.tsx': 't(`home.step${step}Title`);\n',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal, as the scanner reads it
      'src/editor/Fill.tsx': 't(`editor.fills.${fill}`); t("editor.title");\n',
      'src/editor/Fill.test.tsx': "t('editor.stale');\n",
    });
    expect(unusedLocaleKeys(dir)).toEqual(['nav.gone', 'home.stepsIntro', 'editor.stale']);
  });
});
