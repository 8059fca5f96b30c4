import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLanguageDetector, detectLanguage, guessLanguage, tallyVotes } from './detectLanguage';
import type { DetectorLoader } from './detectors';
import { toIso639_1, toIso639_3 } from './iso639';
import { ONE_WORD_PROMPTS, PROMPT_SET, type LabelledPrompt } from './promptSet';
import { checkScript } from './scriptCheck';

async function detectAll(prompts: readonly LabelledPrompt[]) {
  return Promise.all(prompts.map(async (p) => ({ ...p, got: await detectLanguage(p.text) })));
}

describe('detectLanguage on the prompt set (real fastText, eld and tinyld)', () => {
  let results: Awaited<ReturnType<typeof detectAll>>;

  beforeAll(async () => {
    results = await detectAll(PROMPT_SET);
    const english = results.filter((r) => r.code === 'eng');
    const foreign = results.filter((r) => r.code !== 'eng');
    const perLanguage = [...new Set(results.map((r) => r.lang))].map((lang) => {
      const rows = results.filter((r) => r.lang === lang);
      return `${lang} ${rows.filter((r) => r.got === r.code).length}/${rows.length}`;
    });
    const misses = results.filter((r) => r.got !== r.code).map((r) => `"${r.text}" (${r.lang}) → ${r.got}`);
    console.log(
      [
        `language detection, ${results.length} prompts:`,
        `  English recall ${english.filter((r) => r.got === 'eng').length}/${english.length}`,
        `  non-English called English ${foreign.filter((r) => r.got === 'eng').length}/${foreign.length}`,
        `  exact language ${results.filter((r) => r.got === r.code).length}/${results.length}: ${perLanguage.join(', ')}`,
        `  wrong language (not English): ${misses.join('; ') || 'none'}`,
      ].join('\n'),
    );
  });

  it('has at least 100 prompts: 20+ English and 6+ in each other language', () => {
    expect(PROMPT_SET.length).toBeGreaterThanOrEqual(100);
    const counts = new Map<string, number>();
    for (const p of PROMPT_SET) counts.set(p.lang, (counts.get(p.lang) ?? 0) + 1);
    expect(counts.get('en')).toBeGreaterThanOrEqual(20);
    for (const lang of ['zh', 'zh-tw', 'ja', 'ko', 'th', 'es', 'pt', 'fr', 'de', 'it', 'ru', 'tr', 'vi', 'id']) {
      expect(counts.get(lang), lang).toBeGreaterThanOrEqual(6);
    }
  });

  it('recognises every English prompt as eng', () => {
    expect(results.filter((r) => r.code === 'eng' && r.got !== 'eng').map((r) => r.text)).toEqual([]);
  });

  it('never calls a non-English prompt eng, unless every word of it is also an English word', () => {
    // "stile poster vintage" (Italian) is three English words: the word list sends it as written (issue 13:
    // 1-3 word prompts prefer English unless clearly not English). This is the one such prompt of the set.
    expect(results.filter((r) => r.code !== 'eng' && r.got === 'eng').map((r) => r.text)).toEqual(['stile poster vintage']);
  });

  it('names the exact language of prompts in a script of their own, and most Latin-script ones', () => {
    const scriptLangs = new Set(['zh', 'zh-tw', 'ja', 'ko', 'th', 'ru']);
    expect(results.filter((r) => scriptLangs.has(r.lang) && r.got !== r.code)).toEqual([]);
    const latin = results.filter((r) => !scriptLangs.has(r.lang));
    expect(latin.filter((r) => r.got === r.code).length / latin.length).toBeGreaterThan(0.9);
  });

  it('takes one-word English prompts for English (the rule leans to English on single words)', async () => {
    const oneWord = await detectAll(ONE_WORD_PROMPTS);
    const english = oneWord.filter((r) => r.code === 'eng');
    const foreignAsEnglish = oneWord.filter((r) => r.code !== 'eng' && r.got === 'eng');
    console.log(
      `one-word prompts: English recall ${english.filter((r) => r.got === 'eng').length}/${english.length}, ` +
        `foreign called English ${foreignAsEnglish.length}/${oneWord.length - english.length} ` +
        `(${foreignAsEnglish.map((r) => r.text).join(', ')})`,
    );
    expect(english.filter((r) => r.got !== 'eng').map((r) => r.text)).toEqual([]);
  });

  it('answers from the script alone for mixed and non-Latin text, and eng for text without letters', async () => {
    expect(await detectLanguage('logo 设计')).toBe('zho');
    expect(await detectLanguage('ロゴ design')).toBe('jpn');
    expect(await detectLanguage('مرحبا')).toBe('ara');
    expect(await detectLanguage('2024 !!! 🎉')).toBe('eng');
  });
});

