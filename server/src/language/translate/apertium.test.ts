import { describe, expect, it } from 'vitest';
import { ApertiumTranslator, readApertiumMarks } from './apertium';
import { listApertiumModes, planRoutes } from './apertiumModes';
import { isOnPath } from './createTranslator';
import { runProcess } from './runProcess';
import { TranslateFailedError, TranslateUnavailableError } from './translator';

/** The mode names Debian bookworm's apertium-eng-spa, -es-pt, -fr-es and -spa-ita install. */
const DEBIAN_MODES = ['eco-es-fr', 'eco-fr-es', 'eng-spa', 'es-fr', 'es-pt', 'es-pt_BR', 'fr-es', 'ita-spa', 'pt-es', 'spa-eng', 'spa-eng_US', 'spa-ita'];

describe('planRoutes', () => {
  it('goes direct from Spanish and through Spanish from Portuguese, French and Italian', () => {
    const routes = planRoutes(DEBIAN_MODES);
    expect(Object.fromEntries(routes)).toEqual({
      spa: ['spa-eng'],
      fra: ['fr-es', 'spa-eng'],
      ita: ['ita-spa', 'spa-eng'],
      por: ['pt-es', 'spa-eng'],
    });
  });

  it('prefers a direct pair, understands 639-3 names, and finds nothing without a way into English', () => {
    expect(planRoutes(['por-spa', 'spa-eng', 'por-eng']).get('por')).toEqual(['por-eng']);
    expect(planRoutes(['cat-spa', 'spa-eng']).get('cat')).toEqual(['cat-spa', 'spa-eng']);
    expect(planRoutes(['eng-spa', 'fr-es']).size).toBe(0);
    expect(planRoutes([]).size).toBe(0);
  });
});

describe('runProcess', () => {
  const node = process.execPath;

  it('feeds stdin and returns stdout, passing text as data and never through a shell', async () => {
    const text = 'a "quoted" $(rm -rf /) `x` ; | & text';
    const { stdout } = await runProcess(node, ['-e', 'process.stdin.pipe(process.stdout)'], text, { timeoutMs: 10_000 });
    expect(stdout).toBe(text);
    // The same through a private file on stdin, for programs that open /dev/stdin by name.
    const viaFile = await runProcess('cat', ['/dev/stdin'], text, { timeoutMs: 10_000, stdinAsFile: true });
    expect(viaFile.stdout).toBe(text);
  });

  it('rejects on a non-zero exit with the first stderr line, on a missing program, and on a timeout', async () => {
    await expect(runProcess(node, ['-e', 'console.error("bad mode"); process.exit(3)'], '', { timeoutMs: 10_000 })).rejects.toMatchObject({
      reason: 'exit',
      message: expect.stringContaining('bad mode'),
    });
    await expect(runProcess('/nonexistent/apertium', [], 'x', { timeoutMs: 10_000, stdinAsFile: true })).rejects.toMatchObject({ reason: 'spawn' });
    // The child would run 20 s: only the 300 ms limit can end it with the timeout reason.
    await expect(runProcess(node, ['-e', 'setTimeout(() => {}, 20000)'], '', { timeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout' });
  });
});

describe('ApertiumTranslator with fake modes', () => {
  it('reports the languages it covers and refuses the others', async () => {
    const translator = new ApertiumTranslator({ listModes: async () => DEBIAN_MODES, command: '/nonexistent/apertium' });
    expect(await translator.languages()).toEqual(['fra', 'ita', 'por', 'spa']);
    expect(await translator.supports('spa')).toBe(true);
    expect(await translator.supports('es')).toBe(true);
    expect(await translator.supports('deu')).toBe(false);
    await expect(translator.translate('eine Katze', 'deu')).rejects.toBeInstanceOf(TranslateUnavailableError);
    // Covered, but the program is missing: a failure of the back end, not of the language.
    await expect(translator.translate('un gato', 'spa')).rejects.toBeInstanceOf(TranslateFailedError);
  });

  it('supports nothing when no mode is installed', async () => {
    const translator = new ApertiumTranslator({ listModes: async () => [] });
    expect(await translator.languages()).toEqual([]);
    expect(await translator.supports('spa')).toBe(false);
  });
});

const installed = isOnPath('apertium', process.env.PATH ?? '') && planRoutes(await listApertiumModes()).has('spa');
if (!installed) console.log('Apertium tests skipped: the apertium program or its spa-eng mode is not installed (scripts/install-system-deps.sh)');

describe.skipIf(!installed)('ApertiumTranslator with the installed Debian packages', () => {
  const translator = new ApertiumTranslator();

  it('translates Spanish directly, one prompt per call, unknown words left as they are', async () => {
    expect(await translator.translate('un gato con gafas de sol', 'spa')).toMatch(/\bcat\b.*\b(sun)?glasses\b/i);
    expect(await translator.translate('feliz cumpleaños\nquitar el fondo', 'spa')).not.toContain('\n');
    expect(await translator.translate('un gato zorblax', 'spa')).toMatch(/zorblax/);
  });

  it('translates Portuguese, French and Italian through Spanish when those pairs are installed', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['por', 'um gato com óculos de sol', /cat/i],
      ['fra', 'un chat avec des lunettes de soleil', /cat/i],
      ['ita', 'sostituisci l’auto rossa con una bicicletta', /bicycle/i],
    ];
    for (const [from, text, expected] of cases) {
      if (!(await translator.supports(from))) {
        console.log(`Apertium: no route from ${from} installed; case skipped`);
        continue;
      }
      expect(await translator.translate(text, from), from).toMatch(expected);
    }
  });
});

describe('readApertiumMarks (issue 13: words Apertium leaves untranslated are shown)', () => {
  it('removes the marks and lists the marked words once, also after a pivot', () => {
    expect(readApertiumMarks('I saw the **raposa red in the snow')).toEqual({ text: 'I saw the raposa red in the snow', untranslated: ['raposa'] });
    expect(readApertiumMarks('*croissant *on To *plate.')).toEqual({ text: 'croissant on To plate.', untranslated: ['croissant', 'on', 'plate'] });
    expect(readApertiumMarks('a @gato and #gatos, *gato')).toEqual({ text: 'a gato and gatos, gato', untranslated: ['gato', 'gatos'] });
  });

  it('leaves a text without marks, and a star used as a word, alone', () => {
    expect(readApertiumMarks('a black cat in the snow')).toEqual({ text: 'a black cat in the snow', untranslated: [] });
    expect(readApertiumMarks('5 * 3')).toEqual({ text: '5 * 3', untranslated: [] });
  });
});
