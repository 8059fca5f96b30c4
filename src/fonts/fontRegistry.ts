/**
 * The font registry of SPEC §4 "Fonts": a font already loaded (or loading) is reused; otherwise its
 * main file is downloaded, parsed and registered with document.fonts, the other unicode-range
 * subsets are registered for the browser to fetch when a character needs them, the ascender and
 * descender at the 100 px reference size are kept, and the font is marked loaded. The default
 * system font ('') is never downloaded. Clearing fonts unloads all.
 */
import { SYSTEM_FONT_STACK, fontEntry } from '../../engine/fonts/catalogue';
import {
  FONT_MANIFEST_PATH,
  fontFileUrl,
  unpackFontManifest,
  type FontManifest,
  type FontManifestFamily,
  type PackedFontManifest,
} from '../../engine/fonts/manifest';
import type { FontEnv, FontFaceLike } from './fontEnv';

/** SPEC §9: font metrics are kept against a reference size of 100 px. */
export const FONT_METRIC_REFERENCE_PX = 100;

/** Typical sans-serif metrics (Arial) for the system font where canvas cannot measure. */
const SYSTEM_METRICS = { ascender: 90.5, descender: 21.2 };

/** Canvas metrics further than this from the font's own are taken as a fallback font's and ignored. */
const MAX_METRIC_DRIFT = 0.25;

export interface LoadedFont {
  fontName: string;
  /** The CSS font-family list to draw with (quoted family, then the system stack). */
  cssFamily: string;
  /** Ascender height in px at 100 px. */
  ascender: number;
  /** Descender depth in px at 100 px (positive). */
  descender: number;
}

/** `"Grape Nuts", system-ui, …`; the system stack alone for '' and unknown names. */
export function cssFamilyFor(fontName: string): string {
  const entry = fontEntry(fontName);
  if (!entry) return SYSTEM_FONT_STACK;
  return `"${entry.family.replace(/["\\]/g, '')}", ${SYSTEM_FONT_STACK}`;
}

function closeTo(measured: number, expected: number): boolean {
  return expected > 0 && Math.abs(measured - expected) / expected <= MAX_METRIC_DRIFT;
}

export class FontRegistry {
  private manifest: Promise<FontManifest> | null = null;
  private readonly loads = new Map<string, Promise<LoadedFont>>();
  private readonly faces = new Map<string, FontFaceLike[]>();
  /** Bumped by clearFonts, so a load that was under way does not register into the cleared set. */
  private generation = 0;

  constructor(private readonly env: FontEnv) {}

  /** The font manifest, fetched once (a failed fetch is retried by the next call). */
  getFontManifest(): Promise<FontManifest> {
    this.manifest ??= (async () => {
      const res = await this.env.fetch(FONT_MANIFEST_PATH);
      if (!res.ok) throw new Error(`font manifest: HTTP ${res.status}`);
      return unpackFontManifest((await res.json()) as PackedFontManifest);
    })().catch((err: unknown) => {
      this.manifest = null;
      throw err;
    });
    return this.manifest;
  }

  /** Loads a font once; concurrent and later calls share the same promise. Rejects with the underlying error. */
  loadFont(fontName: string): Promise<LoadedFont> {
    const known = this.loads.get(fontName);
    if (known) return known;
    const loading = (fontName === '' ? this.systemFont() : this.download(fontName)).catch((err: unknown) => {
      console.error(`font "${fontName}" failed to load:`, err);
      if (this.loads.get(fontName) === loading) this.loads.delete(fontName); // a later call may retry
      throw err;
    });
    this.loads.set(fontName, loading);
    return loading;
  }

  /** Whether a font has finished loading (the system font always has). */
  isLoaded(fontName: string): boolean {
    return fontName === '' || this.faces.has(fontName);
  }

