import { describe, expect, it } from 'vitest';
import { maskText } from './mask';

describe('maskText', () => {
  it('replaces each occurrence with one mask character per letter, whatever the case', () => {
    expect(maskText('What the FUCK, fuck!', ['fuck'])).toBe('What the ****, ****!');
    expect(maskText('你这个傻逼，傻逼', ['傻逼'])).toBe('你这个**，**');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(maskText('a 𠮷野 b', ['𠮷野'])).toBe('a ** b');
    expect(maskText('a 𠮷野 b', ['𠮷野'], '＃')).toBe('a ＃＃ b');
  });

  it('masks English matches only as whole words', () => {
    expect(maskText('ass in class, Ass!', ['ass'])).toBe('*** in class, ***!');
    expect(maskText('Scunthorpe', ['cunt'])).toBe('Scunthorpe');
  });

  it('masks overlapping matches as one run and keeps the text length per code point', () => {
    const text = '他妈的';
    const masked = maskText(text, ['他妈', '妈的']);
    expect(masked).toBe('***');
    expect([...masked].length).toBe([...text].length);
  });

  it('masks matches with symbols or spaces inside, and uses the given character', () => {
    expect(maskText('傻*逼 and f*ck', ['傻*逼', 'f*ck'], '#')).toBe('### and ####');
    expect(maskText('child porn', ['child porn'], '-')).toBe('----------');
  });

  it('leaves the text alone with no matches, blank matches or an empty text', () => {
    expect(maskText('clean text', [])).toBe('clean text');
    expect(maskText('clean text', ['', '  '])).toBe('clean text');
    expect(maskText('', ['fuck'])).toBe('');
  });
});
