import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { japaneseOrChinese } from './hanScript';
import { coveredByWords } from './kanjiWords';
import { checkScript } from './scriptCheck';

describe('kanji-only Japanese by its words (issue 13)', () => {
  it('covers a run of Han characters with the longest words of a list', () => {
    const lexicon = new Set(['名前', '前十', '排名']);
    expect(coveredByWords('名前', lexicon)).toBe(2);
    // "排名|前十" covers four characters; "排|名前|十" only two.
    expect(coveredByWords('排名前十', lexicon)).toBe(4);
    expect(coveredByWords('水', lexicon)).toBe(0);
  });

  it.skipIf(!existsSync('/usr/share/mecab/dic/ipadic/Noun.csv'))(
    'takes Japanese words that Chinese lacks for Japanese, and leaves words of both to Chinese',
    () => {
      for (const japanese of ['名前', '日付', '進捗率', '和菓子']) expect(japaneseOrChinese(japanese)).toBe('jpn');
      for (const both of ['水族館', '表示', '一時停止', '排名前十', '红色情人节海报', '暖色情调的客厅']) expect(japaneseOrChinese(both)).toBe('zho');
    },
  );

  it('reads Taiwan and Hong Kong Traditional forms as Traditional Chinese, not as Japanese', () => {
    // OpenCC's own Traditional writes 羣 and 臺; Taiwan writes 群 and 台, which Japanese also writes.
    for (const text of ['社群貼文', '電商平台', '霧中群山']) expect(checkScript(text)).toEqual({ kind: 'language', code: 'zho' });
  });
});
