import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { readPhoto } from '../testing/testPhotos';
import { generativeProcessor } from './generativeProcessors';
import { testRuntime, TestCancelled, type JobHarness } from './testing/jobHarness';
import { generationSuite } from './testing/generationSuite';
import { checkWorkflow } from './workflowCheck';

/**
 * The ComfyUI client against the protocol test server: each job's workflow is checked by the
 * server (well-formed, every input connected, every named input filled), progress arrives over
 * /ws, and a picture comes back; then the failure paths.
 */

const suite = generationSuite('COMFYUI_URL');
let h: JobHarness | undefined;
const runtime = suite.runtime;

const size = async (png: Buffer) => {
  const m = await sharp(png).metadata();
  return [m.width, m.height];
};

describe('text to image', () => {
  it('submits the aiGeneratePic workflow with the prompt, style, seed and size, reports progress and returns a picture', async () => {
    h = await suite.harness(null, { prompt: 'a red bicycle by the sea', style: 'watercolor', seed: 42, aspectRatio: '16:9' });
    const out = await generativeProcessor('aiGeneratePic', runtime)(h.ctx);
    expect(out.contentType).toBe('image/png');
    expect(await size(out.body)).toEqual([1344, 768]);
    const sent = suite.fake.prompts.at(-1)!.workflow;
    expect(checkWorkflow(sent)).toEqual([]);
    const texts = Object.values(sent)
      .filter((n) => n.class_type === 'CLIPTextEncode')
      .map((n) => n.inputs.text);
    expect(texts[0]).toMatch(/^a red bicycle by the sea, watercolour painting/);
    expect(Object.values(sent).find((n) => n.class_type === 'KSampler')!.inputs.seed).toBe(42);
    // Progress from the WebSocket: several increasing values between submit and done.
    const mid = h.progress.filter((p) => p > 0.05 && p < 0.92);
    expect(mid.length).toBeGreaterThanOrEqual(3);
    expect([...mid].sort((a, b) => a - b)).toEqual(mid);
  });

  it('gives the same picture for the same seed and another for another seed', async () => {
    h = await suite.harness(null, { prompt: 'a lighthouse', seed: 7 });
    const a = await generativeProcessor('aiGeneratePic', runtime)(h.ctx);
    const b = await generativeProcessor('aiGeneratePic', runtime)(h.ctx);
    h.ctx.params.seed = 8;
    const c = await generativeProcessor('aiGeneratePic', runtime)(h.ctx);
    expect(a.body.equals(b.body)).toBe(true);
    expect(a.body.equals(c.body)).toBe(false);
  });

  it('refuses a prompt on the word lists with 1010202 before anything is sent', async () => {
    const before = suite.fake.prompts.length;
    h = await suite.harness(null, { prompt: 'porn' });
    await expect(generativeProcessor('aiGeneratePic', runtime)(h.ctx)).rejects.toMatchObject({ code: ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE });
    expect(suite.fake.prompts.length).toBe(before);
  });

  it.each([
    [{ prompt: '' }, /prompt is required/],
    [{ prompt: 'x', style: 'nope' }, /style/],
    [{ prompt: 'x', aspectRatio: '5:1' }, /aspectRatio/],
    [{ prompt: 'x', seed: -1 }, /seed/],
    [{ prompt: 'long '.repeat(201) }, /longer than/],
  ])('refuses bad params %o with PARAMS_INVALID', async (params, message) => {
    h = await suite.harness(null, params);
    await expect(generativeProcessor('aiGeneratePic', runtime)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: expect.stringMatching(message),
    });
  });
});

