/**
 * Text extraction (task type `textExtract`): the lines of a photo, read with PaddleOCR PP-OCRv4
 * (Chinese + English) or PP-OCRv3 japan (`script: 'ja'`), each with its box and confidence. The result is a JSON file
 * (engine/spec/extraction.ts `TextExtractResult`) that the page draws over the photo.
 */
import { OCR_SCRIPTS, type OcrScript, type TextExtractResult } from '../../../engine/spec/extraction';
import { readText } from '../models/ocr/ocrEngine';
import { readInput, type Processor } from '../tasks/processor';

/** `textExtract` task: params { script? } → JSON `{ kind, script, width, height, lines: [{ text, confidence, box }] }`. */
export const textExtractProcessor: Processor = async (ctx) => {
  const script: OcrScript = OCR_SCRIPTS.find((s) => s === ctx.params.script) ?? 'zh';
  const input = await readInput(ctx);
  const sharp = (await import('sharp')).default;
  // The size of the upright picture, so the page can scale boxes onto what it shows.
  const { info } = await sharp(input, { limitInputPixels: 100_000_000 }).rotate().toBuffer({ resolveWithObject: true });
  ctx.onProgress(0.1);
  await ctx.checkCancelled();
  const lines = await readText(input, { script });
  ctx.onProgress(1);
  const result: TextExtractResult = { kind: 'textExtract', script, width: info.width, height: info.height, lines };
  return { body: Buffer.from(JSON.stringify(result)), contentType: 'application/json', extension: 'json' };
};
