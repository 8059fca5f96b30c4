/**
 * The detection helpers of the magic eraser, each run on the heavy-work thread pool so a big
 * photo never holds up the event loop (issue 16, finding 4).
 */
import type { TextBox } from '../models/textDetect';
import type { SubjectMask } from '../models/subjectMask';
import { runOnThread } from './heavyPool';

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** IS-Net subject mask (models/subjectMask.ts). */
export async function detectSubjectOnThread(image: Buffer): Promise<SubjectMask> {
  const out = await runOnThread<SubjectMask>(new URL('../models/subjectMask.ts', import.meta.url), 'detectSubjectMask', [image], 'light');
  return { ...out, png: out.png ? toBuffer(out.png) : null };
}

type DetectorResult = { mask: Buffer; boxes: Array<TextBox | { x: number; y: number; w: number; h: number }> };

/** PP-OCRv4 text mask, the watermark's lines only when the picture has lettering of its own too (models/textDetect/watermarkMask.ts). */
export async function detectTextOnThread(image: Buffer): Promise<DetectorResult> {
  const out = await runOnThread<DetectorResult>(new URL('../models/textDetect/watermarkMask.ts', import.meta.url), 'detectWatermarkMask', [image], 'light');
  return { ...out, mask: toBuffer(out.mask) };
}

/** OpenCV scratch suggestion (models/scratchDetect). */
export async function detectScratchesOnThread(image: Buffer): Promise<DetectorResult> {
  const out = await runOnThread<DetectorResult>(new URL('../models/scratchDetect/index.ts', import.meta.url), 'detectScratchMask', [image], 'light');
  return { ...out, mask: toBuffer(out.mask) };
}

/** Telea preview fill (models/inpaintPreview.ts). */
export async function inpaintPreviewOnThread(image: Buffer, mask: Buffer): Promise<Buffer> {
  return toBuffer(await runOnThread<Uint8Array>(new URL('../models/inpaintPreview.ts', import.meta.url), 'inpaintPreview', [image, mask], 'light'));
}
