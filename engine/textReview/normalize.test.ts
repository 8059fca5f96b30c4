import { describe, expect, it } from 'vitest';
import { normalizeCodePoint, normalizedView, viewSpan } from './normalize';

describe('normalizedView', () => {
  it.each([
    ['full-width letters (NFKC)', 'ｆｕｃｋ', 'fuck'],
    ['mathematical and circled letters (NFKC)', '𝐟𝐮𝐜𝐤 ⓕⓤⓒⓚ', 'fuck fuck'],
    ['case folding', 'FuCK', 'fuck'],
    ['zero-width and format characters', 'f\u200Bu\u200Cc\u200Dk\u00AD\uFEFF\u2060', 'fuck'],
    ['accents and strike-through marks', 'fück p̶o̶r̶n̶', 'fuck porn'],
    ['Cyrillic look-alikes', 'роrn ѕһіt', 'porn shit'],
    ['Greek look-alikes', 'ρορn', 'popn'],
    ['Kangxi radicals to Han characters', '⾊情', '色情'],
    ['full-width comma (the ideographic full stop stays)', '色，情。', '色,情。'],
  ])('folds %s', (_, text, folded) => {
    expect(normalizedView(text).text).toBe(folded);
  });

  it('maps every unit back to the character it came from, also when one becomes several or none', () => {
    const view = normalizedView('a\u200Bﬁx');
    expect(view.text).toBe('afix');
    expect(viewSpan(view, 1, 3)).toEqual({ start: 2, end: 3 });
    expect(viewSpan(view, 0, 4)).toEqual({ start: 0, end: 4 });
  });

  it('drops a lone combining mark or variation selector', () => {
    expect(normalizeCodePoint('\u0336')).toBe('');
    expect(normalizeCodePoint('\uFE0F')).toBe('');
  });
});
