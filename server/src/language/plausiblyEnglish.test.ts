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

  it('reads full-width letters as the letters they are', () => {
    expect(plausiblyEnglish('ａ ｃａｔ ｉｎ ｔｈｅ ｓｎｏｗ')).toBe('english');
  });

  it('counts foreign function words against English and leaves abbreviations out', () => {
    expect(englishEvidence('el gato y la luna')).toMatchObject({ foreignFunctionWords: 3 });
    expect(englishEvidence('bg cm tv')).toMatchObject({ words: 0 });
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
