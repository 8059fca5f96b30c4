import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { TASK_CREDIT_COSTS } from '../../../engine/spec/commerce';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';
import { generativeProcessors } from './generativeProcessors';
import { testRuntime } from './testing/jobHarness';
import { startFakeComfy, type FakeComfy } from './testing/fakeComfyServer';

/**
 * The generative task types through the real HTTP API, job queue and credit ledger (PGlite),
 * against the protocol test server: charged per picture at submit, refunded on failure and on
 * cancel; with no server configured, 1000003 at submit and nothing charged.
 */

const target = databaseTargets()[0]!;
const COST = TASK_CREDIT_COSTS.aiGeneratePic!;

describe('generative tasks over HTTP (PGlite, protocol test server)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let fake: FakeComfy;
  let rt: ReturnType<typeof testRuntime>;

  beforeAll(async () => {
    fake = await startFakeComfy();
    rt = testRuntime({ COMFYUI_URL: fake.url });
    store = await target.make();
    server = await startTestServer(store, { workers: 1, processors: generativeProcessors(() => rt), accounts: { freeDailyCredits: 20 } });
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
    rt.close();
    await fake.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    server.app.inject({ method: 'POST', url, payload: payload as object, headers }).then((r) => r.json());
  const balance = async (headers: Record<string, string>) => (await post('/api/credits/balance', {}, headers)).data.free as number;
  async function settle(
    taskId: string,
    headers: Record<string, string>,
    until = (e: { resultCode: number; data?: { progress?: number } }) => e.resultCode !== ResultCode.GPU_TASK_UNFINISHED,
  ) {
    for (let i = 0; i < 200; i++) {
      const entry = (await post('/api/task/status', { taskId }, headers)).data.result[taskId];
      if (until(entry)) return entry;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('task did not settle');
  }

  it('text to image needs no imgUrl: charged per picture, result stored and served as PNG', async () => {
    const device = { 'x-device-id': 'gen-device-0000000000000001' };
    const sub = await post('/api/task/aiGeneratePic', { prompt: 'a paper boat', seed: 3, aspectRatio: '4:3' }, device);
    expect(sub.resultCode, JSON.stringify(sub)).toBe(ResultCode.SUCCESS);
    expect(await balance(device)).toBe(20 - COST);
    const done = await settle(sub.data.taskId, device);
    expect(done.resultCode).toBe(ResultCode.SUCCESS);
    const file = await server.app.inject({ method: 'GET', url: new URL(done.data.resultUrl).pathname });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1152);
  });

  it('issue 30 item 20: a prompt with {{braces}} runs, and reaches the server as written', async () => {
    const device = { 'x-device-id': 'gen-device-0000000000000020' };
    const sub = await post('/api/task/aiGeneratePic', { prompt: 'a {{word}} boat', seed: 4 }, device);
    expect(sub.resultCode, JSON.stringify(sub)).toBe(ResultCode.SUCCESS);
    const done = await settle(sub.data.taskId, device);
    expect(done.resultCode, JSON.stringify(done)).toBe(ResultCode.SUCCESS);
  });

  it('a run that fails on the server gives the credits back', async () => {
    const device = { 'x-device-id': 'gen-device-0000000000000002' };
    fake.behave({ mode: 'error' });
    try {
      const sub = await post('/api/task/aiGeneratePic', { prompt: 'a failing picture' }, device);
      expect((await settle(sub.data.taskId, device)).resultCode).toBe(ResultCode.GPU_HANDLE_FAILED);
      expect(await balance(device)).toBe(20);
    } finally {
      fake.behave({ mode: 'ok' });
    }
  });

  it('cancel stops the run on the server (POST /interrupt) and gives the credits back', async () => {
    const device = { 'x-device-id': 'gen-device-0000000000000003' };
    fake.behave({ steps: 400, stepDelayMs: 20 });
    try {
      const up = await server.app.inject({
        method: 'POST',
        url: '/api/upload',
        ...((b) => ({ ...b, headers: { ...b.headers, ...device } }))(
          multipart([{ name: 'file', value: await readPhoto('coffee'), filename: 'c.jpg', type: 'image/jpeg' }]),
        ),
      });
      const sub = await post('/api/task/aiImageToImage', { imgUrl: up.json().data.fileUrl, prompt: 'in autumn colours' }, device);
      expect(sub.resultCode, JSON.stringify(sub)).toBe(ResultCode.SUCCESS);
      await settle(sub.data.taskId, device, (e) => (e.data?.progress ?? 0) > 0.06);
      const before = fake.interrupts;
      expect((await post('/api/task/cancel', { taskId: sub.data.taskId }, device)).resultCode).toBe(ResultCode.SUCCESS);
      for (let i = 0; i < 100 && fake.interrupts === before; i++) await new Promise((r) => setTimeout(r, 50));
      expect(fake.interrupts).toBe(before + 1);
      expect(await balance(device)).toBe(20);
    } finally {
      fake.behave({ steps: 6, stepDelayMs: 25 });
    }
  });
});

describe('generative tasks with no server configured', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let rt: ReturnType<typeof testRuntime>;

  beforeAll(async () => {
    rt = testRuntime({});
    store = await target.make();
    server = await startTestServer(store, { workers: 0, processors: generativeProcessors(() => rt), accounts: { freeDailyCredits: 20 } });
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
    rt.close();
  });

  it.each(['aiGeneratePic', 'aiImageToImage', 'aiReplaceClothes', 'deoldify', 'aibg', 'aiGeneratePicWebUi'])(
    '%s answers 1000003 naming COMFYUI_URL and the README section, charging nothing',
    async (type) => {
      const device = { 'x-device-id': 'gen-device-0000000000000009' };
      const reply = await server.app.inject({ method: 'POST', url: `/api/task/${type}`, payload: { prompt: 'x' }, headers: device }).then((r) => r.json());
      expect(reply.resultCode).toBe(ResultCode.SERVICE_UNAVAILABLE);
      expect(reply.msg).toMatch(/COMFYUI_URL.*Running ComfyUI/);
      expect((await server.app.inject({ method: 'POST', url: '/api/credits/balance', headers: device })).json().data.free).toBe(20);
    },
  );
});