describe('image tools', () => {
  it('image to image uploads the photo, scales it to the working size and returns the picture', async () => {
    h = await suite.harness(await readPhoto('astronaut'), { prompt: 'as a bronze statue', strength: 0.7, seed: 1 });
    const out = await generativeProcessor('aiImgToImgComfyUiV2', runtime)(h.ctx);
    const sent = suite.fake.prompts.at(-1)!.workflow;
    const load = Object.values(sent).find((n) => n.class_type === 'LoadImage')!;
    expect(suite.fake.uploads.has(String(load.inputs.image))).toBe(true);
    expect(Object.values(sent).find((n) => n.class_type === 'KSampler')!.inputs.denoise).toBe(0.7);
    expect(await size(out.body)).toEqual([1024, 1024]);
  });

  it('colourises through the DDColor workflow at the photo size', async () => {
    const grey = await sharp(await readPhoto('coffee'))
      .greyscale()
      .jpeg()
      .toBuffer();
    h = await suite.harness(grey);
    const out = await generativeProcessor('deoldify', runtime)(h.ctx);
    expect(Object.values(suite.fake.prompts.at(-1)!.workflow).map((n) => n.class_type)).toContain('DDColor_Colorize');
    expect(await size(out.body)).toEqual(await size(grey));
    const stats = await sharp(out.body).stats();
    expect(stats.isOpaque).toBe(true);
    // Toned: red and blue means differ, which a grey picture's do not.
    expect(Math.abs(stats.channels[0].mean - stats.channels[2].mean)).toBeGreaterThan(10);
  });

  it('clothes change runs the detection step and repaints from the prompt', async () => {
    h = await suite.harness(await readPhoto('astronaut'), { prompt: 'a red silk dress', target: 'suit' });
    const out = await generativeProcessor('aiReplaceClothes', runtime)(h.ctx);
    const sent = suite.fake.prompts.at(-1)!.workflow;
    const seg = Object.values(sent).find((n) => n.class_type.startsWith('GroundingDinoSAMSegment'))!;
    expect(seg.inputs.prompt).toBe('suit');
    expect(await size(out.body)).toEqual([512, 512]);
  });

  it('AI replace sends the mask with /upload/mask and keeps the photo outside it exactly', async () => {
    const photo = await sharp(await readPhoto('chelsea'))
      .png()
      .toBuffer();
    const [w, hh] = (await size(photo)) as [number, number];
    const mask = await sharp({ create: { width: w, height: hh, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          left: 50,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    h = await suite.harness(photo);
    h.ctx.params.maskUrl = await h.upload('mask.png', mask);
    h.ctx.params.prompt = 'a small bird';
    const out = await generativeProcessor('aiReplace', runtime)(h.ctx);
    const load = Object.values(suite.fake.prompts.at(-1)!.workflow).find((n) => n.class_type === 'LoadImage')!;
    expect(String(load.inputs.image)).toMatch(/^clipspace_mask_/);
    const a = await sharp(out.body).removeAlpha().raw().toBuffer();
    const b = await sharp(photo).removeAlpha().raw().toBuffer();
    const px = (buf: Buffer, x: number, y: number) => [...buf.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)];
    expect(px(a, 300, 300)).toEqual(px(b, 300, 300));
    expect(px(a, 100, 100)).not.toEqual(px(b, 100, 100));
  });
});

describe('failures', () => {
  it('a workflow naming a picture that was never uploaded is refused at /prompt, as ComfyUI does', async () => {
    const { ComfyClient } = await import('./comfyClient');
    const client = new ComfyClient(suite.fake.url);
    const wf = {
      '1': { class_type: 'LoadImage', inputs: { image: 'never-uploaded.png' } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
    };
    await expect(client.submit(wf, 'c1')).rejects.toThrow(/Invalid image file/);
  });

  it('cancellation interrupts the run on the server', async () => {
    suite.fake.behave({ steps: 200, stepDelayMs: 20 });
    h = await suite.harness(null, { prompt: 'a slow picture' });
    const before = suite.fake.interrupts;
    const run = generativeProcessor('aiGeneratePic', runtime)(h.ctx);
    setTimeout(() => h!.cancel(), 600);
    await expect(run).rejects.toBeInstanceOf(TestCancelled);
    expect(suite.fake.interrupts).toBe(before + 1);
  });

  it('cancelling a job still queued behind another removes it without interrupting the running one', async () => {
    suite.fake.behave({ steps: 60, stepDelayMs: 20 });
    h = await suite.harness(null, { prompt: 'first' });
    const other = await suite.harness(null, { prompt: 'second' });
    const before = suite.fake.interrupts;
    const first = generativeProcessor('aiGeneratePic', runtime)(h.ctx);
    await new Promise((r) => setTimeout(r, 150));
    const second = generativeProcessor('aiGeneratePic', runtime)(other.ctx);
    setTimeout(() => other.cancel(), 500);
    await expect(second).rejects.toBeInstanceOf(TestCancelled);
    expect(suite.fake.interrupts).toBe(before);
    expect((await first).body.length).toBeGreaterThan(100);
    await other.cleanup();
  });

  it('a run that fails on the server is GPU_HANDLE_FAILED with its message', async () => {
    suite.fake.behave({ mode: 'error' });
    h = await suite.harness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePic', runtime)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.GPU_HANDLE_FAILED,
      message: expect.stringMatching(/out of memory/),
    });
  });

  it('a malformed history is GPU_HANDLE_FAILED, not a crash', async () => {
    suite.fake.behave({ mode: 'malformedHistory' });
    h = await suite.harness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePic', runtime)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.GPU_HANDLE_FAILED,
      message: expect.stringMatching(/malformed history/),
    });
  });

  it('an output /view does not have is DOWNLOAD_FAILED', async () => {
    suite.fake.behave({ mode: 'missingOutput' });
    h = await suite.harness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePic', runtime)(h.ctx)).rejects.toMatchObject({ code: ResultCode.DOWNLOAD_FAILED });
  });

  it('a job past the timeout is interrupted and GPU_HANDLE_FAILED', async () => {
    suite.fake.behave({ mode: 'hang' });
    const quick = testRuntime({ COMFYUI_URL: suite.fake.url, GENERATION_TIMEOUT_S: '2' });
    h = await suite.harness(null, { prompt: 'x' });
    const before = suite.fake.interrupts;
    await expect(generativeProcessor('aiGeneratePic', () => quick)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.GPU_HANDLE_FAILED,
      message: expect.stringMatching(/within 2 s/),
    });
    expect(suite.fake.interrupts).toBe(before + 1);
    quick.close();
    suite.fake.behave({ mode: 'ok' });
    await new Promise((r) => setTimeout(r, 100));
  });

  it('a result that fails the picture review is 1010201 and not returned', async () => {
    const strict = testRuntime(
      { COMFYUI_URL: suite.fake.url },
      { review: async () => ({ status: 2, probabilities: { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 1, Sexy: 0 } }) },
    );
    h = await suite.harness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePic', () => strict)(h.ctx)).rejects.toMatchObject({ code: ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE });
    strict.close();
  });

  it('a server that is down is 1000003 after every server was tried', async () => {
    const down = testRuntime({ COMFYUI_URL: 'http://127.0.0.1:9#1' });
    h = await suite.harness(null, { prompt: 'x' });
    await expect(generativeProcessor('aiGeneratePic', () => down)(h.ctx)).rejects.toMatchObject({
      code: ResultCode.SERVICE_UNAVAILABLE,
      message: expect.stringMatching(/no ComfyUI server answered/),
    });
    down.close();
  });

  it('a down server is skipped for a healthy one (several servers)', async () => {
    const two = testRuntime({ COMFYUI_URL: `http://127.0.0.1:9#100,${suite.fake.url}#1` });
    h = await suite.harness(null, { prompt: 'x' });
    const out = await generativeProcessor('aiGeneratePic', () => two)(h.ctx);
    expect(out.body.length).toBeGreaterThan(100);
    two.close();
  });

  it('a malformed COMFYUI_URL is 1000003 naming the variable, not a crash', async () => {
    const p = generativeProcessor('aiGeneratePic', () => testRuntime({ COMFYUI_URL: 'gpu-box:8188' }));
    expect(p.unavailable?.()).toMatch(/misconfigured: COMFYUI_URL/);
    h = await suite.harness(null, { prompt: 'x' });
    await expect(p(h.ctx)).rejects.toMatchObject({ code: ResultCode.SERVICE_UNAVAILABLE, message: expect.stringMatching(/COMFYUI_URL/) });
  });

  it('without COMFYUI_URL every type says the server is not configured (1000003), naming the README section', async () => {
    const none = testRuntime({});
    const p = generativeProcessor('aiGeneratePic', () => none);
    expect(p.unavailable?.()).toMatch(/COMFYUI_URL.*Running ComfyUI/);
    h = await suite.harness(null, { prompt: 'x' });
    await expect(p(h.ctx)).rejects.toMatchObject({ code: ResultCode.SERVICE_UNAVAILABLE });
    none.close();
  });
});
