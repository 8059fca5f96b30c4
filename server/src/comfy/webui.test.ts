import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { readPhoto } from '../testing/testPhotos';
import { generativeProcessor } from './generativeProcessors';
import { testRuntime, TestCancelled, type JobHarness } from './testing/jobHarness';
import { generationSuite } from './testing/generationSuite';

/** The webui task types on an AUTOMATIC1111 `--api` server (the protocol test server's /sdapi/v1 routes). */

const suite = generationSuite('WEBUI_URL');
let h: JobHarness | undefined;


describe('AUTOMATIC1111 back end', () => {
  it('txt2img returns the picture at the asked size, nothing goes to ComfyUI', async () => {
    h = await suite.harness(null, { prompt: 'a fox in snow', aspectRatio: '3:4', seed: 5 });
    const before = suite.fake.prompts.length;
    const out = await generativeProcessor('aiGeneratePicWebUi', suite.runtime)(h.ctx);
    const m = await sharp(out.body).metadata();
    expect([m.width, m.height]).toEqual([896, 1152]);
    expect(suite.fake.prompts.length).toBe(before);
  });

  it('img2img sends the photo as base64 and reports progress from /sdapi/v1/progress', async () => {
    suite.fake.behave({ steps: 40, stepDelayMs: 40 });
    h = await suite.harness(await readPhoto('chelsea'), { prompt: 'as a pencil drawing', strength: 0.5 });
    const out = await generativeProcessor('aiImgToImgWebUi', suite.runtime)(h.ctx);
    expect(out.body.length).toBeGreaterThan(1000);
    expect(h.progress.some((p) => p > 0.1 && p < 0.9)).toBe(true);
  });

  it('cancel calls /sdapi/v1/interrupt', async () => {
    suite.fake.behave({ steps: 400, stepDelayMs: 20 });
    h = await suite.harness(null, { prompt: 'slow' });
    const before = suite.fake.interrupts;
    const run = generativeProcessor('aiGeneratePicWebUi', suite.runtime)(h.ctx);
    setTimeout(() => h!.cancel(), 700);
    await expect(run).rejects.toBeInstanceOf(TestCancelled);
    expect(suite.fake.interrupts).toBe(before + 1);
  });

  it('a failure on the server is GPU_HANDLE_FAILED', async () => {
    suite.fake.behave({ mode: 'error' });
    h = await suite.harness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePicWebUi', suite.runtime)(h.ctx)).rejects.toMatchObject({ code: ResultCode.GPU_HANDLE_FAILED });
  });

  it('with only COMFYUI_URL set, the webui types run on ComfyUI', async () => {
    const comfyOnly = testRuntime({ COMFYUI_URL: suite.fake.url });
    h = await suite.harness(null, { prompt: 'x', seed: 1 });
    const before = suite.fake.prompts.length;
    await generativeProcessor('aiGeneratePicWebUi', () => comfyOnly)(h.ctx);
    expect(suite.fake.prompts.length).toBe(before + 1);
    comfyOnly.close();
  });
});
