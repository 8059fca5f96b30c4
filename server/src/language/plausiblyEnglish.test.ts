import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishEvidence, orthographyHint, plausiblyEnglish } from './plausiblyEnglish';

describe('plausiblyEnglish (the word list before the detectors, issue 13)', () => {
  it.each([
    'kimono girl',
    'café interior',
    'astronaut riding a horse on mars',
    'croissant on a plate',
    'Kenya safari at dawn',
    'Korean street food',
    'steambath',
    '4k HDR',
    'cm',
    "a dog's birthday",
  ])('takes %j for English', (text) => {
    expect(plausiblyEnglish(text)).toBe('english');
  });

  it.each(['un gato negro en la nieve', 'quitar el fondo', 'kucing memakai kacamata hitam', 'violín', 'ragazza con il gatto'])(
    'takes %j for not English',
    (text) => {
      expect(plausiblyEnglish(text)).toBe('not-english');
    },
  );

  it("knows WordNet's dishes and the words of its multi-word names, the latter only where they stand together", () => {
    expect(plausiblyEnglish('Tuna Sashimi')).toBe('english');
    expect(plausiblyEnglish('Mushroom Bourguignon')).toBe('english');
    expect(plausiblyEnglish('Chilli Con Carne')).toBe('english');
    // "carne" alone, or before "con" instead of after it, is still not an English word ("con" itself is one).
    expect(englishEvidence('carne asada')).toMatchObject({ known: 0 });
    expect(englishEvidence('carne con queso')).toMatchObject({ words: 3, known: 1 });
  });

  it('takes a long noun phrase with one borrowed word for English, but not a shorter one or one with a foreign function word', () => {
    expect(plausiblyEnglish('Rose Baie-rubbed Chicken Salad')).toBe('english');
    expect(plausiblyEnglish('Baie-rubbed Chicken')).not.toBe('english');
    expect(plausiblyEnglish('salade de poulet rose')).not.toBe('english');
  });

  it('reads full-width letters as the letters they are', () => {
    expect(plausiblyEnglish('ａ ｃａｔ ｉｎ ｔｈｅ ｓｎｏｗ')).toBe('english');
  });

  it('counts foreign function words against English and leaves abbreviations out', () => {
    expect(englishEvidence('el gato y la luna')).toMatchObject({ foreignFunctionWords: 3 });
    expect(englishEvidence('bg cm tv')).toMatchObject({ words: 0 });
  });

  it('counts one- and two-letter words with letters English never writes as words, not abbreviations (Vietnamese "Mô tả")', () => {
    expect(englishEvidence('Mô tả')).toMatchObject({ words: 2, known: 0 });
    expect(plausiblyEnglish('Mô tả')).toBe('not-english');
    expect(plausiblyEnglish('Cò cò')).toBe('not-english');
    expect(englishEvidence('4k HDR tv')).toMatchObject({ words: 1 });
  });

  it('reads a function word in capitals among small letters as a code ("OS Error", system texts), not in a prompt all in capitals', () => {
    expect(englishEvidence('OS Error')).toMatchObject({ foreignFunctionWords: 0 });
    expect(plausiblyEnglish('OS Error')).toBe('english');
    expect(englishEvidence('UN GATO NEGRO')).toMatchObject({ foreignFunctionWords: 1 });
    expect(plausiblyEnglish('os gatos')).toBe('not-english');
  });

  it('names a language from letters English never writes', () => {
    expect(orthographyHint('Käfer')).toBe('deu');
    expect(orthographyHint('niño')).toBe('spa');
    expect(orthographyHint('coração')).toBe('por');
    expect(orthographyHint('żaba')).toBe('pol');
    expect(orthographyHint('con mèo')).toBe(null);
    expect(orthographyHint('cat')).toBe(null);
  });
});

describe('foreign marks inside English-looking words', () => {
  it('takes German gender-inclusive endings and accented function words for not English', () => {
    expect(plausiblyEnglish('Student(in)')).toBe('not-english');
    expect(plausiblyEnglish('Lehrer*innen')).toBe('not-english');
    expect(orthographyHint('Jongleur(in)')).toBe('deu');
    expect(plausiblyEnglish('sac à main')).not.toBe('english');
    expect(plausiblyEnglish('a student in the library')).toBe('english');
  });

  // Needs Debian wamerican (scripts/install-system-deps.sh installs it).
  it.skipIf(!existsSync('/usr/share/dict/american-english'))(
    'counts capitalised English names as English words, lower-case ones only when they are common words',
    () => {
      expect(plausiblyEnglish('Saturn rings')).toBe('english');
      expect(plausiblyEnglish('donut')).toBe('english');
      expect(plausiblyEnglish('luna')).not.toBe('english');
    },
  );
});
