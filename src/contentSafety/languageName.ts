/** The name of an ISO 639-3 language in the reader's language ("Spanish", "Spanisch"), or the code itself. */
const TO_639_1: Record<string, string> = {
  eng: 'en',
  zho: 'zh',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  spa: 'es',
  por: 'pt',
  fra: 'fr',
  deu: 'de',
  ita: 'it',
  rus: 'ru',
  tur: 'tr',
  vie: 'vi',
  ind: 'id',
  msa: 'ms',
  nld: 'nl',
  pol: 'pl',
  ara: 'ar',
  tha: 'th',
  hin: 'hi',
};

export function languageName(code: string, uiLanguage: string): string {
  const short = TO_639_1[code] ?? code;
  try {
    return new Intl.DisplayNames([uiLanguage, 'en'], { type: 'language' }).of(short) ?? code;
  } catch {
    return code;
  }
}
