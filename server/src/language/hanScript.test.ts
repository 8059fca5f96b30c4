import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createLanguageDetector } from './detectLanguage';
import { hanForms, japaneseOrChinese } from './hanScript';
import { checkScript } from './scriptCheck';

describe('kanji-only Japanese vs Chinese (issue 13)', () => {
  it('takes characters only Japanese writes in this mix of forms for Japanese, without any hint', () => {
    // 負 is the old form (Simplified: 负), 号 the new one (Traditional: 號): only Japanese writes both.
    expect(hanForms('負符号')).toEqual({ japanese: true, simplified: false, traditional: false });
    expect(japaneseOrChinese('負符号')).toBe('jpn');
    expect(checkScript('負符号')).toEqual({ kind: 'language', code: 'jpn' });
  });

  it('takes a Japanese word that jieba knows only at its rarest counts for Japanese, without a hint', () => {
    for (const text of ['火曜日', '目次', '建物', '解像度']) expect(japaneseOrChinese(text), text).toBe('jpn');
    // Chinese phrases Japanese covers only with several words, Traditional Chinese, and jieba's common words stay Chinese.
    for (const text of ['一男一女', '再試一次', '星期二', '目录', '按原文送出']) expect(japaneseOrChinese(text), text).toBe('zho');
  });

  it('leaves a word that Traditional or Simplified Chinese also writes to Chinese without a hint', () => {
    expect(japaneseOrChinese('水族館')).toBe('zho');
    expect(japaneseOrChinese('红色情人节海报')).toBe('zho');
    expect(japaneseOrChinese('火熱的心')).toBe('zho');
  });

  it('takes Han-only prompts on a Japanese page for Japanese, unless only Simplified Chinese writes them', async () => {
    expect(japaneseOrChinese('水族館', 'jpn')).toBe('jpn');
    expect(japaneseOrChinese('映画館', 'jpn')).toBe('jpn');
    expect(japaneseOrChinese('我们的水族馆', 'jpn')).toBe('zho');
    const detector = createLanguageDetector([]);
    expect(await detector.guess('水族館', 'jpn')).toEqual({ lanCode: 'jpn', sure: true });
    expect(await detector.guess('水族館', 'zho')).toEqual({ lanCode: 'zho', sure: true });
    expect(await detector.guess('水族館')).toEqual({ lanCode: 'zho', sure: true });
  });

  it('calls none of the 600 Chinese names and poem lines of the prompt-safety sets Japanese', () => {
    const sets = JSON.parse(readFileSync(new URL('../textReview/promptSets/innocent.json', import.meta.url), 'utf8'));
    const chinese: string[] = [...sets.tuning.zh, ...sets.heldOut.zh];
    expect(chinese.filter((text) => checkScript(text).kind === 'language' && (checkScript(text) as { code: string }).code === 'jpn')).toEqual([]);
  });

  it('counts Taiwan and Hong Kong forms as Traditional, as the Simplified → Taiwan/Hong Kong converters of OpenCC do', () => {
    expect(hanForms('社群貼文').traditional).toBe(true); // Taiwan's 群 (OpenCC's Traditional: 羣)
    expect(hanForms('電商平台').traditional).toBe(true); // 台 (OpenCC: 臺)
    expect(hanForms('我们的水族馆').traditional).toBe(false);
    const { Converter } = createRequire(import.meta.url)('opencc-js') as { Converter(o: { from: string; to: string }): (t: string) => string };
    const full = { t: Converter({ from: 'cn', to: 't' }), tw: Converter({ from: 'cn', to: 'tw' }), hk: Converter({ from: 'cn', to: 'hk' }) };
    const locale = (name: string) => JSON.stringify(JSON.parse(readFileSync(new URL(`../../../locales/${name}.json`, import.meta.url), 'utf8')));
    const runs = new Set((locale('zh-tw') + locale('zh')).match(/\p{Script=Han}+/gu));
    expect(runs.size).toBeGreaterThan(300);
    for (const text of runs) expect(hanForms(text).traditional, text).toBe(full.t(text) === text || full.tw(text) === text || full.hk(text) === text);
  });
});
