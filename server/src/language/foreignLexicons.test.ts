import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guessLanguage } from './detectLanguage';
import { dictionaryVote, languagesOfWord, loadForeignLexicons } from './foreignLexicons';

// The word lists are Debian packages read at run time (scripts/install-system-deps.sh installs them).
const lists = ['es_ES', 'pt_BR', 'fr', 'it_IT', 'de_DE', 'nl', 'id_ID'].every((file) => existsSync(`/usr/share/hunspell/${file}.dic`));

describe.skipIf(!lists)("other languages' word lists settle short prompts (issue 13, real Hunspell lists and detectors)", () => {
  it('names the languages that write a word, inflected and compound forms included', async () => {
    await loadForeignLexicons();
    expect(languagesOfWord('predefinito')).toContain('ita');
    expect(languagesOfWord('anchura')).toContain('spa');
    expect(languagesOfWord('Sonnenuntergang')).toContain('deu');
    expect(languagesOfWord('otomatis')).toContain('ind');
    expect(languagesOfWord('Buhid')).toEqual([]);
  }, 60_000);

  it('sets apart words English does not know, names no list knows, and codes in capitals', async () => {
    expect(await dictionaryVote('Render otomatis')).toEqual({ unknown: ['otomatis'], listed: ['otomatis'], covering: ['ind'], codes: [], wholePrompt: [] });
    expect(await dictionaryVote('Buhid')).toEqual({ unknown: ['buhid'], listed: [], covering: [], codes: [], wholePrompt: [] });
    expect((await dictionaryVote('GDK backend')).codes).toEqual(['GDK']);
    expect(await dictionaryVote('a red fox in the snow')).toEqual({ unknown: [], listed: [], covering: [], codes: [], wholePrompt: [] });
  }, 60_000);

  it('looks a hyphenated word up without its code in capitals, and a French word without its elided article', async () => {
    // UI strings and map presets (tuning sets): the code ("OTH", "VHDL") used to empty the answer.
    expect(await dictionaryVote('OTH-sjabloon')).toMatchObject({ listed: ['oth-sjabloon'], covering: ['nld'] });
    expect((await dictionaryVote('VHDL-Quelltext')).covering).toContain('deu');
    expect((await dictionaryVote('GD-ROM')).listed).toEqual([]);
    // "d’atterrissage" is not in the French list; "atterrissage" is.
    expect((await dictionaryVote('Piste d’atterrissage')).covering).toContain('fra');
    expect((await dictionaryVote("bicchiere dell'acqua")).covering).toContain('ita');
  }, 60_000);

  it.each([
    // Half-English interface strings the n-grams placed in Danish or Romanian, or were unsure of.
    ['Render otomatis', 'ind'],
    ['Penempatan window', 'ind'],
    ['Display predefinito', 'ita'],
    ['Laranja claro', 'por'],
    ['Hilfe-Knopf', 'deu'],
  ])(
    'translates %j from the language whose list has its words (%s)',
    async (text, code) => {
      expect(await guessLanguage(text)).toEqual({ lanCode: code, sure: true });
    },
    60_000,
  );

  it('keeps an English dish with a borrowed word English ("Caprese Salad"), but not a foreign prompt with an English word', async () => {
    expect((await dictionaryVote('Panel lateral')).wholePrompt).toEqual([]);
    expect((await dictionaryVote('Hintergrund entfernen')).wholePrompt).toContain('deu');
    for (const text of ['Caprese Salad', 'caprese salad', 'Arborio Rice-infused Crocodile']) {
      expect(await guessLanguage(text)).toEqual({ lanCode: 'eng', sure: true });
    }
    // Indonesian takes English words in unchanged; Dutch writes "links" too.
    expect(await guessLanguage('salad hijau')).not.toEqual(expect.objectContaining({ lanCode: 'eng' }));
    expect(await guessLanguage('Render otomatis')).toEqual({ lanCode: 'ind', sure: true });
    expect((await guessLanguage('twee pijlen naar links')).lanCode).toBe('nld');
  }, 60_000);

  it('sends a name no list knows as written (unsure) instead of "translating" it from a language it is not', async () => {
    expect(await guessLanguage('Buhid')).toEqual(expect.objectContaining({ sure: false }));
    expect(await guessLanguage('Nushu')).toEqual(expect.objectContaining({ sure: false }));
  }, 60_000);

  it("still translates prompts of the product languages and keeps the issue's English examples English", async () => {
    expect(await guessLanguage('quitar el fondo')).toEqual({ lanCode: 'spa', sure: true });
    expect(await guessLanguage('Hintergrund entfernen')).toEqual({ lanCode: 'deu', sure: true });
    expect(await guessLanguage('kucing memakai kacamata hitam')).toEqual({ lanCode: 'ind', sure: true });
    for (const text of ['kimono girl', 'café interior', 'astronaut riding a horse on mars', 'croissant on a plate']) {
      expect(await guessLanguage(text)).toEqual({ lanCode: 'eng', sure: true });
    }
  }, 60_000);
});
