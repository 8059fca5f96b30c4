import JSZip from 'jszip';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { parseExtractionResult, type ProductIdentifyResult, type SealExtractResult, type TextExtractResult } from '../../../engine/spec/extraction';
import { makeTestContext, type TestContext } from '../models/inpaint/inpaint.testkit';
import { SEAL_RING_TEXT, sealDocument, textFixtures } from '../models/ocr/ocrFixtures.testkit';
import { readPhoto } from '../testing/testPhotos';
import { productIdentifyProcessor, recognitionPicture } from './productIdentify';
import { sealExtractProcessor } from './sealExtract';
import { textExtractProcessor } from './textExtract';

let open: TestContext | null = null;
afterEach(async () => {
  await open?.cleanup();
  open = null;
});

const json = <T>(body: Buffer) => parseExtractionResult(body.toString('utf8')) as T;

async function recognitionZip(photo: Buffer): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('img.jpg', await sharp(photo).resize(256, 256, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer());
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('textExtract processor', () => {
  it('answers a JSON file with the photo size and its lines', async () => {
    const [coffee] = await textFixtures();
    open = await makeTestContext(coffee.image);
    const out = await textExtractProcessor(open.ctx);
    expect(out.contentType).toBe('application/json');
    const result = json<TextExtractResult>(out.body);
    expect(result).toMatchObject({ kind: 'textExtract', width: 1200, height: 800 });
    expect(result.lines.map((l) => l.text)).toContain('欢迎光临本店，今日特价');
    expect(open.progress.at(-1)).toBe(1);
  }, 60_000);

  it('fails a file that is not a picture with PRE_PROCESS_FAILED-class decoding errors, not a crash', async () => {
    open = await makeTestContext(Buffer.from('not a picture at all'));
    await expect(textExtractProcessor(open.ctx)).rejects.toThrow(/unsupported image format|Input buffer/i);
  });
});

describe('sealExtract processor', () => {
  it('answers the seal with its ring text and a PNG data URL', async () => {
    open = await makeTestContext(await sealDocument());
    const result = json<SealExtractResult>((await sealExtractProcessor(open.ctx)).body);
    expect(result.kind).toBe('sealExtract');
    expect(result.seals).toHaveLength(1);
    expect(result.seals[0].ringText).toBe(SEAL_RING_TEXT);
    expect(result.seals[0].png.startsWith('data:image/png;base64,')).toBe(true);
  }, 120_000);

  it('answers an empty list for a photo without a seal', async () => {
    open = await makeTestContext(await readPhoto('chelsea'));
    expect(json<SealExtractResult>((await sealExtractProcessor(open.ctx)).body).seals).toEqual([]);
  }, 60_000);
});

describe('productIdentify processor', () => {
  it('reads img.jpg from the recognition ZIP and names the cup of the coffee photo', async () => {
    open = await makeTestContext(await recognitionZip(await readPhoto('coffee')), { styleId: 'food' });
    const result = json<ProductIdentifyResult>((await productIdentifyProcessor(open.ctx)).body);
    expect(result).toMatchObject({ kind: 'productIdentify', categoryId: 'kitchen', label: 'cup', styleId: 'food' });
    expect(result.score).toBeGreaterThan(0.2);
  }, 120_000);

  it('refuses a styleId that is not a product category with PARAMS_INVALID', async () => {
    open = await makeTestContext(await readPhoto('coffee'), { styleId: 'spaceship' });
    await expect(productIdentifyProcessor(open.ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });

  it('refuses a ZIP without a picture with PARAMS_INVALID', async () => {
    const zip = new JSZip();
    zip.file('notes.txt', 'hello');
    await expect(recognitionPicture(await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });
});
