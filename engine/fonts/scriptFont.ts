/**
 * The bundled font a text in a CJK script starts with. The default "system font" has no CJK glyphs
 * on many systems (boxes instead of characters), while Noto Sans SC, TC, JP and KR are bundled: a
 * Korean text gets Noto Sans KR, a Japanese one (kana) Noto Sans JP, a Chinese one Noto Sans SC, or
 * Noto Sans TC when it is written in traditional characters.
 */

/** Catalogue fontNames of the bundled CJK sans fonts. */
export const CJK_FONTS = { sc: 'NotoSansSC', tc: 'NotoSansTC', jp: 'NotoSansJP', kr: 'NotoSansKR' } as const;
export type CjkFontName = (typeof CJK_FONTS)[keyof typeof CJK_FONTS];

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

// Frequent characters that exist in only one of the two Chinese forms; the form with more of them wins.
const TRADITIONAL_ONLY = new Set(
  '們這個說時國會來為學對點發後與經開關見話現長問讓還頭麼東車書愛體萬電樣業機無風動實覺應當從從進過產區處將傳設計買賣讀寫網頁圖視聽準確總結價錢員從級際華蘭嗎雙歡節氣輕邊遠運場報紙義險狀聯係隊壓齊廣顏'.split(
    '',
  ),
);
const SIMPLIFIED_ONLY = new Set(
  '们这个说时国会来为学对点发与经开关见话现长问让还头么东车书爱体万电样业机无风动实觉应当从进过产区处将传设计买卖读写网页图视听准确总结价钱员级际华兰吗双欢节气轻边远运场报纸义险状联队压齐广颜'.split(
    '',
  ),
);

/** The language hint: the interface language, used when the characters alone do not tell. */
export type ScriptHint = string | undefined;

/**
 * The bundled CJK font for `text`, or null when it has no CJK characters.
 * @example cjkFontFor('你好') // 'NotoSansSC'
 * @example cjkFontFor('こんにちは') // 'NotoSansJP'
 * @example cjkFontFor('這個設計') // 'NotoSansTC'
 */
export function cjkFontFor(text: string, hint?: ScriptHint): CjkFontName | null {
  if (HANGUL.test(text)) return CJK_FONTS.kr;
  if (KANA.test(text)) return CJK_FONTS.jp;
  if (!HAN.test(text)) return null;
  let traditional = 0;
  let simplified = 0;
  for (const char of text) {
    if (TRADITIONAL_ONLY.has(char)) traditional++;
    else if (SIMPLIFIED_ONLY.has(char)) simplified++;
  }
  if (traditional > simplified) return CJK_FONTS.tc;
  if (simplified > traditional) return CJK_FONTS.sc;
  // Characters shared by every form: follow the interface language.
  if (hint === 'zh-tw') return CJK_FONTS.tc;
  if (hint === 'ja') return CJK_FONTS.jp;
  if (hint === 'ko') return CJK_FONTS.kr;
  return CJK_FONTS.sc;
}

/**
 * The font a text layer should switch to after its words became `text`: a CJK font when the layer
 * still uses the default system font ('') and the text is in a CJK script; otherwise null (a font
 * the user chose is never changed).
 */
export function defaultFontForText(currentFontName: string, text: string, hint?: ScriptHint): CjkFontName | null {
  return currentFontName === '' ? cjkFontFor(text, hint) : null;
}
