/**
 * Result files of the text, seal and product tasks (JSON, fetched from the task's `resultUrl`), shared
 * by the server that writes them and the app that reads them.
 */

/**
 * The recognisers `textExtract` can read with (its `script` param): `zh` Simplified Chinese and English
 * (PP-OCRv4, the default), `zh-tw` Traditional Chinese and `ko` Korean (Tesseract on PP-OCR's line boxes: the
 * characters keep their script), `ja` Japanese (PP-OCRv3 japan: kana, kanji and Latin).
 */
export const OCR_SCRIPTS = ['zh', 'zh-tw', 'ja', 'ko'] as const;
export type OcrScript = (typeof OCR_SCRIPTS)[number];

/** The recogniser a page in `language` (an interface language code) offers first. */
export const defaultOcrScript = (language: string): OcrScript =>
  language === 'zh-tw' ? 'zh-tw' : language.startsWith('ja') ? 'ja' : language.startsWith('ko') ? 'ko' : 'zh';

/** A corner of a box, in pixels of the upright input picture. */
export type BoxPoint = [number, number];

/** One line read by `textExtract`. */
export interface ExtractedLine {
  text: string;
  /** Mean character probability, 0..1. */
  confidence: number;
  /** Four corners, clockwise from top-left. */
  box: [BoxPoint, BoxPoint, BoxPoint, BoxPoint];
}

/** `textExtract` result: the picture's size and its lines in reading order. */
export interface TextExtractResult {
  kind: 'textExtract';
  /** The recogniser that read it (absent in results made before there was a choice: `zh`). */
  script?: OcrScript;
  width: number;
  height: number;
  lines: ExtractedLine[];
}

/** One seal found by `sealExtract`. */
export interface ExtractedSeal {
  box: { x: number; y: number; w: number; h: number };
  /** Text along the ring ('' when none was read). */
  ringText: string;
  /** Text in the middle ('' when none was read). */
  centreText: string;
  /** The seal alone, red on transparent: `data:image/png;base64,…`. */
  png: string;
}

/** `sealExtract` result. */
export interface SealExtractResult {
  kind: 'sealExtract';
  width: number;
  height: number;
  seals: ExtractedSeal[];
}

/** `productIdentify` / `imageTagger` result: a hint, always editable by the user. */
export interface ProductIdentifyResult {
  kind: 'productIdentify';
  /** Product category id (engine/products/categories.ts), `other` when nothing was recognised. */
  categoryId: string;
  /** The detector's own label (COCO-80 English name), null when nothing was found. */
  label: string | null;
  /** Detector score 0..1 of the chosen box (0 when none). */
  score: number;
  /** The chosen box as fractions of the picture (x, y, w, h), null when none. */
  box: [number, number, number, number] | null;
  /** The styleId the request carried (the user's current category), echoed. */
  styleId: string | null;
}

/** Every result kind, told apart by `kind`. */
export type ExtractionResult = TextExtractResult | SealExtractResult | ProductIdentifyResult;

/** Parses a downloaded result file; null when it is not one of these results. */
export function parseExtractionResult(text: string): ExtractionResult | null {
  try {
    const value = JSON.parse(text) as { kind?: unknown };
    return value && (value.kind === 'textExtract' || value.kind === 'sealExtract' || value.kind === 'productIdentify') ? (value as ExtractionResult) : null;
  } catch {
    return null;
  }
}
