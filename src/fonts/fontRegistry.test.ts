import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FONT_STACK } from '../../engine/fonts/catalogue';
import { FONT_MANIFEST_VERSION, type PackedFontManifest } from '../../engine/fonts/manifest';
import type { FontEnv, ResponseLike } from './fontEnv';
import { FontRegistry, cssFamilyFor } from './fontRegistry';

const metrics = { unitsPerEm: 1000, ascender: 1303, descender: -453, ascenderPx100: 130.3, descenderPx100: 45.3 };
const family = (fontName: string, name: string, slug: string, files: string[]) => ({
  fontName,
  family: name,
  slug,
  category: 'latin' as const,
  unlockType: 0 as const,
  disable: false,
  weight: 400,
  fileName: files[0],
  thumb: '',
  files: files.map((file, i) => ({ file, range: i % 2 })),
  metrics,
});
const MANIFEST: PackedFontManifest = {
  version: FONT_MANIFEST_VERSION,
  inputHash: 'abcdef0123456789',
  unicodeRanges: ['U+0000-00FF', 'U+3000-30FF'],
  families: [
    family('Pacifico', 'Pacifico', 'pacifico', ['pacifico-latin-400-normal.woff2', 'pacifico-cyrillic-400-normal.woff2']),
    family('NotoSansJP', 'Noto Sans JP', 'noto-sans-jp', [
      'noto-sans-jp-latin-400-normal.woff2',
      'noto-sans-jp-1-400-normal.woff2',
      'noto-sans-jp-2-400-normal.woff2',
    ]),
  ],
};

interface FakeFace {
  family: string;
  source: ArrayBuffer | string;
  descriptors: FontFaceDescriptors;
  load(): Promise<unknown>;
}

function fakeEnv(options: { failFiles?: number; badBytes?: boolean; measure?: { ascent: number; descent: number } | null } = {}) {
  let failFiles = options.failFiles ?? 0;
  const fetched: string[] = [];
  const added = new Set<FakeFace>();
  const loads: Array<[string, string | undefined]> = [];
  const parseError = new Error('OTS parsing error: invalid sfntVersion');
  const respond = (body: unknown, ok = true): ResponseLike => ({
    ok,
    status: ok ? 200 : 404,
    json: async () => body,
    arrayBuffer: async () => new ArrayBuffer(8),
  });
  const env: FontEnv = {
    fetch: vi.fn(async (url: string) => {
      fetched.push(url);
      await new Promise((r) => setTimeout(r, 1));
      if (url === '/fonts/manifest.json') return respond(MANIFEST);
      if (failFiles > 0) {
        failFiles -= 1;
        return respond(null, false);
      }
      return respond(null);
    }),
    createFace: (familyName, source, descriptors) => ({
      family: familyName,
      source,
      descriptors,
      load: async () => {
        if (options.badBytes && typeof source !== 'string') throw parseError;
      },
    }),
    fonts: {
      add: (face) => added.add(face as FakeFace),
      delete: (face) => added.delete(face as FakeFace),
      load: async (font, text) => loads.push([font, text]),
    },
    measure: () => options.measure ?? null,
  };
  const fontFiles = () => fetched.filter((u) => u.startsWith('/fonts/files/'));
  return { env, fetched, fontFiles, added, loads, parseError };
}

afterEach(() => vi.restoreAllMocks());