describe('the vote', () => {
  it('lets the majority win and needs two votes for English', () => {
    expect(tallyVotes([['spa'], ['spa'], ['por']])).toBe('spa');
    expect(tallyVotes([['eng'], ['dan'], ['dan']])).toBe('dan');
    // Three different answers: the first detector wins, unless its answer is English with a single vote.
    expect(tallyVotes([['ita'], ['dan'], ['fra']])).toBe('ita');
    expect(tallyVotes([['eng'], ['tgl'], ['ind']])).toBe('tgl');
    // An exact tie inside one detector votes for each tied language.
    expect(tallyVotes([['eng'], ['deu', 'eng'], ['por']])).toBe('eng');
    // Only one detector had an opinion: it decides, English included.
    expect(tallyVotes([['eng'], [], []])).toBe('eng');
    expect(tallyVotes([[], [], []])).toBe('eng');
  });
});

describe('detector loading', () => {
  afterEach(() => vi.restoreAllMocks());

  const fixed = (name: string, code: string, onLoad = () => {}): DetectorLoader => ({
    name,
    load: async () => {
      onLoad();
      return () => [code];
    },
  });

  it('loads each detector once, also for concurrent first calls', async () => {
    let loads = 0;
    const detector = createLanguageDetector([fixed('a', 'es', () => loads++), fixed('b', 'es')]);
    expect(await Promise.all([detector.detect('hola amigos'), detector.detect('otra vez')])).toEqual(['spa', 'spa']);
    await detector.detect('y otra');
    expect(loads).toBe(1);
  });

  it('lets the others vote, and logs, when one detector fails to load', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: DetectorLoader = { name: 'broken', load: () => Promise.reject(new Error('no wasm')) };
    const detector = createLanguageDetector([broken, fixed('b', 'en'), fixed('c', 'en')]);
    expect(await detector.detect('zorblat quenx')).toBe('eng');
    expect(await detector.detect('flimb grodd')).toBe('eng');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toContain('broken');
  });

  it('counts a detector that throws on a prompt as having no opinion', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const throwing: DetectorLoader = {
      name: 't',
      load: async () => () => {
        throw new Error('boom');
      },
    };
    expect(await createLanguageDetector([throwing, fixed('b', 'fr'), fixed('c', 'it')]).detect('deux mots')).toBe('fra');
  });
});