  /**
   * Loads the font, then asks the browser for the subsets `text` needs (CJK families have ~100),
   * so drawing on canvas does not fall back to another font for characters not fetched yet.
   */
  async ensureFontsFor(text: string, fontName: string): Promise<LoadedFont> {
    const loaded = await this.loadFont(fontName);
    const entry = fontEntry(fontName);
    if (entry && text) await this.env.fonts.load(`${FONT_METRIC_REFERENCE_PX}px "${entry.family}"`, text);
    return loaded;
  }

  /** Unloads every font: its FontFace objects leave document.fonts and the next load downloads again. */
  clearFonts(): void {
    this.generation += 1;
    for (const list of this.faces.values()) for (const face of list) this.env.fonts.delete(face);
    this.faces.clear();
    this.loads.clear();
  }

  private async systemFont(): Promise<LoadedFont> {
    const measured = this.env.measure(`${FONT_METRIC_REFERENCE_PX}px ${SYSTEM_FONT_STACK}`);
    return {
      fontName: '',
      cssFamily: SYSTEM_FONT_STACK,
      ascender: measured?.ascent ?? SYSTEM_METRICS.ascender,
      descender: measured?.descent ?? SYSTEM_METRICS.descender,
    };
  }

  private async download(fontName: string): Promise<LoadedFont> {
    const generation = this.generation;
    const manifest = await this.getFontManifest();
    const family = manifest.families.find((f) => f.fontName === fontName);
    if (!family) throw new Error(`unknown font "${fontName}"`);
    const main = family.files.find((f) => f.file === family.fileName) ?? family.files[0];
    if (!main) throw new Error(`font "${fontName}" has no files`);

    const res = await this.env.fetch(fontFileUrl(family.slug, main.file, manifest.inputHash));
    if (!res.ok) throw new Error(`font "${fontName}": HTTP ${res.status} for ${main.file}`);
    const bytes = await res.arrayBuffer();
    // The file holds the weight the package has (400 or the nearest); it is registered as the
    // family's regular face so "normal" text matches it exactly.
    const descriptors = (unicodeRange: string): FontFaceDescriptors => ({
      style: 'normal',
      weight: '400',
      display: 'swap',
      ...(unicodeRange ? { unicodeRange } : {}),
    });
    const mainFace = this.env.createFace(family.family, bytes, descriptors(main.unicodeRange));
    await mainFace.load(); // parses the file; a damaged one rejects here
    const others = family.files
      .filter((f) => f !== main)
      .map((f) => this.env.createFace(family.family, `url("${fontFileUrl(family.slug, f.file, manifest.inputHash)}")`, descriptors(f.unicodeRange)));
    if (generation !== this.generation) throw new Error(`font "${fontName}": fonts were cleared while it loaded`);

    const faces = [mainFace, ...others];
    for (const face of faces) this.env.fonts.add(face);
    this.faces.set(fontName, faces);
    return { fontName, cssFamily: cssFamilyFor(fontName), ...this.metricsOf(family) };
  }

  /**
   * The font's own (hhea) metrics from the manifest, cross-checked with what canvas measures.
   * Chromium rounds its values to whole pixels, so within a pixel the precise manifest value is
   * kept; a platform that uses other vertical metrics (Windows' typo/win values) differs by more,
   * and what canvas draws with wins; a value far off is a fallback font's and is ignored.
   */
  private metricsOf(family: FontManifestFamily): { ascender: number; descender: number } {
    const { ascenderPx100, descenderPx100 } = family.metrics;
    const measured = this.env.measure(`${FONT_METRIC_REFERENCE_PX}px "${family.family}"`);
    const agrees = measured && closeTo(measured.ascent, ascenderPx100) && closeTo(measured.descent, descenderPx100);
    const withinRounding = measured && Math.abs(measured.ascent - ascenderPx100) <= 1 && Math.abs(measured.descent - descenderPx100) <= 1;
    if (measured && agrees && !withinRounding) return { ascender: measured.ascent, descender: measured.descent };
    return { ascender: ascenderPx100, descender: descenderPx100 };
  }
}