describe('FontRegistry', () => {
  it('never downloads the default system font', async () => {
    const { env, fetched, added } = fakeEnv();
    const font = await new FontRegistry(env).loadFont('');
    expect(font).toMatchObject({ fontName: '', cssFamily: SYSTEM_FONT_STACK });
    expect(font.ascender).toBeGreaterThan(0);
    expect(fetched).toEqual([]);
    expect(added.size).toBe(0);
  });

  it('downloads a font once: concurrent and later calls share it', async () => {
    const { env, fetched, fontFiles, added } = fakeEnv();
    const registry = new FontRegistry(env);
    const [a, b] = [registry.loadFont('Pacifico'), registry.loadFont('Pacifico')];
    expect(a).toBe(b);
    const font = await a;
    await registry.loadFont('Pacifico');
    expect(fontFiles()).toEqual(['/fonts/files/pacifico/pacifico-latin-400-normal.woff2?v=abcdef012345']);
    expect(fetched.filter((u) => u.endsWith('manifest.json'))).toHaveLength(1);
    expect(font).toEqual({ fontName: 'Pacifico', cssFamily: `"Pacifico", ${SYSTEM_FONT_STACK}`, ascender: 130.3, descender: 45.3 });
    expect(registry.isLoaded('Pacifico')).toBe(true);
    // The main file is registered from its bytes; the other subset by URL with its range, for later.
    const faces = [...added];
    expect(faces.map((f) => typeof f.source)).toEqual(['object', 'string']);
    expect(faces[1].source).toBe('url("/fonts/files/pacifico/pacifico-cyrillic-400-normal.woff2?v=abcdef012345")');
    expect(faces.map((f) => f.descriptors.unicodeRange)).toEqual(['U+0000-00FF', 'U+3000-30FF']);
  });

  it('registers every CJK subset and fetches the ones a text needs before drawing', async () => {
    const { env, fontFiles, added, loads } = fakeEnv();
    const registry = new FontRegistry(env);
    await registry.ensureFontsFor('こんにちは', 'NotoSansJP');
    expect(added.size).toBe(3);
    expect([...added].every((f) => f.family === 'Noto Sans JP')).toBe(true);
    expect(fontFiles()).toHaveLength(1);
    expect(loads).toEqual([['100px "Noto Sans JP"', 'こんにちは']]);
  });

  it('cross-checks the metrics with canvas: rounding keeps the font’s, a platform difference wins, a fallback font’s is ignored', async () => {
    const rounded = new FontRegistry(fakeEnv({ measure: { ascent: 130, descent: 45 } }).env);
    expect(await rounded.loadFont('Pacifico')).toMatchObject({ ascender: 130.3, descender: 45.3 });
    const close = new FontRegistry(fakeEnv({ measure: { ascent: 128, descent: 43 } }).env);
    expect(await close.loadFont('Pacifico')).toMatchObject({ ascender: 128, descender: 43 });
    const far = new FontRegistry(fakeEnv({ measure: { ascent: 91, descent: 21 } }).env);
    expect(await far.loadFont('Pacifico')).toMatchObject({ ascender: 130.3, descender: 45.3 });
  });

  it('logs the font id and rejects when the download fails, and a later call retries', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env, fontFiles } = fakeEnv({ failFiles: 1 });
    const registry = new FontRegistry(env);
    await expect(registry.loadFont('Pacifico')).rejects.toThrow(/HTTP 404/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Pacifico'), expect.any(Error));
    expect(registry.isLoaded('Pacifico')).toBe(false);
    await expect(registry.loadFont('Pacifico')).resolves.toMatchObject({ fontName: 'Pacifico' });
    expect(fontFiles()).toHaveLength(2);
  });

  it('rejects with the underlying parse error and registers nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env, added, parseError } = fakeEnv({ badBytes: true });
    await expect(new FontRegistry(env).loadFont('Pacifico')).rejects.toBe(parseError);
    expect(added.size).toBe(0);
  });

  it('rejects an unknown font name', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(new FontRegistry(fakeEnv().env).loadFont('NoSuchFont')).rejects.toThrow('unknown font "NoSuchFont"');
    expect(errors.mock.calls[0][0]).toContain('NoSuchFont');
  });

  it('clearFonts removes every face; the next load downloads again', async () => {
    const { env, added, fontFiles } = fakeEnv();
    const registry = new FontRegistry(env);
    await registry.loadFont('Pacifico');
    await registry.loadFont('NotoSansJP');
    expect(added.size).toBe(5);
    registry.clearFonts();
    expect(added.size).toBe(0);
    expect(registry.isLoaded('Pacifico')).toBe(false);
    await registry.loadFont('Pacifico');
    expect(fontFiles()).toHaveLength(3);
  });
});

describe('cssFamilyFor', () => {
  it('quotes the family and falls back to the system stack', () => {
    expect(cssFamilyFor('GrapeNuts')).toBe(`"Grape Nuts", ${SYSTEM_FONT_STACK}`);
    expect(cssFamilyFor('')).toBe(SYSTEM_FONT_STACK);
    expect(cssFamilyFor('NoSuchFont')).toBe(SYSTEM_FONT_STACK);
  });
});
