import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLanguageDetector, guessLanguage } from './detectLanguage';
import type { DetectorLoader } from './detectors';
import { hasForeignEvidence } from './foreignEvidence';
import { dictionaryVote } from './foreignLexicons';

// The word lists are Debian packages read at run time (scripts/install-system-deps.sh installs them).
const lists = ['es_ES', 'fr', 'it_IT', 'de_DE', 'nl', 'id_ID'].every((file) => existsSync(`/usr/share/hunspell/${file}.dic`));
const fixed = (name: string, code: string): DetectorLoader => ({ name, load: async () => () => [code] });

describe.skipIf(!lists)('positive evidence of another language before translating (issue 13, real Hunspell lists)', () => {
  it.each([
    // Codes, names and rare words of the tuning sets (system texts, map presets) that no list has.
    'stdout',
    'Kashubian',
    'Votic',
    'Pa’anga',
    'leopon',
    'Invalid DNS TTL',
    'TXT Data',
    'OS Error',
  ])(
    'finds none in %j',
    async (text) => {
      expect(hasForeignEvidence(text, await dictionaryVote(text))).toBe(false);
    },
    60_000,
  );

  it.each([
    'Render otomatis', // a word the Indonesian list has and English lacks
    'quitar el fondo', // a Spanish function word
    'Käfer', // a letter English never writes
    'violín', // an accented word English does not know
    'Befehlszeilenschnittstelle', // a German compound of four parts
    'kitar semula', // a Malay marker
  ])(
    'finds some in %j',
    async (text) => {
      expect(hasForeignEvidence(text, await dictionaryVote(text))).toBe(true);
    },
    60_000,
  );

  it("sends a prompt without it as written, whatever the n-grams say, and translates it from the page's language on a page", async () => {
    const confident = createLanguageDetector([fixed('a', 'fr'), fixed('b', 'fr'), fixed('c', 'fr')]);
    expect(await confident.guess('stdout')).toEqual({ lanCode: 'eng', sure: false });
    expect(await confident.guess('Kashubian')).toEqual({ lanCode: 'eng', sure: false });
    expect(await confident.guess('Entwerter', 'deu')).toEqual({ lanCode: 'deu', sure: true });
    // With evidence the n-grams' language stands, or the lists correct it.
    expect(await confident.guess('Käfer')).toEqual({ lanCode: 'deu', sure: true });
    expect(await confident.guess('la vie en rose')).toEqual({ lanCode: 'fra', sure: true });
  }, 60_000);

  it('no longer takes English words that Indonesian also writes for Indonesian ("TXT Data", system texts)', async () => {
    expect(await guessLanguage('TXT Data')).toEqual({ lanCode: 'eng', sure: true });
    // "DNS" is in some list, so half the words are unknown to English: at least sent as written.
    const dns = await guessLanguage('Invalid DNS TTL');
    expect(dns.lanCode === 'eng' || !dns.sure).toBe(true);
    expect((await guessLanguage('bola kristal')).lanCode).toBe('ind');
  }, 60_000);
});
