import { describe, expect, it } from 'vitest';
import { languageName } from './languageName';

describe('languageName', () => {
  it('names ISO 639-3 codes in the reader’s language and falls back to the code', () => {
    expect(languageName('spa', 'en')).toBe('Spanish');
    expect(languageName('zho', 'de')).toBe('Chinesisch');
    expect(languageName('und-xx-1', 'en')).toBe('und-xx-1');
  });
});
