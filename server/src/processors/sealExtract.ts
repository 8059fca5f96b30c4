/**
 * Seal extraction (task type `sealExtract`): finds red seals, gives each as a red-on-transparent PNG
 * and reads its ring text (polar unwrap) and centre text (server/src/models/ocr/seal.ts). The result is
 * a JSON file (engine/spec/extraction.ts `SealExtractResult`); a picture without a red seal gives an
 * empty list, which the page explains, rather than a failure.
 */
import type { SealExtractResult } from '../../../engine/spec/extraction';
import { extractSeals } from '../models/ocr/seal';
import { readInput, type Processor } from '../tasks/processor';

/** `sealExtract` task: params {} → JSON `{ kind, width, height, seals: [{ box, ringText, centreText, png }] }`. */
export const sealExtractProcessor: Processor = async (ctx) => {
  const input = await readInput(ctx);
  ctx.onProgress(0.05);
  await ctx.checkCancelled();
  const found = await extractSeals(input);
  ctx.onProgress(1);
  const result: SealExtractResult = {
    kind: 'sealExtract',
    width: found.width,
    height: found.height,
    seals: found.seals.map((s) => ({ box: s.box, ringText: s.ringText, centreText: s.centreText, png: `data:image/png;base64,${s.png.toString('base64')}` })),
  };
  return { body: Buffer.from(JSON.stringify(result)), contentType: 'application/json', extension: 'json' };
};
