/**
 * Builds the background-removal test composites of manifest.json at bench time (they are never
 * committed): each cut-out with real alpha (Debian tuxpaint-stamps-default for tuning,
 * gcompris-qt-data held out) is scaled, placed on a flat colour, a gradient and a busy photo
 * (Debian python3-skimage / darknet), composited as I = αF + (1−α)B and saved as JPEG q92 like a
 * user's photo. The placed alpha is the exact ground truth.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type BackgroundKind = 'flat' | 'gradient' | 'busy';
export const BACKGROUND_KINDS: BackgroundKind[] = ['flat', 'gradient', 'busy'];

export interface SourceFile {
  id: string;
  package: string;
  version: string;
  path: string;
  /** Inside a Qt resource bundle (.rcc): the byte offset of the embedded image. */
  offset?: number;
  format?: string;
  /** Busy backgrounds: use only this quarter of the photo ([column, row], each 0 or 1). */
  quarter?: [number, number];
}
interface Cutout extends SourceFile {
  split: 'tuning' | 'heldout';
}
export interface Manifest {
  seed: number;
  canvases: Array<[number, number]>;
  subjectScales: number[];
  flat: string[];
  gradients: Array<[string, string]>;
  busy: SourceFile[];
  cutouts: Cutout[];
  /** Small subjects (a few % of the frame, like the kite photo's people): every cut-out again on these kinds. */
  small?: { seed: number; scales: number[]; kinds: BackgroundKind[] };
}

export interface Composite {
  name: string;
  split: 'tuning' | 'heldout';
  kind: BackgroundKind;
  /** Background id (busy photo, colour or gradient). */
  background: string;
  width: number;
  height: number;
  /** The composite as a JPEG file, what a user would upload. */
  jpeg: Buffer;
  /** Exact alpha (0..255), row-major, width × height. */
  alpha: Uint8Array;
  /** Subject's long side ÷ the canvas's short side. */
  subjectScale: number;
  /** 'small' for the small-subject set (manifest `small`), reported as its own group. */
  size: 'normal' | 'small';
  /** Share of the frame the subject covers (alpha ≥ 128). */
  share: number;
}

/** The report group of a composite: its background kind, with `-small` for the small-subject set. */
export const groupOf = (c: Composite): string => (c.size === 'small' ? `${c.kind}-small` : c.kind);

const here = path.dirname(fileURLToPath(import.meta.url));
export const MANIFEST_PATH = path.join(here, 'manifest.json');
export const DEFAULT_SOURCES = path.resolve(here, '..', '..', '..', '.data', 'removebg-sources');

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
}

/** mulberry32: a small seeded PRNG, so the layout is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bytes of a source file, carving an image out of a Qt .rcc bundle where the manifest says so. */
export function readSource(sourcesDir: string, file: SourceFile): Buffer {
  const full = path.join(sourcesDir, file.package, file.path);
  if (!existsSync(full)) {
    throw new Error(`${full} is missing: run bench/removebg/composites/fetch-sources.sh (or set REMOVEBG_SOURCES)`);
  }
  const bytes = readFileSync(full);
  if (file.offset === undefined) return bytes;
  // WebP inside the bundle: 'RIFF', little-endian length, 'WEBP'.
  const at = file.offset;
  if (bytes.toString('latin1', at, at + 4) !== 'RIFF' || bytes.toString('latin1', at + 8, at + 12) !== 'WEBP') {
    throw new Error(`${file.id}: no WebP at offset ${at} of ${file.path} (package version differs from ${file.version}?)`);
  }
  return bytes.subarray(at, at + 8 + bytes.readUInt32LE(at + 4));
}

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** A width×height RGB background of the given kind. */
async function background(kind: BackgroundKind, index: number, width: number, height: number, m: Manifest, sourcesDir: string, rnd: () => number) {
  if (kind === 'flat') {
    const colour = m.flat[index % m.flat.length];
    const [r, g, b] = hex(colour);
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < rgb.length; i += 3) {
      rgb[i] = r;
      rgb[i + 1] = g;
      rgb[i + 2] = b;
    }
    return { id: colour, rgb };
  }
  if (kind === 'gradient') {
    const [c0, c1] = m.gradients[index % m.gradients.length].map(hex);
    const angle = rnd() * Math.PI * 2;
    const dx = Math.cos(angle),
      dy = Math.sin(angle);
    const span = Math.abs(dx) * width + Math.abs(dy) * height;
    const rgb = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const t = Math.min(1, Math.max(0, ((x - width / 2) * dx + (y - height / 2) * dy) / span + 0.5));
        const o = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) rgb[o + c] = Math.round(c0[c] + (c1[c] - c0[c]) * t);
      }
    }
    return { id: `${m.gradients[index % m.gradients.length].join('→')}`, rgb };
  }
  const photo = m.busy[index % m.busy.length];
  let image = sharp(readSource(sourcesDir, photo));
  if (photo.quarter) {
    const meta = await image.metadata();
    const qw = Math.floor(meta.width! / 2),
      qh = Math.floor(meta.height! / 2);
    image = sharp(await image.extract({ left: photo.quarter[0] * qw, top: photo.quarter[1] * qh, width: qw, height: qh }).toBuffer());
  }
  const rgb = await image.toColourspace('srgb').removeAlpha().resize(width, height, { fit: 'cover', position: 'centre' }).raw().toBuffer();
  if (rgb.length !== width * height * 3) throw new Error(`${photo.id}: background is not RGB`);
  return { id: photo.id, rgb };
}

