import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishWithLoanword, englishWithUnlistedWords } from './borrowedWords';
import { guessLanguage } from './detectLanguage';
import { dictionaryVote, languagesOfWord, loadForeignLexicons } from './foreignLexicons';

// The word lists are Debian packages read at run time (scripts/install-system-deps.sh installs them).
const lists = ['es_ES', 'it_IT', 'de_DE', 'nl', 'id_ID'].every((file) => existsSync(`/usr/share/hunspell/${file}.dic`));

describe.skipIf(!lists)('English prompts with borrowed or unlisted words (issue 13, real Hunspell lists)', () => {
  it('keeps a dish with a borrowed word English, but not a foreign prompt whose only "English" word is a name', async () => {
    expect(englishWithLoanword('Caprese Salad', await dictionaryVote('Caprese Salad'))).toBe(true);
    // "Sikh" is an English name (capitalised), not a word of the English list: an Italian prompt with a name.
    expect(englishWithLoanword('Tempio Sikh', await dictionaryVote('Tempio Sikh'))).toBe(false);
    expect((await guessLanguage('Tempio Sikh')).lanCode).not.toBe('eng');
  }, 60_000);

  // Needs Debian wamerican for the names (scripts/install-system-deps.sh installs it).
  it.skipIf(!existsSync('/usr/share/dict/american-english'))(
    'does not take a capitalised English name for the English word of a borrowed-word prompt ("Sueco (Macintosh)", system texts)',
    async () => {
      expect(englishWithLoanword('Sueco (Macintosh)', await dictionaryVote('Sueco (Macintosh)'))).toBe(false);
      expect((await guessLanguage('Sueco (Macintosh)')).lanCode).toBe('spa');
      expect(englishWithLoanword('caprese salad', await dictionaryVote('caprese salad'))).toBe(true);
    },
    60_000,
  );

  it('keeps English words plus a rare word no language lists English ("indigo quelea")', async () => {
    expect(englishWithUnlistedWords('indigo quelea', await dictionaryVote('indigo quelea'))).toBe(true);
    expect(await guessLanguage('indigo quelea')).toEqual({ lanCode: 'eng', sure: true });
  }, 60_000);

  it('does not take codes, names alone, foreign words or Malay words for English words', async () => {
    for (const text of ['OPML-Nachrichtenquelle', 'VHDL-Quelltext', 'leopon', 'Stesen Renjer', 'Tempio Sikh', 'quitar el fondo']) {
      expect(englishWithUnlistedWords(text, await dictionaryVote(text))).toBe(false);
    }
  }, 60_000);

  it('finds Dutch words with ij in the Dutch list, which writes the one letter ĳ', async () => {
    await loadForeignLexicons();
    expect(languagesOfWord('oorspronkelijk')).toContain('nld');
    expect(languagesOfWord('IJskraam'.toLowerCase())).toContain('nld');
    expect((await guessLanguage('Wekelijks')).lanCode).toBe('nld');
  }, 60_000);
});
