/**
 * The app's one font registry (SPEC §4 "Fonts"), on the real browser APIs. Import these functions;
 * tests build their own FontRegistry with fakes.
 *
 *   await loadFont('Pacifico');                   // download, register, metrics
 *   await ensureFontsFor('こんにちは', 'NotoSansJP'); // before drawing CJK text on canvas
 *   new Konva.Text({ fontFamily: cssFamilyFor('Pacifico'), … });
 */
import { browserFontEnv } from './fontEnv';
import { FontRegistry, type LoadedFont } from './fontRegistry';

export { cssFamilyFor, FontRegistry, type LoadedFont } from './fontRegistry';

let registry: FontRegistry | null = null;

/** The shared registry, created on first use (so importing this module in node tests is harmless). */
export function fontRegistry(): FontRegistry {
  registry ??= new FontRegistry(browserFontEnv());
  return registry;
}

/** Loads a font by catalogue name ('' is the system font, never downloaded). */
export const loadFont = (fontName: string): Promise<LoadedFont> => fontRegistry().loadFont(fontName);

/** Loads the font and the unicode-range subsets `text` needs. */
export const ensureFontsFor = (text: string, fontName: string): Promise<LoadedFont> => fontRegistry().ensureFontsFor(text, fontName);

/** Whether a font is ready to draw with. */
export const isFontLoaded = (fontName: string): boolean => fontRegistry().isLoaded(fontName);