/** Places one cut-out on a background as I = αF + (1−α)B; the JPEG and the exact alpha. */
async function place(cut: Cutout, bgRgb: Buffer, width: number, height: number, subjectScale: number, rx: number, ry: number, sourcesDir: string) {
  // The cut-out, trimmed to its visible pixels and scaled so its long side is subjectScale × the canvas's short side.
  const trimmed = await sharp(readSource(sourcesDir, cut)).ensureAlpha().trim({ threshold: 0 }).png().toBuffer();
  const meta = await sharp(trimmed).metadata();
  const target = subjectScale * Math.min(width, height);
  const s = target / Math.max(meta.width!, meta.height!);
  const fw = Math.max(1, Math.min(width, Math.round(meta.width! * s)));
  const fh = Math.max(1, Math.min(height, Math.round(meta.height! * s)));
  const fg = await sharp(trimmed).resize(fw, fh, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha().raw().toBuffer();
  const left = Math.round(rx * (width - fw));
  const top = Math.round(ry * (height - fh));
  const alpha = new Uint8Array(width * height);
  const rgb = Buffer.from(bgRgb);
  let opaque = 0;
  for (let y = 0; y < fh; y++) {
    for (let x = 0; x < fw; x++) {
      const f = (y * fw + x) * 4;
      const a = fg[f + 3];
      if (a === 0) continue;
      if (a >= 128) opaque++;
      const p = (top + y) * width + left + x;
      alpha[p] = a;
      for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((fg[f + c] * a + rgb[p * 3 + c] * (255 - a)) / 255);
    }
  }
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { jpeg, alpha, share: opaque / (width * height) };
}

/** Builds every composite of the manifest (or those of one split). */
export async function buildComposites(options: { sourcesDir?: string; split?: 'tuning' | 'heldout' } = {}): Promise<Composite[]> {
  const m = readManifest();
  const sourcesDir = options.sourcesDir ?? process.env.REMOVEBG_SOURCES ?? DEFAULT_SOURCES;
  const rnd = prng(m.seed);
  const out: Composite[] = [];
  let index = 0;
  for (let ci = 0; ci < m.cutouts.length; ci++) {
    const cut = m.cutouts[ci];
    for (let k = 0; k < BACKGROUND_KINDS.length; k++, index++) {
      const kind = BACKGROUND_KINDS[k];
      const [width, height] = m.canvases[index % m.canvases.length];
      const subjectScale = m.subjectScales[(ci + k) % m.subjectScales.length];
      // Draw the random numbers even for skipped splits, so a split's layout never depends on the filter.
      const rx = rnd(),
        ry = rnd(),
        rbg = rnd();
      const bg = await background(kind, ci + k, width, height, m, sourcesDir, () => rbg);
      if (options.split && cut.split !== options.split) continue;
      const placed = await place(cut, bg.rgb, width, height, subjectScale, rx, ry, sourcesDir);
      out.push({ name: `${cut.id}@${kind}`, split: cut.split, kind, background: bg.id, width, height, subjectScale, size: 'normal', ...placed });
    }
  }
  if (m.small) {
    // Its own random stream, so adding the small set left the layouts above unchanged.
    const rs = prng(m.small.seed);
    for (let ci = 0; ci < m.cutouts.length; ci++) {
      const cut = m.cutouts[ci];
      for (let k = 0; k < m.small.kinds.length; k++, index++) {
        const kind = m.small.kinds[k];
        const [width, height] = m.canvases[index % m.canvases.length];
        const subjectScale = m.small.scales[(ci + k) % m.small.scales.length];
        const rx = rs(),
          ry = rs(),
          rbg = rs();
        // Busy photos offset by 3 from the normal set, so a cut-out meets another background.
        const bg = await background(kind, ci + k + 3, width, height, m, sourcesDir, () => rbg);
        if (options.split && cut.split !== options.split) continue;
        const placed = await place(cut, bg.rgb, width, height, subjectScale, rx, ry, sourcesDir);
        out.push({ name: `${cut.id}@${kind}-small`, split: cut.split, kind, background: bg.id, width, height, subjectScale, size: 'small', ...placed });
      }
    }
  }
  return out;
}
