import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { readPhoto } from '../testing/testPhotos';
import { generativeProcessor } from './generativeProcessors';
import { jobHarness, testRuntime, TestCancelled, type JobHarness } from './testing/jobHarness';
import { startFakeComfy, type FakeComfy } from './testing/fakeComfyServer';

/** The webui task types on an AUTOMATIC1111 `--api` server (the protocol test server's /sdapi/v1 routes). */

let fake: FakeComfy;
let rt: ReturnType<typeof testRuntime>;
let h: JobHarness | undefined;

beforeAll(async () => {
  fake = await startFakeComfy();
  rt = testRuntime({ WEBUI_URL: fake.url, GENERATION_TIMEOUT_S: '20' });
});
afterAll(async () => {
  rt.close();
  await fake.close();
});
afterEach(async () => {
  fake.behave({ mode: 'ok', steps: 6, stepDelayMs: 25 });
  await h?.cleanup();
  h = undefined;
});

describe('AUTOMATIC1111 back end', () => {
  it('txt2img returns the picture at the asked size, nothing goes to ComfyUI', async () => {
    h = await jobHarness(null, { prompt: 'a fox in snow', aspectRatio: '3:4', seed: 5 });
    const before = fake.prompts.length;
    const out = await generativeProcessor('aiGeneratePicWebUi', () => rt)(h.ctx);
    const m = await sharp(out.body).metadata();
    expect([m.width, m.height]).toEqual([896, 1152]);
    expect(fake.prompts.length).toBe(before);
  });

  it('img2img sends the photo as base64 and reports progress from /sdapi/v1/progress', async () => {
    fake.behave({ steps: 40, stepDelayMs: 40 });
    h = await jobHarness(await readPhoto('chelsea'), { prompt: 'as a pencil drawing', strength: 0.5 });
    const out = await generativeProcessor('aiImgToImgWebUi', () => rt)(h.ctx);
    expect(out.body.length).toBeGreaterThan(1000);
    expect(h.progress.some((p) => p > 0.1 && p < 0.9)).toBe(true);
  });

  it('cancel calls /sdapi/v1/interrupt', async () => {
    fake.behave({ steps: 400, stepDelayMs: 20 });
    h = await jobHarness(null, { prompt: 'slow' });
    const before = fake.interrupts;
    const run = generativeProcessor('aiGeneratePicWebUi', () => rt)(h.ctx);
    setTimeout(() => h!.cancel(), 700);
    await expect(run).rejects.toBeInstanceOf(TestCancelled);
    expect(fake.interrupts).toBe(before + 1);
  });

  it('a failure on the server is GPU_HANDLE_FAILED', async () => {
    fake.behave({ mode: 'error' });
    h = await jobHarness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePicWebUi', () => rt)(h.ctx)).rejects.toMatchObject({ code: ResultCode.GPU_HANDLE_FAILED });
  });

  it('with only COMFYUI_URL set, the webui types run on ComfyUI', async () => {
    const comfyOnly = testRuntime({ COMFYUI_URL: fake.url });
    h = await jobHarness(null, { prompt: 'x', seed: 1 });
    const before = fake.prompts.length;
    await generativeProcessor('aiGeneratePicWebUi', () => comfyOnly)(h.ctx);
    expect(fake.prompts.length).toBe(before + 1);
    comfyOnly.close();
  });
});
