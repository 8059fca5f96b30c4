import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { readPhoto } from '../testing/testPhotos';
import { generativeProcessor } from './generativeProcessors';
import { HostPool } from './hostPool';
import type { GenerationRuntime } from './runtime';
import { startFakeComfy } from './testing/fakeComfyServer';
import { testRuntime, TestCancelled, type JobHarness } from './testing/jobHarness';
import { generationSuite } from './testing/generationSuite';

/** The webui task types on an AUTOMATIC1111 `--api` server (the protocol test server's /sdapi/v1 routes). */

const suite = generationSuite('WEBUI_URL');
let h: JobHarness | undefined;

/** The suite's runtime with another job limit (ms), so timeouts take a fraction of a second. */
const limited = (timeoutMs: number, over: Partial<GenerationRuntime> = {}): GenerationRuntime => ({
  ...suite.rt,
  config: { ...suite.rt.config, timeoutMs },
  ...over,
});
/** The fake's record of the n-th AUTOMATIC1111 job from `from` on, once it exists. */
const runAt = async (from: number, n = 0) =>
  vi.waitFor(
    () => {
      const run = suite.fake.webuiRuns[from + n];
      if (!run) throw new Error('not submitted yet');
      return run;
    },
    { timeout: 5_000, interval: 20 },
  );

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

describe('AUTOMATIC1111 jobs past GENERATION_TIMEOUT_S (issue 30 item 16)', () => {
  it('time out with -1003, interrupt the job, and neither mark the server down nor resend the job elsewhere', async () => {
    suite.fake.behave({ mode: 'hang' });
    const second = await startFakeComfy();
    // Both servers in the pool; random() = 0 always picks the first one that is left.
    const pool = new HostPool(
      [
        { url: suite.fake.url, weight: 1 },
        { url: second.url, weight: 1 },
      ],
      async () => true,
      Date.now,
      () => 0,
    );
    const rt = limited(400, { webuiPool: pool });
    h = await suite.harness(null, { prompt: 'a slow picture' });
    const before = suite.fake.interrupts;
    try {
      await expect(generativeProcessor('aiGeneratePicWebUi', () => rt)(h.ctx)).rejects.toMatchObject({
        code: ResultCode.GPU_HANDLE_FAILED,
        message: expect.stringMatching(/timed out/),
      });
      // At once if the job was running at the deadline; on a loaded machine it may still have been queued, then once it starts.
      await vi.waitFor(() => expect(suite.fake.interrupts).toBe(before + 1), { timeout: 5_000, interval: 20 });
      expect(pool.snapshot().map((s) => s.up)).toEqual([true, true]);
      expect(second.webuiRuns).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('wait for the answer as long as the job limit allows, not as long as fetch would (its 300 s headers timeout, shrunk here to 300 ms)', async () => {
    const key = Symbol.for('undici.globalDispatcher.1');
    const slot = globalThis as unknown as Record<symbol, { constructor: new (o: object) => unknown } | undefined>;
    await fetch(`${suite.fake.url}/sdapi/v1/options`); // Node creates its fetch dispatcher on first use
    const original = slot[key]!;
    slot[key] = new original.constructor({ headersTimeout: 300, bodyTimeout: 300 }) as typeof original;
    try {
      suite.fake.behave({ steps: 12, stepDelayMs: 80 }); // about 1 s before the answer's headers
      h = await suite.harness(null, { prompt: 'a fox', seed: 3 });
      const out = await generativeProcessor('aiGeneratePicWebUi', () => limited(20_000))(h.ctx);
      expect(out.body.length).toBeGreaterThan(1000);
      expect(suite.rt.webuiPool.snapshot()[0].up).toBe(true);
    } finally {
      slot[key] = original;
    }
  });
});

describe('AUTOMATIC1111 interrupt is global (issue 30 item 17)', () => {
  it('cancelling a job queued behind another leaves the running one whole, and stops the cancelled one once it starts', async () => {
    suite.fake.behave({ steps: 40, stepDelayMs: 25 });
    const from = suite.fake.webuiRuns.length;
    h = await suite.harness(null, { prompt: 'first', seed: 1 });
    const other = await suite.harness(null, { prompt: 'second', seed: 2 });
    const before = suite.fake.interrupts;
    const first = generativeProcessor('aiGeneratePicWebUi', suite.runtime)(h.ctx);
    await vi.waitFor(async () => expect((await runAt(from)).status).toBe('running'), { timeout: 5_000, interval: 20 });
    const second = generativeProcessor('aiGeneratePicWebUi', suite.runtime)(other.ctx);
    expect((await runAt(from, 1)).status).toBe('queued');
    other.cancel();
    await expect(second).rejects.toBeInstanceOf(TestCancelled);
    expect(suite.fake.interrupts).toBe(before);
    expect((await first).body.length).toBeGreaterThan(1000);
    const [one, two] = [suite.fake.webuiRuns[from], suite.fake.webuiRuns[from + 1]];
    expect(one).toMatchObject({ interrupted: false, stepsDone: 40 });
    // The cancelled job ran once the first had finished, and was interrupted then, not left to render for nobody.
    await vi.waitFor(() => expect(two.status).toBe('done'), { timeout: 5_000, interval: 20 });
    expect(two.interrupted).toBe(true);
    expect(suite.fake.interrupts).toBe(before + 1);
  });

  it('a job interrupted on the server by someone else is -1003, its half-finished picture not returned', async () => {
    suite.fake.behave({ steps: 40, stepDelayMs: 25 });
    const from = suite.fake.webuiRuns.length;
    h = await suite.harness(null, { prompt: 'x', seed: 4 });
    const run = generativeProcessor('aiGeneratePicWebUi', suite.runtime)(h.ctx);
    const mine = await runAt(from);
    await vi.waitFor(() => expect(mine.stepsDone).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 20 });
    await fetch(`${suite.fake.url}/sdapi/v1/interrupt`, { method: 'POST' }); // the operator presses Interrupt in the web UI
    await expect(run).rejects.toMatchObject({ code: ResultCode.GPU_HANDLE_FAILED, message: expect.stringMatching(/interrupted/) });
    expect(mine.interrupted).toBe(true);
  });

  it('on a server without /internal/progress (--nowebui) a cancel interrupts nothing, since which job runs cannot be told', async () => {
    suite.fake.behave({ steps: 40, stepDelayMs: 25, webuiApiOnly: true });
    const from = suite.fake.webuiRuns.length;
    h = await suite.harness(null, { prompt: 'x' });
    const before = suite.fake.interrupts;
    const run = generativeProcessor('aiGeneratePicWebUi', suite.runtime)(h.ctx);
    await vi.waitFor(async () => expect((await runAt(from)).stepsDone).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 20 });
    h.cancel();
    await expect(run).rejects.toBeInstanceOf(TestCancelled);
    expect(suite.fake.interrupts).toBe(before);
  });
});
