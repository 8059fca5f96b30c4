import { describe, expect, it } from 'vitest';
import { nearestWeight, parseFontFaces } from '../../scripts/build-font-manifest.mjs';
import { FONT_MANIFEST_VERSION, fontFileUrl, unpackFontManifest, type PackedFontManifest } from './manifest';

describe('build-font-manifest helpers', () => {
  it('picks the weight CSS matching would pick for regular text', () => {
    expect(nearestWeight([100, 400, 700])).toBe(400);
    expect(nearestWeight([300, 500, 700])).toBe(500);
    expect(nearestWeight([100, 300, 700])).toBe(300);
    expect(nearestWeight([700, 900])).toBe(700);
  });

  it('reads weight, style, woff2 file and unicode-range from fontsource CSS', () => {
    const css = `/* x */
@font-face {
  font-family: 'Noto Sans JP';
  font-style: normal;
  font-weight: 400;
  src: url(./files/noto-sans-jp-1-400-normal.woff2) format('woff2'), url(./files/noto-sans-jp-1-400-normal.woff) format('woff');
  unicode-range: U+1f235-1f23b,U+2000b;
}
@font-face {
  font-family: 'Noto Sans JP';
  font-style: italic;
  font-weight: 700;
  src: url(./files/noto-sans-jp-latin-700-italic.woff2) format('woff2');
}`;
    expect(parseFontFaces(css)).toEqual([
      { weight: 400, style: 'normal', file: 'noto-sans-jp-1-400-normal.woff2', unicodeRange: 'U+1f235-1f23b,U+2000b' },
      { weight: 700, style: 'italic', file: 'noto-sans-jp-latin-700-italic.woff2', unicodeRange: '' },
    ]);
  });
});

describe('unpackFontManifest', () => {
  const packed: PackedFontManifest = {
    version: FONT_MANIFEST_VERSION,
    inputHash: 'h',
    unicodeRanges: ['U+0000-00FF', 'U+4E00-4FFF'],
    families: [
      {
        fontName: 'NotoSansSC',
        family: 'Noto Sans SC',
        slug: 'noto-sans-sc',
        category: 'chinese',
        unlockType: 0,
        disable: false,
        weight: 400,
        fileName: 'a.woff2',
        thumb: '',
        metrics: { unitsPerEm: 1000, ascender: 1160, descender: -288, ascenderPx100: 116, descenderPx100: 28.8 },
        files: [
          { file: 'a.woff2', range: 0 },
          { file: 'b.woff2', range: 1 },
        ],
      },
    ],
  };

  it('restores each file’s unicode range', () => {
    expect(unpackFontManifest(packed).families[0].files).toEqual([
      { file: 'a.woff2', unicodeRange: 'U+0000-00FF' },
      { file: 'b.woff2', unicodeRange: 'U+4E00-4FFF' },
    ]);
  });

  it('refuses another version or a dangling range index', () => {
    expect(() => unpackFontManifest({ ...packed, version: 1 })).toThrow(/rebuild/);
    const broken = { ...packed, families: [{ ...packed.families[0], files: [{ file: 'a.woff2', range: 7 }] }] };
    expect(() => unpackFontManifest(broken)).toThrow(/no range 7/);
  });

  it('builds cache-busted, encoded file URLs', () => {
    expect(fontFileUrl('pacifico', 'pacifico-latin-400-normal.woff2', '0123456789abcdef')).toBe(
      '/fonts/files/pacifico/pacifico-latin-400-normal.woff2?v=0123456789ab',
    );
    expect(fontFileUrl('a b', 'c/d')).toBe('/fonts/files/a%20b/c%2Fd');
  });
});
