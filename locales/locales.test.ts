/**
 * Locale rules (see localeRules.ts):
 * 1. the 14 languages of SPEC §1 each have a file, and nothing else does;
 * 2. every locale has exactly the keys of en.json (none missing, none extra);
 * 3. no value is empty and every value is a string;
 * 4. `{{variables}}` are the same as in English;
 * 5. a value identical to English fails unless sameAsEnglish.json allows it
 *    (`"*"` for every locale, or per locale), and that list names only real keys
 *    that really are identical;
 * 6. the keys the SPEC and the task hook rely on exist in en.json.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../engine/spec/locales';
import { MESSAGES, type Messages } from './index';
import { flatten, interpolationVars, localeProblems } from './localeRules';
import sameAsEnglish from './sameAsEnglish.json';

const allow = sameAsEnglish as Record<string, string[]>;
const allowedFor = (lang: string) => [...(allow['*'] ?? []), ...(allow[lang] ?? [])];
const en = MESSAGES.en;

describe('locale files', () => {
  it('cover exactly the 14 languages', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('en.json itself has no empty values and only string leaves', () => {
    expect(localeProblems('en', en, en)).toEqual([]);
  });

  for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
    it(`${lang} is a complete, real translation`, () => {
      expect(localeProblems(lang, en, MESSAGES[lang], allowedFor(lang))).toEqual([]);
    });
  }

  it('sameAsEnglish.json names only languages, real keys, and values that really are identical', () => {
    const flatEn = flatten(en);
    for (const [scope, keys] of Object.entries(allow)) {
      expect(scope === '*' || (LANGUAGES as readonly string[]).includes(scope), `scope ${scope}`).toBe(true);
      for (const key of keys) {
        expect(flatEn, `${scope}: ${key}`).toHaveProperty([key]);
        if (scope !== '*') expect(flatten(MESSAGES[scope as keyof typeof MESSAGES])[key], `${scope}: ${key} is stale`).toBe(flatEn[key]);
      }
    }
  });

  it('has the keys the SPEC and the task hook use', () => {
    const keys = Object.keys(flatten(en));
    const required = [
      'text.loginErrorNetwork',
      'text.uploadErrorTimeout',
      'text.uploadErrorServer',
      'errors.paramsInvalid',
      'errors.notAnImage',
      'errors.fileTooLarge',
      'errors.imageTooLarge',
      'errors.taskFailed',
      'errors.downloadFailed',
      'errors.serviceUnavailable',
      'errors.unknown',
    ];
    expect(keys).toEqual(expect.arrayContaining(required));
    expect(interpolationVars(flatten(en)['errors.fileTooLarge'] as string)).toEqual(['maxMb']);
    expect(interpolationVars(flatten(en)['errors.imageTooLarge'] as string)).toEqual(['maxMp']);
  });
});

describe('localeProblems catches broken translations', () => {
  const source: Messages = { a: { title: 'Hello', size: 'Up to {{maxMb}} MB' }, brand: 'Lumacut' };
  const good: Messages = { a: { title: 'Hallo', size: 'Bis {{maxMb}} MB' }, brand: 'Lumacut' };

  it('passes a good translation', () => {
    expect(localeProblems('de', source, good, ['brand'])).toEqual([]);
  });

  it('fails on a missing key', () => {
    expect(localeProblems('de', source, { a: { size: 'Bis {{maxMb}} MB' }, brand: 'Lumacut' }, ['brand'])).toEqual(['de: missing a.title']);
  });

  it('fails on an extra key', () => {
    expect(localeProblems('de', source, { ...good, b: 'x' }, ['brand'])).toEqual(['de: extra key b (not in en.json)']);
  });

  it('fails on an empty or blank value', () => {
    expect(localeProblems('de', source, { ...good, a: { title: '  ', size: 'Bis {{maxMb}} MB' } }, ['brand'])).toEqual(['de: a.title is empty']);
  });

  it('fails on a renamed or dropped interpolation variable', () => {
    const renamed = localeProblems('de', source, { ...good, a: { title: 'Hallo', size: 'Bis {{max}} MB' } }, ['brand']);
    expect(renamed).toEqual(['de: a.size has variables {max}, en has {maxMb}']);
    const dropped = localeProblems('de', source, { ...good, a: { title: 'Hallo', size: 'Bis 30 MB' } }, ['brand']);
    expect(dropped).toHaveLength(1);
  });

  it('fails on a value left in English unless allowed', () => {
    expect(localeProblems('de', source, good)).toEqual(['de: brand is identical to English ("Lumacut"); translate it or add it to sameAsEnglish.json']);
    expect(localeProblems('de', source, { ...good, a: { title: 'Hello', size: 'Bis {{maxMb}} MB' } }, ['brand'])).toHaveLength(1);
  });

  it('fails on an allow-list entry for a key that does not exist', () => {
    expect(localeProblems('de', source, good, ['brand', 'nope'])).toEqual(['de: sameAsEnglish lists unknown key nope']);
  });

  describe('plural keys', () => {
    const plural: Messages = { n_one: '{{count}} credit', n_other: '{{count}} credits' };

    it('asks each language for exactly its CLDR plural forms', () => {
      expect(localeProblems('ja', plural, { n_other: '{{count}} クレジット' })).toEqual([]);
      expect(
        localeProblems('ru', plural, { n_one: '{{count}} кредит', n_few: '{{count}} кредита', n_many: '{{count}} кредитов', n_other: '{{count}} кредита' }),
      ).toEqual([]);
      expect(localeProblems('ru', plural, { n_one: '{{count}} кредит', n_other: '{{count}} кредита' })).toEqual(['ru: missing n_few', 'ru: missing n_many']);
      expect(localeProblems('ja', plural, { n_one: '{{count}} クレジット', n_other: '{{count}} クレジット' })).toEqual([
        'ja: extra key n_one (not in en.json nor a plural form of ja)',
      ]);
    });

    it('checks a plural form against the English _other form', () => {
      expect(localeProblems('de', plural, { n_one: '{{count}} credit', n_other: '{{count}} Credits' })).toEqual([
        'de: n_one is identical to English ("{{count}} credit"); translate it or add it to sameAsEnglish.json',
      ]);
      expect(localeProblems('de', plural, { n_one: '{{count}} {{x}}', n_other: '{{count}} Credits' })).toEqual([
        'de: n_one has variables {count,x}, en has {count}',
      ]);
    });
  });
});
