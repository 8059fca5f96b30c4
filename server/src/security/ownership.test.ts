import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';

const ALICE = 'alice-device-0123456789';
const BOB = 'bob-device-9876543210ab';
const DATA = JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' });

/** Finding 8 of issue 16: files, tasks and results belong to whoever uploaded or submitted them. */
for (const target of databaseTargets())
  describe(`ownership of files and tasks on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    let photo: Buffer;

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 1 });
      photo = await readPhoto('chelsea');
    });
    afterAll(async () => {
      await server?.close();
      await store?.cleanup();
    });

    const upload = async (device: string | null, remoteAddress = '127.0.0.1') => {
      const body = multipart([
        { name: 'data', value: DATA },
        { name: 'file', value: photo, filename: 'photo.jpg', type: 'image/jpeg' },
      ]);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        remoteAddress,
        headers: { ...body.headers, ...(device ? { 'x-device-id': device } : {}) },
      });
      expect(res.json().resultCode).toBe(100);
      return res.json().data.fileUrl as string;
    };
    const post = (url: string, body: unknown, device: string | null, extra: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
      server.app.inject({ method: 'POST', url, payload: body as object, remoteAddress, headers: { ...(device ? { 'x-device-id': device } : {}), ...extra } });
    const submit = (device: string | null, body: Record<string, unknown>, remoteAddress?: string) =>
      post('/api/task/removebg', body, device, {}, remoteAddress).then((r) => r.json());
    const statusOf = async (device: string, taskId: string) => (await post('/api/task/status', { taskId }, device)).json().data.result[taskId];

    async function finished(device: string, taskId: string) {
      for (let i = 0; i < 100; i++) {
        const entry = await statusOf(device, taskId);
        if (entry.resultCode !== ResultCode.GPU_TASK_UNFINISHED) return entry;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('task did not finish');
    }

    it("refuses another caller's upload as imgUrl or as a mask, and project files, with -102", async () => {
      const alices = await upload(ALICE);
      const bobs = await upload(BOB);
      const refused = await submit(BOB, { imgUrl: alices });
      expect(refused).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(/imgUrl must be a file you uploaded/) });
      expect(await submit(BOB, { imgUrl: bobs, maskUrl: alices })).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/^maskUrl/) });
      // Spelled another way, the same file is still Alice's.
      const path = new URL(alices).pathname;
      expect((await submit(BOB, { imgUrl: bobs, extra: { bgUrl: `/./${path.slice(1)}` } })).resultCode).toBe(-102);
      await server.runtime.storage.put('projects/someone/p1/asset.png', photo, 'image/jpeg');
      expect((await submit(BOB, { imgUrl: '/files/projects/someone/p1/asset.png' })).resultCode).toBe(-102);
      // A script without a device id owns what it uploads from its address, and nobody else's.
      const scripts = await upload(null, '198.51.100.7');
      expect((await submit(null, { imgUrl: scripts }, '198.51.100.8')).resultCode).toBe(-102);
      expect((await submit(null, { imgUrl: alices }, '198.51.100.7')).resultCode).toBe(-102);
      expect((await submit(null, { imgUrl: scripts }, '198.51.100.7')).resultCode).toBe(100);
      expect((await submit(ALICE, { imgUrl: alices, maskUrl: alices })).resultCode).toBe(100);
    });

    it('lets only the owner read the status of a task, cancel it, reuse or download its result', async () => {
      const taskId = (await submit(ALICE, { imgUrl: await upload(ALICE) })).data.taskId as string;
      expect(await statusOf(BOB, taskId)).toMatchObject({ resultCode: -102, msg: 'unknown task id', data: null });
      const entry = await finished(ALICE, taskId);
      expect(entry.resultCode).toBe(100);
      const resultUrl = entry.data.resultUrl as string;
      // Results chain into the owner's next task, never into someone else's.
      expect((await submit(BOB, { imgUrl: resultUrl })).resultCode).toBe(-102);
      expect((await submit(ALICE, { imgUrl: resultUrl })).resultCode).toBe(100);
      const download = (device: string) =>
        server.app.inject({ method: 'GET', url: `/api/download?fileUrl=${encodeURIComponent(resultUrl)}`, headers: { 'x-device-id': device } });
      expect((await download(BOB)).json()).toMatchObject({ resultCode: ResultCode.DOWNLOAD_FAILED });
      expect((await download(ALICE)).headers['content-type']).toBe('image/png');
    });

    it("refuses to cancel another caller's task and leaves it running", async () => {
      const hold = await startTestServer(store, { workers: 0 });
      try {
        const up = multipart([{ name: 'file', value: photo, filename: 'a.jpg', type: 'image/jpeg' }]);
        const fileUrl = (await hold.app.inject({ method: 'POST', url: '/api/upload', ...up, headers: { ...up.headers, 'x-device-id': ALICE } })).json().data
          .fileUrl;
        const call = (url: string, body: unknown, device: string) =>
          hold.app.inject({ method: 'POST', url, payload: body as object, headers: { 'x-device-id': device } }).then((r) => r.json());
        const taskId = (await call('/api/task/removebg', { imgUrl: fileUrl }, ALICE)).data.taskId;
        expect(await call('/api/task/cancel', { taskId }, BOB)).toMatchObject({ resultCode: -102, msg: 'unknown task id' });
        expect((await call('/api/task/status', { taskId }, ALICE)).data.result[taskId].data.status).toBe('queued');
        expect((await call('/api/task/cancel', { taskId }, ALICE)).data.tasks[0].status).toBe('cancelled');
      } finally {
        await hold.app.close();
        await hold.runtime.close();
      }
    });

    it("refuses another caller's upload for subject detection, text detection and picture review", async () => {
      const alices = await upload(ALICE);
      for (const url of ['/api/detect/subject', '/api/detect/text', '/api/detect/scratches', '/api/pic-review']) {
        const res = await post(url, { imgUrl: alices }, BOB);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/no stored file of yours/) });
      }
    });

    it('never puts a forged Host into returned URLs', async () => {
      const body = multipart([{ name: 'file', value: photo, filename: 'a.jpg', type: 'image/jpeg' }]);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/upload',
        ...body,
        headers: { ...body.headers, host: 'attacker.example', 'x-device-id': ALICE },
      });
      const fileUrl = res.json().data.fileUrl as string;
      expect(fileUrl).not.toContain('attacker.example');
      expect(fileUrl).toMatch(/^http:\/\/localhost:\d+\/files\/uploads\//);
      const taskId = (await submit(ALICE, { imgUrl: fileUrl })).data.taskId;
      await finished(ALICE, taskId);
      const status = await post('/api/task/status', { taskId }, ALICE, { host: 'attacker.example' });
      expect(status.json().data.result[taskId].data.resultUrl).not.toContain('attacker.example');
    });
  });

/** Finding 8 (cross-site): a page on another site cannot make a visitor's browser change anything here. */
describe('cross-site requests', () => {
  const target = databaseTargets()[0];
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let taskId: string;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0 });
    const photo = await readPhoto('chelsea');
    const up = multipart([{ name: 'file', value: photo, filename: 'a.jpg', type: 'image/jpeg' }]);
    const fileUrl = (await server.app.inject({ method: 'POST', url: '/api/upload', ...up })).json().data.fileUrl;
    taskId = (await server.app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl: fileUrl } })).json().data.taskId;
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const status = async () => (await server.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId } })).json().data.result[taskId].data.status;

  it('refuses a bodiless cross-site POST /api/task/cancel, with or without Origin, and the task stays queued', async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      {}, // an old browser that sends neither: still no JSON body
    ];
    for (const headers of attempts) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/task/cancel?taskId=${taskId}`,
        headers,
        payload: headers['content-type'] ? '' : undefined,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().resultCode).toBe(ResultCode.PARAMS_INVALID);
    }
    expect(await status()).toBe('queued');
  });

  it('sends the security headers on API replies, errors and the web app alike (finding 7)', async () => {
    for (const [method, url] of [
      ['POST', '/api/task/status'],
      ['GET', '/api/nothing'],
      ['GET', '/en/tools/background-remover'],
    ] as const) {
      const res = await server.app.inject({ method, url, payload: method === 'POST' ? { taskId } : undefined });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('refuses cross-site uploads and project writes, and lets the same origin through', async () => {
    const up = multipart([{ name: 'file', value: Buffer.from('x'), filename: 'a.jpg' }]);
    const evil = await server.app.inject({ method: 'POST', url: '/api/upload', ...up, headers: { ...up.headers, origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    const project = await server.app.inject({
      method: 'DELETE',
      url: '/api/projects/p1',
      headers: { origin: 'https://evil.example', 'x-device-id': 'alice-device-0123456789' },
    });
    expect(project.statusCode).toBe(403);
    const same = await server.app.inject({
      method: 'POST',
      url: '/api/task/status',
      payload: { taskId },
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.json().resultCode).toBe(100);
  });
});