describe('issue 13: English prompts are never harmed', () => {
  const fixed = (name: string, code: string): DetectorLoader => ({ name, load: async () => () => [code] });
  it.each([
    'kimono girl',
    'café interior',
    'astronaut riding a horse on mars',
    'croissant on a plate',
    'déjà vu',
    'piñata party',
    'sushi platter',
    'bokeh',
    'selfie',
  ])('takes %j for English', async (text) => {
    expect(await guessLanguage(text)).toEqual({ lanCode: 'eng', sure: true });
  });

  it('tells Indonesian from Malay by the words only one of them uses', async () => {
    expect(await detectLanguage('kucing memakai kacamata hitam di dalam mobil')).toBe('ind');
    expect(await detectLanguage('kereta merah di jalan raya bandar')).toBe('msa');
  });

  it('lets the interface language settle Indonesian vs Malay, and place words the detectors cannot', async () => {
    const detector = createLanguageDetector([fixed('a', 'ms'), fixed('b', 'ms'), fixed('c', 'id')]);
    expect(await detector.guess('anak patung merah', 'ind')).toEqual({ lanCode: 'ind', sure: true });
    // A Malay-only word outweighs the page's language.
    expect(await detector.guess('kereta merah', 'ind')).toEqual({ lanCode: 'msa', sure: true });
    const silent = createLanguageDetector([fixed('a', 'en'), fixed('b', 'en')]);
    expect(await silent.guess('zorblat', 'deu')).toEqual({ lanCode: 'deu', sure: true });
    expect(await silent.guess('zorblat')).toEqual({ lanCode: 'eng', sure: false });
    // A short prompt on a Spanish page is Spanish unless its letters say otherwise.
    const wrong = createLanguageDetector([fixed('a', 'sk'), fixed('b', 'sk')]);
    expect(await wrong.guess('bola kristal', 'ind')).toEqual({ lanCode: 'ind', sure: true });
    // Not the page's language: the German word list (Debian hunspell-de-de) knows "Käfer"; without it the
    // detectors' answer stands.
    const germanList = existsSync('/usr/share/hunspell/de_DE.dic');
    expect(await wrong.guess('Käfer', 'spa')).toEqual({ lanCode: germanList ? 'deu' : 'slk', sure: true });
    // An English prompt stays English whatever the page's language.
    expect(await silent.guess('kimono girl', 'ita')).toEqual({ lanCode: 'eng', sure: true });
  });

  it('takes kanji-only Japanese with Japanese-only kanji for Japanese', () => {
    expect(checkScript('東京駅の桜')).toEqual({ kind: 'language', code: 'jpn' });
    expect(checkScript('京都駅')).toEqual({ kind: 'language', code: 'jpn' });
    expect(checkScript('红色情人节海报')).toEqual({ kind: 'language', code: 'zho' });
    // None of the 600 Chinese names and poem lines of the prompt-safety sets has a Japanese-only kanji.
    const sets = JSON.parse(readFileSync(new URL('../textReview/promptSets/innocent.json', import.meta.url), 'utf8'));
    const chinese: string[] = [...sets.tuning.zh, ...sets.heldOut.zh];
    expect(chinese.filter((text) => checkScript(text).kind === 'language' && (checkScript(text) as { code: string }).code !== 'zho')).toEqual([]);
  });

  it('is unsure, and sends the prompt as written, when the word list and the detectors disagree', async () => {
    const detector = createLanguageDetector([fixed('a', 'it'), fixed('b', 'en'), fixed('c', 'it')]);
    expect(await detector.guess('poster with zörblat')).toEqual({ lanCode: 'ita', sure: false });
    // A plain-letter word no language's list has, beside English words, is a name in an English prompt (borrowedWords.ts).
    expect(await detector.guess('poster with zorblat')).toEqual({ lanCode: 'eng', sure: true });
    expect(await detector.guess('ragazza con il gatto')).toEqual({ lanCode: 'ita', sure: true });
  });
});

describe('script check and ISO codes', () => {
  it('names the language of non-Latin scripts', () => {
    expect(checkScript('猫')).toEqual({ kind: 'language', code: 'zho' });
    expect(checkScript('猫のイラスト')).toEqual({ kind: 'language', code: 'jpn' });
    expect(checkScript('고양이')).toEqual({ kind: 'language', code: 'kor' });
    expect(checkScript('кот')).toEqual({ kind: 'language', code: 'rus' });
    expect(checkScript('a cat')).toEqual({ kind: 'latin' });
    expect(checkScript('123 ✨')).toEqual({ kind: 'none' });
  });

  it('maps between ISO 639-1 and 639-3', () => {
    expect(toIso639_3('en')).toBe('eng');
    expect(toIso639_3('zh-Hant')).toBe('zho');
    expect(toIso639_3('pt_BR')).toBe('por');
    expect(toIso639_3('cmn')).toBe('zho');
    expect(toIso639_3('ceb')).toBe('ceb');
    expect(toIso639_3('x')).toBeNull();
    expect(toIso639_3('sh')).toBe('hbs');
    expect(toIso639_1('spa')).toBe('es');
    expect(toIso639_1('ger')).toBe('de');
    expect(toIso639_1('ceb')).toBeNull();
  });
});
