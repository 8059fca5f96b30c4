/**
 * On a Chinese or Japanese page, the bundled Noto Sans face of that script (the editor's own CJK
 * fonts, served from /fonts in unicode-range slices) is registered so the interface text has a
 * font for its characters even where the system has none: without it a browser without CJK fonts
 * shows boxes. It sits at the end of the UI font stack (base.css `--font-script`), after PingFang,
 * Hiragino and YaHei, so a system CJK font still wins; only the slices a page uses are fetched.
 * The font loader is imported on demand, so no other language's first load carries it.
 */
import { CJK_FONTS, type CjkFontName } from '../../../engine/fonts/scriptFont';
import type { Language } from '../../../engine/spec/locales';

/** The interface languages whose script needs a CJK face, and which one. */
export const UI_SCRIPT_FONT: Partial<Record<Language, CjkFontName>> = { zh: CJK_FONTS.sc, 'zh-tw': CJK_FONTS.tc, ja: CJK_FONTS.jp };

/** Registers the script face for `lang` (once per face; a failed load leaves the system fonts). */
export function loadScriptUiFont(lang: Language): void {
  const font = UI_SCRIPT_FONT[lang];
  if (!font || typeof document === 'undefined') return;
  void import('../../fonts/fontLoader')
    .then(({ loadFont }) => loadFont(font))
    // Text drawn before the face existed keeps its fallback (boxes) until the font list changes.
    .then(() => document.documentElement.classList.add('script-font'))
    .catch(() => undefined);
}
