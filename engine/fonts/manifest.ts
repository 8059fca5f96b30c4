/**
 * The shape of generated/fonts/manifest.json, written by scripts/build-font-manifest.mjs from the
 * catalogue and the installed @fontsource packages, served at GET /fonts/manifest.json.
 */
import type { FontCategory } from './catalogue';

/** Bump when the manifest shape changes, so an older generated file is rebuilt. */
export const FONT_MANIFEST_VERSION = 2;

/** Where the server serves the manifest and the font files. */
export const FONT_MANIFEST_PATH = '/fonts/manifest.json';

/** One woff2 file of a family with the characters it covers (a CSS unicode-range value). */
export interface FontFileEntry {
  file: string;
  unicodeRange: string;
}

/** Vertical metrics of the family's main file; the Px100 values are at the 100 px reference size (SPEC §9). */
export interface FontMetrics {
  unitsPerEm: number;
  /** hhea ascender in font units (positive). */
  ascender: number;
  /** hhea descender in font units (negative, as in the font). */
  descender: number;
  /** Ascender height in pixels at 100 px. */
  ascenderPx100: number;
  /** Descender depth in pixels at 100 px, as a positive height. */
  descenderPx100: number;
}

/** One family of the manifest: the catalogue entry plus what the installed package provides. */
export interface FontManifestFamily {
  fontName: string;
  family: string;
  slug: string;
  category: FontCategory;
  unlockType: 0 | 1;
  disable: boolean;
  /** The weight the files are in: 400, or the nearest one the package has. */
  weight: number;
  /** The main file (the latin subset where there is one); metrics come from it. */
  fileName: string;
  /** Preview image; '' since the picker previews each family in its own font. */
  thumb: string;
  /** Every normal-style file of `weight`, one per unicode-range subset (about 100 for CJK families). */
  files: FontFileEntry[];
  metrics: FontMetrics;
}

export interface FontManifest {
  version: number;
  /** Digest of the inputs (catalogue and package versions); the build skips work when it matches. */
  inputHash: string;
  families: FontManifestFamily[];
}

/**
 * The manifest as stored and served: CJK families share long unicode-range strings, so each is
 * kept once in `unicodeRanges` and files point at it by index (617 KiB instead of 2.3 MB).
 */
export interface PackedFontManifest {
  version: number;
  inputHash: string;
  unicodeRanges: string[];
  families: Array<Omit<FontManifestFamily, 'files'> & { files: Array<{ file: string; range: number }> }>;
}

/** Restores `{file, unicodeRange}` file lists from the stored form; throws on a foreign or damaged file. */
export function unpackFontManifest(packed: PackedFontManifest): FontManifest {
  if (packed?.version !== FONT_MANIFEST_VERSION || !Array.isArray(packed.families) || !Array.isArray(packed.unicodeRanges)) {
    throw new Error(`font manifest is not version ${FONT_MANIFEST_VERSION}; rebuild it with node scripts/build-font-manifest.mjs`);
  }
  return {
    version: packed.version,
    inputHash: packed.inputHash,
    families: packed.families.map((family) => ({
      ...family,
      files: family.files.map(({ file, range }) => {
        const unicodeRange = packed.unicodeRanges[range];
        if (unicodeRange === undefined) throw new Error(`font manifest: ${family.fontName} file ${file} has no range ${range}`);
        return { file, unicodeRange };
      }),
    })),
  };
}

/**
 * The URL of one font file as served by the server. The files are cached for a year, so the
 * manifest's input hash goes along as `?v=`: a package upgrade changes the URL.
 */
export function fontFileUrl(slug: string, file: string, inputHash = ''): string {
  const url = `/fonts/files/${encodeURIComponent(slug)}/${encodeURIComponent(file)}`;
  return inputHash ? `${url}?v=${inputHash.slice(0, 12)}` : url;
}
