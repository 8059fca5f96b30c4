import { describe, expect, it } from 'vitest';
import { proOptionsOf } from './proOptions';

describe('PRO tool options', () => {
  it('the high-quality enhancer is PRO, its default (fast) mode is not', () => {
    expect(proOptionsOf('picenhance', { imgUrl: 'x', quality: 'high' })).toEqual(['picenhance.quality.high']);
    expect(proOptionsOf('picenhance', { imgUrl: 'x', quality: 'fast' })).toEqual([]);
    expect(proOptionsOf('picenhance', { imgUrl: 'x' })).toEqual([]);
  });

  it('task types without PRO options, and malformed params, use none', () => {
    expect(proOptionsOf('removebg', { imgUrl: 'x', quality: 'high' })).toEqual([]);
    expect(proOptionsOf('picenhance', null)).toEqual([]);
    expect(proOptionsOf('picenhance', ['quality', 'high'])).toEqual([]);
  });
});
