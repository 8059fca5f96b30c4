/**
 * The issue-32 cut-out sets (and issue 29's illustration class), built at run time from the Debian
 * packages of sources.json (fetch-sources.sh extracts them into .data/heldout32/): every subject with
 * real alpha is placed on five kinds of background — flat colour, gradient, saturated colour, busy
 * photo and a painting ("illustration": a drawn subject on a drawn scene, the anime-picture case) —
 * composited as I = αF + (1−α)B and saved as JPEG q92. The placed alpha is the exact truth.
 *
 * The tuning and held-out splits share no package (sources.json `about`), and no package here was
 * used by the earlier sets (bench/removebg/composites: tuxpaint, gcompris, skimage, darknet).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type Kind32 = 'flat' | 'gradient' | 'saturated' | 'busy' | 'illustration';
export const KINDS32: Kind32[] = ['flat', 'gradient', 'saturated', 'busy', 'illustration'];
export type Split32 = 'tuning' | 'heldout';

interface Source {
  package: string;
  path: string;
}
interface SplitSources {
  subjects: Source[];
  busy: Source[];
  illustration: Source[];
}
interface Sources32 {
  seed: number;
  canvases: Array<[number, number]>;
  subjectScales: number[];
  flat: string[];
  saturated: string[];
  gradients: Array<[string, string]>;
  splits: Record<Split32, SplitSources>;
}

export interface Composite32 {
  name: string;
  split: Split32;
  kind: Kind32;
  subject: string;
  background: string;
  width: number;
  height: number;
  jpeg: Buffer;
  /** Exact alpha (0..255), width × height. */
  alpha: Uint8Array;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const SOURCES32_DIR = process.env.HELDOUT32_SOURCES ?? path.resolve(here, '..', '..', '..', '.data', 'heldout32');

/** mulberry32: the same layout on every machine. */
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

function read(dir: string, s: Source): Buffer {
  const full = path.join(dir, s.package, s.path);
  if (!existsSync(full)) throw new Error(`${full} is missing: run bench/removebg/heldout32/fetch-sources.sh`);
  return readFileSync(full);
}

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const label = (s: Source) => `${s.package}:${path.basename(s.path).replace(/\.[a-z]+$/, '')}`;

function solid(colour: string, width: number, height: number): Buffer {
  const [r, g, b] = hex(colour);
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < rgb.length; i += 3) [rgb[i], rgb[i + 1], rgb[i + 2]] = [r, g, b];
  return rgb;
}

async function backgroundOf(
  kind: Kind32,
  n: number,
  width: number,
  height: number,
  s: Sources32,
  split: SplitSources,
  dir: string,
  r: number,
): Promise<{ id: string; rgb: Buffer }> {
  if (kind === 'flat') return { id: s.flat[n % s.flat.length], rgb: solid(s.flat[n % s.flat.length], width, height) };
  if (kind === 'saturated') return { id: s.saturated[n % s.saturated.length], rgb: solid(s.saturated[n % s.saturated.length], width, height) };
  if (kind === 'gradient') {
    const [c0, c1] = s.gradients[n % s.gradients.length].map(hex);
    const angle = r * Math.PI * 2,
      dx = Math.cos(angle),
      dy = Math.sin(angle);
    const span = Math.abs(dx) * width + Math.abs(dy) * height;
    const rgb = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const t = Math.min(1, Math.max(0, ((x - width / 2) * dx + (y - height / 2) * dy) / span + 0.5));
        for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = Math.round(c0[c] + (c1[c] - c0[c]) * t);
      }
    }
    return { id: s.gradients[n % s.gradients.length].join('→'), rgb };
  }
  const list = kind === 'busy' ? split.busy : split.illustration;
  const src = list[n % list.length];
  const rgb = await sharp(read(dir, src))
    .flatten({ background: '#808080' })
    .toColourspace('srgb')
    .removeAlpha()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .raw()
    .toBuffer();
  return { id: label(src), rgb };
}

async function place(fgFile: Buffer, bg: Buffer, width: number, height: number, scale: number, rx: number, ry: number) {
  const trimmed = await sharp(fgFile).ensureAlpha().trim({ threshold: 0 }).png().toBuffer();
  const meta = await sharp(trimmed).metadata();
  const s = (scale * Math.min(width, height)) / Math.max(meta.width!, meta.height!);
  const fw = Math.max(1, Math.min(width, Math.round(meta.width! * s)));
  const fh = Math.max(1, Math.min(height, Math.round(meta.height! * s)));
  const fg = await sharp(trimmed).resize(fw, fh, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha().raw().toBuffer();
  const left = Math.round(rx * (width - fw)),
    top = Math.round(ry * (height - fh));
  const alpha = new Uint8Array(width * height);
  const rgb = Buffer.from(bg);
  for (let y = 0; y < fh; y++) {
    for (let x = 0; x < fw; x++) {
      const f = (y * fw + x) * 4,
        a = fg[f + 3];
      if (a === 0) continue;
      const p = (top + y) * width + left + x;
      alpha[p] = a;
      for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((fg[f + c] * a + rgb[p * 3 + c] * (255 - a)) / 255);
    }
  }
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { jpeg, alpha };
}

export function readSources32(): Sources32 {
  return JSON.parse(readFileSync(path.join(here, 'sources.json'), 'utf8')) as Sources32;
}

/** Every composite of one split (or both): each subject on each of the five kinds. */
export async function buildComposites32(split?: Split32, dir = SOURCES32_DIR): Promise<Composite32[]> {
  const s = readSources32();
  const out: Composite32[] = [];
  for (const sp of ['tuning', 'heldout'] as const) {
    // One random stream per split, so a split's layout never depends on the other.
    const rnd = prng(s.seed + (sp === 'tuning' ? 0 : 1000));
    const parts = s.splits[sp];
    let index = 0;
    for (const [si, subject] of parts.subjects.entries()) {
      for (const [k, kind] of KINDS32.entries()) {
        const rx = rnd(),
          ry = rnd(),
          rbg = rnd();
        const [width, height] = s.canvases[index++ % s.canvases.length];
        if (split && sp !== split) continue;
        const scale = s.subjectScales[(si + k) % s.subjectScales.length];
        const bg = await backgroundOf(kind, si + k, width, height, s, parts, dir, rbg);
        const placed = await place(read(dir, subject), bg.rgb, width, height, scale, rx, ry);
        out.push({ name: `${label(subject).split(':')[1]}@${kind}`, split: sp, kind, subject: label(subject), background: bg.id, width, height, ...placed });
      }
    }
  }
  return out;
}
