/**
 * Product recognition (task types `productIdentify` and `imageTagger`, SPEC §7): the app uploads a ZIP
 * holding the picture scaled to at most 256 px as `img.jpg`, and submits `imgUrl` (the ZIP) with
 * `styleId` (the product category it currently shows). The answer is a JSON file
 * (engine/spec/extraction.ts `ProductIdentifyResult`): a suggested category the user may change.
 * A plain picture instead of a ZIP is accepted too (scripts and the API's own tests).
 */
import JSZip from 'jszip';
import { parseTaskParams } from '../../../engine/spec/tasks';
import { ResultCode } from '../../../engine/spec/errors';
import type { ProductIdentifyResult } from '../../../engine/spec/extraction';
import { ApiError } from '../envelope';
import { identifyProduct } from '../models/products/productLabel';
import { readInput, type Processor } from '../tasks/processor';

/** Name of the picture inside the uploaded ZIP (SPEC §5). */
export const RECOGNITION_ENTRY = 'img.jpg';

/** The picture inside the recognition ZIP: `img.jpg`, else its only image; a non-ZIP input is the picture. */
export async function recognitionPicture(input: Buffer): Promise<Buffer> {
  if (input.readUInt32LE(0) !== 0x04034b50) return input;
  const zip = await JSZip.loadAsync(input);
  const entry = zip.file(RECOGNITION_ENTRY) ?? zip.file(/\.(jpe?g|png|webp)$/i)[0];
  if (!entry) throw new ApiError(ResultCode.PARAMS_INVALID, `the ZIP holds no ${RECOGNITION_ENTRY}`);
  return entry.async('nodebuffer');
}

/** `productIdentify` / `imageTagger` task: params { styleId? } → JSON `{ kind, categoryId, label, score, box, styleId }`. */
export const productIdentifyProcessor: Processor = async (ctx) => {
  // The task table checks styleId (a product category id, as a string or a number).
  const parsed = parseTaskParams('productIdentify', ctx.params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  const styleId = parsed.value.styleId === undefined || parsed.value.styleId === '' ? null : String(parsed.value.styleId);
  const picture = await recognitionPicture(await readInput(ctx));
  ctx.onProgress(0.1);
  await ctx.checkCancelled();
  const guess = await identifyProduct(picture);
  ctx.onProgress(1);
  const result: ProductIdentifyResult = { kind: 'productIdentify', ...guess, styleId };
  return { body: Buffer.from(JSON.stringify(result)), contentType: 'application/json', extension: 'json' };
};
