import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import type { Processor } from '../tasks/processor';
import { readPhoto } from '../testing/testPhotos';
import { generativeProcessor } from './generativeProcessors';
import { withLearnedFill } from '../processors/learnedFill';
import { extendLayout, parseExtendParams } from '../processors/aiextendLayout';
import { testRuntime, type JobHarness } from './testing/jobHarness';
import { generationSuite } from './testing/generationSuite';
import { checkWorkflow } from './workflowCheck';

/** Every remaining generative type end to end on the protocol test server, and the learned eraser/extender wrapper. */

const suite = generationSuite('COMFYUI_URL');
let h: JobHarness | undefined;

const dims = async (png: Buffer) => {
  const m = await sharp(png).metadata();
  return [m.width, m.height];
};
const classes = () => Object.values(suite.fake.prompts.at(-1)!.workflow).map((n) => n.class_type);
const box = async (w: number, hh: number, rect: { left: number; top: number; width: number; height: number }) =>
  sharp({ create: { width: w, height: hh, channels: 3, background: '#000' } })
    .composite([
      {
        input: await sharp({ create: { width: rect.width, height: rect.height, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        left: rect.left,
        top: rect.top,
      },
    ])
    .png()
    .toBuffer();

describe('each generative type', () => {
  it('aiReplaceClothesDetect returns the detected mask at the photo size', async () => {
    h = await suite.harness(await readPhoto('astronaut'));
    const out = await generativeProcessor('aiReplaceClothesDetect', suite.runtime)(h.ctx);
    expect(classes()).toContain('MaskToImage');
    expect(await dims(out.body)).toEqual([512, 512]);
  });

  it('aiReplaceProduct sends the product photo as the IP-Adapter reference with the similarity', async () => {
    h = await suite.harness(await readPhoto('astronaut'), { similarity: 60 });
    h.ctx.params.productUrl = await h.upload('shirt.jpg', await readPhoto('coffee'));
    await generativeProcessor('aiReplaceProduct', suite.runtime)(h.ctx);
    const wf = suite.fake.prompts.at(-1)!.workflow;
    expect(Object.values(wf).find((n) => n.class_type === 'IPAdapter')!.inputs.weight).toBe(0.6);
    expect(Object.values(wf).filter((n) => n.class_type === 'LoadImage')).toHaveLength(2);
  });

  it('aiReplaceProduct without productUrl is PARAMS_INVALID', async () => {
    h = await suite.harness(await readPhoto('astronaut'));
    await expect(generativeProcessor('aiReplaceProduct', suite.runtime)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: expect.stringMatching(/productUrl/),
    });
  });

  it('aiReplaceBg segments the subject text and repaints the rest', async () => {
    h = await suite.harness(await readPhoto('chelsea'), { prompt: 'a sunny garden', subject: 'cat' });
    const out = await generativeProcessor('aiReplaceBg', suite.runtime)(h.ctx);
    const seg = Object.values(suite.fake.prompts.at(-1)!.workflow).find((n) => n.class_type.startsWith('GroundingDinoSAMSegment'))!;
    expect(seg.inputs.prompt).toBe('cat');
    expect(await dims(out.body)).toEqual([451, 300]);
  });

  it('aiPainting defaults to the oil-painting style without a prompt', async () => {
    h = await suite.harness(await readPhoto('coffee'));
    await generativeProcessor('aiPainting', suite.runtime)(h.ctx);
    const text = Object.values(suite.fake.prompts.at(-1)!.workflow).find((n) => n.class_type === 'CLIPTextEncode')!.inputs.text;
    expect(text).toMatch(/oil painting/);
  });

  it('aiImageToImage and V1 run their own workflows', async () => {
    h = await suite.harness(await readPhoto('coffee'), { prompt: 'a cup of tea' });
    await generativeProcessor('aiImgToImgComfyUiV1', suite.runtime)(h.ctx);
    expect(Object.values(suite.fake.prompts.at(-1)!.workflow).find((n) => n.class_type === 'CheckpointLoaderSimple')!.inputs.ckpt_name).toMatch(/v1-5/);
    await generativeProcessor('aiImageToImage', suite.runtime)(h.ctx);
    expect(Object.values(suite.fake.prompts.at(-1)!.workflow).find((n) => n.class_type === 'CheckpointLoaderSimple')!.inputs.ckpt_name).toMatch(/xl/);
  });
});

describe('aibg (SPEC §3 AI background params)', () => {
  const cutout = async () => {
    // The chelsea photo with a transparent border: a cut-out subject.
    const alpha = await sharp(await box(451, 300, { left: 100, top: 50, width: 250, height: 200 }))
      .extractChannel(0)
      .raw()
      .toBuffer();
    const { withAlpha } = await import('./pictures');
    return withAlpha(await readPhoto('chelsea'), alpha, 451, 300);
  };

  it('template source: the option prompt, subject kept pixel for pixel on a canvas of canvasW × canvasH', async () => {
    h = await suite.harness(await cutout(), { classifyCategoryId: 'nature', optionId: 'nature-beach' });
    const out = await generativeProcessor('aibg', suite.runtime)(h.ctx);
    expect(Object.values(suite.fake.prompts.at(-1)!.workflow).find((n) => n.class_type === 'CLIPTextEncode')!.inputs.text).toMatch(/beach/);
    expect(await dims(out.body)).toEqual([451, 300]);
    const a = await sharp(out.body).removeAlpha().raw().toBuffer();
    const b = await sharp(await readPhoto('chelsea'))
      .removeAlpha()
      .raw()
      .toBuffer();
    const at = (buf: Buffer, x: number, y: number) => [...buf.subarray((y * 451 + x) * 3, (y * 451 + x) * 3 + 3)];
    expect(at(a, 200, 150)).toEqual(at(b, 200, 150));
    expect(at(a, 20, 20)).not.toEqual(at(b, 20, 20));
  });

  it('custom prompt source is reviewed, and an unknown template is PARAMS_INVALID', async () => {
    h = await suite.harness(await cutout(), { customPrompt: 'porn' });
    await expect(generativeProcessor('aibg', suite.runtime)(h.ctx)).rejects.toMatchObject({ code: ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE });
    h.ctx.params = { ...h.ctx.params, customPrompt: undefined, classifyCategoryId: 'nature', optionId: 'nope' };
    await expect(generativeProcessor('aibg', suite.runtime)(h.ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });

  it('custom image source: the reference cropped to customImageRect goes to IP-Adapter at customImageSimilarity/100', async () => {
    h = await suite.harness(await cutout(), { customImageSimilarity: 30, customImageRect: { x: 10, y: 10, w: 200, h: 100 }, canvasW: 600, canvasH: 400 });
    h.ctx.params.customFileUrl = await h.upload('ref.jpg', await readPhoto('coffee'));
    h.ctx.params.customImageMaskFileUrl = await h.upload('refmask.png', await box(400, 400, { left: 0, top: 0, width: 200, height: 200 }));
    const out = await generativeProcessor('aibg', suite.runtime)(h.ctx);
    const wf = suite.fake.prompts.at(-1)!.workflow;
    expect(checkWorkflow(wf)).toEqual([]);
    expect(Object.values(wf).find((n) => n.class_type === 'IPAdapter')!.inputs.weight).toBe(0.3);
    const refName = String(Object.values(wf).filter((n) => n.class_type === 'LoadImage')[1].inputs.image);
    expect(await dims(suite.fake.uploads.get(refName)!)).toEqual([200, 100]);
    expect(await dims(out.body)).toEqual([600, 400]);
  });

  it('an opaque photo without maskUrl is PARAMS_INVALID saying what is needed', async () => {
    h = await suite.harness(await readPhoto('chelsea'), { customPrompt: 'a beach' });
    await expect(generativeProcessor('aibg', suite.runtime)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: expect.stringMatching(/cut-out|maskUrl/),
    });
  });
});

describe('learned fill for the eraser and extender', () => {
  const classical: Processor = async () => ({ body: Buffer.from('classical'), contentType: 'text/plain', extension: 'txt' });

  it('without COMFYUI_URL the classical processor answers', async () => {
    const none = testRuntime({});
    h = await suite.harness(await readPhoto('chelsea'));
    expect((await withLearnedFill('lama', classical, () => none)(h.ctx)).body.toString()).toBe('classical');
    none.close();
  });

  it('with COMFYUI_URL lama runs the LaMa workflow and changes only the masked area', async () => {
    const photo = await sharp(await readPhoto('chelsea'))
      .png()
      .toBuffer();
    h = await suite.harness(photo);
    h.ctx.params.maskUrl = await h.upload('m.png', await box(451, 300, { left: 200, top: 100, width: 60, height: 60 }));
    const out = await withLearnedFill('lama', classical, suite.runtime)(h.ctx);
    expect(classes()).toContain('INPAINT_InpaintWithModel');
    expect(out.resultQuery).toEqual({ fill: 'learned' });
    const a = await sharp(out.body).removeAlpha().raw().toBuffer();
    const b = await sharp(photo).removeAlpha().raw().toBuffer();
    const at = (buf: Buffer, x: number, y: number) => [...buf.subarray((y * 451 + x) * 3, (y * 451 + x) * 3 + 3)];
    expect(at(a, 20, 20)).toEqual(at(b, 20, 20));
    expect(at(a, 230, 130)).not.toEqual(at(b, 230, 130));
  });

  it('aiextend outpaints to the new frame and keeps the photo pixels', async () => {
    const photo = await sharp(await readPhoto('chelsea'))
      .png()
      .toBuffer();
    h = await suite.harness(photo, { ratio: '1:1' });
    const out = await withLearnedFill('aiextend', classical, suite.runtime)(h.ctx);
    expect(classes()).toContain('ImagePadForOutpaint');
    const layout = extendLayout(parseExtendParams({ ratio: '1:1' }), 451, 300);
    expect(await dims(out.body)).toEqual([layout.width, layout.height]);
    const a = await sharp(out.body).removeAlpha().raw().toBuffer();
    const b = await sharp(photo).removeAlpha().raw().toBuffer();
    for (const [x, y] of [
      [0, 0],
      [225, 150],
      [450, 299],
    ]) {
      const i = ((y + layout.top) * layout.width + x + layout.left) * 3;
      expect([...a.subarray(i, i + 3)]).toEqual([...b.subarray((y * 451 + x) * 3, (y * 451 + x) * 3 + 3)]);
    }
  });

  it('falls back to the classical fill when the server cannot do it, but passes a bad mask on', async () => {
    const down = testRuntime({ COMFYUI_URL: 'http://127.0.0.1:9' });
    h = await suite.harness(await readPhoto('chelsea'));
    h.ctx.params.maskUrl = await h.upload('m.png', await box(451, 300, { left: 1, top: 1, width: 5, height: 5 }));
    expect((await withLearnedFill('lama', classical, () => down)(h.ctx)).body.toString()).toBe('classical');
    h.ctx.params.maskUrl = await h.upload(
      'black.png',
      await sharp({ create: { width: 451, height: 300, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    await expect(withLearnedFill('lama', classical, suite.runtime)(h.ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    down.close();
  });

  it('the eraser offers the learned fill for large holes only: a small hole or quality fast stays classical', async () => {
    const photo = await sharp(await readPhoto('chelsea'))
      .png()
      .toBuffer();
    h = await suite.harness(photo);
    const before = suite.fake.prompts.length;
    h.ctx.params.maskUrl = await h.upload('small.png', await box(451, 300, { left: 200, top: 100, width: 20, height: 20 }));
    expect((await withLearnedFill('elimination', classical, suite.runtime)(h.ctx)).body.toString()).toBe('classical');
    h.ctx.params.maskUrl = await h.upload('large.png', await box(451, 300, { left: 150, top: 80, width: 120, height: 120 }));
    h.ctx.params.quality = 'fast';
    expect((await withLearnedFill('elimination', classical, suite.runtime)(h.ctx)).body.toString()).toBe('classical');
    expect(suite.fake.prompts.length).toBe(before);
    h.ctx.params.quality = 'best';
    const out = await withLearnedFill('elimination', classical, suite.runtime)(h.ctx);
    expect(suite.fake.prompts.length).toBe(before + 1);
    expect(out.resultQuery).toEqual({ fill: 'learned' });
  });
});
