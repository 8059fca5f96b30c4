/**
 * Draws text in real fonts onto real photos for the OCR and seal tests: glyph outlines come from the
 * @fontsource woff2 files (Noto Sans/Serif, Noto Sans/Serif SC; OFL-1.1) through fontkit and are
 * composited by sharp as SVG paths, so no system font is needed and every machine draws the same pixels.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

export type FontFamily = 'noto-sans' | 'noto-serif' | 'noto-sans-sc' | 'noto-serif-sc' | 'noto-sans-jp' | 'noto-sans-tc' | 'noto-sans-kr';

interface Face {
  file: string;
  ranges: Array<[number, number]>;
  font?: fontkit.Font;
}

const require = createRequire(import.meta.url);
const faces = new Map<string, Face[]>();

/** The subset files of one family and weight, with their unicode ranges (read from the package's CSS). */
function facesOf(family: FontFamily, weight: number): Face[] {
  const key = `${family}/${weight}`;
  const cached = faces.get(key);
  if (cached) return cached;
  const css = path.join(path.dirname(require.resolve(`@fontsource/${family}/package.json`)), `${weight}.css`);
  const text = readFileSync(css, 'utf8');
  const list: Face[] = [];
  for (const block of text.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((r) => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(a, 16), parseInt(b ?? a, 16)] as [number, number];
    });
    list.push({ file: path.join(path.dirname(css), 'files', file), ranges });
  }
  faces.set(key, list);
  return list;
}

function fontFor(family: FontFamily, weight: number, codePoint: number): fontkit.Font {
  const face = facesOf(family, weight).find((f) => f.ranges.some(([a, b]) => codePoint >= a && codePoint <= b));
  if (!face) throw new Error(`${family} ${weight} has no subset for U+${codePoint.toString(16)}`);
  face.font ??= fontkit.create(readFileSync(face.file)) as fontkit.Font;
  return face.font;
}

export interface TextLine {
  text: string;
  family: FontFamily;
  weight?: number;
  /** Font size in pixels. */
  size: number;
  /** Left end of the baseline. */
  x: number;
  y: number;
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  /** Rotation in degrees around (x, y). */
  angle?: number;
}

/** SVG path data of `text` laid out from the origin (y down, baseline at 0), and its advance. */
export function textPath(text: string, family: FontFamily, size: number, weight = 400): { d: string; advance: number } {
  let pen = 0;
  const parts: string[] = [];
  for (const ch of text) {
    const font = fontFor(family, weight, ch.codePointAt(0)!);
    const scale = size / font.unitsPerEm;
    const run = font.layout(ch);
    for (let i = 0; i < run.glyphs.length; i++) {
      const glyph = run.glyphs[i];
      const commands = glyph.path.commands;
      const x0 = pen;
      const pt = (x: number, y: number) => `${(x0 + x * scale).toFixed(2)} ${(-y * scale).toFixed(2)}`;
      for (const c of commands) {
        const a = c.args;
        if (c.command === 'moveTo') parts.push(`M${pt(a[0], a[1])}`);
        else if (c.command === 'lineTo') parts.push(`L${pt(a[0], a[1])}`);
        else if (c.command === 'quadraticCurveTo') parts.push(`Q${pt(a[0], a[1])} ${pt(a[2], a[3])}`);
        else if (c.command === 'bezierCurveTo') parts.push(`C${pt(a[0], a[1])} ${pt(a[2], a[3])} ${pt(a[4], a[5])}`);
        else if (c.command === 'closePath') parts.push('Z');
      }
      pen += run.positions[i].xAdvance * scale;
    }
  }
  return { d: parts.join(''), advance: pen };
}

/** An SVG element drawing one line. */
export function lineSvg(line: TextLine): string {
  const { d } = textPath(line.text, line.family, line.size, line.weight ?? 400);
  const stroke = line.stroke ? ` stroke="${line.stroke}" stroke-width="${line.strokeWidth ?? 2}" paint-order="stroke"` : '';
  return `<path transform="translate(${line.x} ${line.y}) rotate(${line.angle ?? 0})" d="${d}" fill="${line.fill}"${stroke}/>`;
}

/** The photo (any size) with `lines` drawn over it, as JPEG of quality 90. */
export async function drawLines(photo: Buffer, lines: TextLine[], extraSvg = ''): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const { width, height } = await sharp(photo).metadata();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines.map(lineSvg).join('')}${extraSvg}</svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
