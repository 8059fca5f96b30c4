import sharp from 'sharp';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../engine/spec/errors';
import { databaseTargets } from './testing/testDatabases';
import { readPhoto } from './testing/testPhotos';
import { multipart, startTestServer, type TestServer } from './testing/testServer';

const DATA = JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' });

for (const target of databaseTargets()) {
  describe(`API on ${target.name}`, () => {
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

    const upload = (file: Buffer, data: string | null = DATA, url = '/api/upload', name = 'photo.jpg') =>
      server.app.inject({
        method: 'POST',
        url,
        ...multipart([...(data === null ? [] : [{ name: 'data', value: data }]), { name: 'file', value: file, filename: name, type: 'image/jpeg' }]),
      });
    const post = (url: string, body: unknown) => server.app.inject({ method: 'POST', url, payload: body as object });
    const fileCount = async () => Number((await server.runtime.db.query<{ n: string }>('select count(*) as n from files')).rows[0].n);

    async function waitForTask(taskId: string) {
      for (let i = 0; i < 100; i++) {
        const res = (await post('/api/task/removebg/status', { taskId })).json();
        const entry = res.data.result[taskId];
        if (entry.resultCode !== ResultCode.GPU_TASK_UNFINISHED) return entry;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('task did not finish');
    }

    it('uploads a photo, runs removebg through the queue and serves the result', async () => {
      const up = await upload(photo);
      expect(up.json()).toMatchObject({ resultCode: 100, data: { width: 451, height: 300 } });
      const fileUrl: string = up.json().data.fileUrl;
      expect(fileUrl).toMatch(/^http:\/\/localhost(:\d+)?\/files\/uploads\/web\//);
      const sub = (await post('/api/task/removebg', { imgUrl: fileUrl })).json();
      expect(sub.resultCode).toBe(100);
      const entry = await waitForTask(sub.data.taskId);
      expect(entry.resultCode).toBe(100);
      expect(entry.data.resultUrl).toMatch(/^http.*\/files\/results\/.*\.png$/);
      const result = await server.app.inject({ method: 'GET', url: new URL(entry.data.resultUrl).pathname });
      expect(result.headers['content-type']).toBe('image/png');
      expect((await sharp(result.rawPayload).metadata()).width).toBe(451);
    });

    it('answers several ids at once, unknown ones with -102 in their own entry', async () => {
      const fileUrl = (await upload(photo)).json().data.fileUrl;
      const id = (await post('/api/task/removebg', { imgUrl: fileUrl })).json().data.taskId;
      await waitForTask(id);
      const res = (await post('/api/task/status', { taskId: `${id},nosuchtask` })).json();
      expect(res.resultCode).toBe(100);
      expect(res.data.result[id].resultCode).toBe(100);
      expect(res.data.result.nosuchtask).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'unknown task id' });
      expect((await post('/api/task/status', {})).json().resultCode).toBe(ResultCode.PARAMS_INVALID);
    });

    it('refuses bad input with -102 and keeps what was stored', async () => {
      const kept = (await upload(photo)).json().data.fileUrl as string;
      const before = await fileCount();
      const corrupt = await upload(Buffer.from('this is not an image at all'));
      expect(corrupt.statusCode).toBe(400);
      expect(corrupt.json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/not an image/) });
      const truncated = await upload(photo.subarray(0, photo.length / 2));
      expect(truncated.json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/damaged|incomplete/) });
      const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      expect((await upload(huge)).json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/megapixels/) });
      const tooBig = Buffer.concat([photo, Buffer.alloc(31 * 1024 * 1024)]);
      expect((await upload(tooBig)).json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/larger than 30 MB/) });
      expect((await upload(photo, '{not json')).json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/"data" field must be JSON/) });
      expect((await upload(photo, JSON.stringify({ subDir: '../etc' }))).json().resultCode).toBe(-102);
      const noFile = await server.app.inject({ method: 'POST', url: '/api/upload', ...multipart([{ name: 'data', value: DATA }]) });
      expect(noFile.json()).toMatchObject({ resultCode: -102, msg: 'no file was uploaded' });
      const notMultipart = await post('/api/upload', { file: 'x' });
      expect(notMultipart.json().resultCode).toBe(-102);
      expect(await fileCount()).toBe(before);
      const stillThere = await server.app.inject({ method: 'GET', url: new URL(kept).pathname });
      expect(stillThere.statusCode).toBe(200);
    });

    it('validates submits: task type, availability and imgUrl', async () => {
      expect((await post('/api/task/notAType', { imgUrl: 'x' })).json()).toMatchObject({ resultCode: -102, msg: 'unsupported function type' });
      expect((await post('/api/task/picenhance', { imgUrl: 'x' })).json().resultCode).toBe(ResultCode.SERVICE_UNAVAILABLE);
      expect((await post('/api/task/removebg', {})).json()).toMatchObject({ resultCode: -102, msg: 'imgUrl is required' });
      expect((await post('/api/task/removebg', { imgUrl: 'http://169.254.169.254/latest' })).json().resultCode).toBe(-102);
      expect((await post('/api/task/removebg', { imgUrl: '/files/uploads/web/none.jpg' })).json().resultCode).toBe(-102);
      const bad = await server.app.inject({ method: 'POST', url: '/api/task/removebg', headers: { 'content-type': 'application/json' }, payload: '{oops' });
      expect(bad.json().resultCode).toBe(-102);
    });

    it('batch upload stores every file, or none when one is bad', async () => {
      const two = await server.app.inject({
        method: 'POST',
        url: '/api/upload/batch',
        ...multipart([
          { name: 'data', value: DATA },
          { name: 'file', value: photo, filename: 'a.jpg' },
          { name: 'file', value: photo, filename: 'b.jpg' },
        ]),
      });
      expect(two.json().data.fileUrls).toHaveLength(2);
      const before = await fileCount();
      const mixed = await server.app.inject({
        method: 'POST',
        url: '/api/upload/batch',
        ...multipart([
          { name: 'file', value: photo, filename: 'a.jpg' },
          { name: 'file', value: Buffer.from('junk'), filename: 'b.jpg' },
        ]),
      });
      expect(mixed.json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/^file 2 \(b\.jpg\)/) });
      expect(await fileCount()).toBe(before);
    });

    it('accepts a ZIP of images and refuses anything else', async () => {
      const zip = new JSZip();
      zip.file('image.jpg', photo);
      zip.file(
        'mask.png',
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      );
      const ok = await upload(await zip.generateAsync({ type: 'nodebuffer' }), DATA, '/api/upload/zip', 'job.zip');
      expect(ok.json()).toMatchObject({ resultCode: 100, data: { entries: ['image.jpg', 'mask.png'] } });
      expect((await upload(photo, DATA, '/api/upload/zip')).json()).toMatchObject({ resultCode: -102, msg: 'the file is not a ZIP archive' });
      const bad = new JSZip();
      bad.file('notes.txt', 'hello');
      expect((await upload(await bad.generateAsync({ type: 'nodebuffer' }), DATA, '/api/upload/zip')).json().resultCode).toBe(-102);
    });

    it('download proxy serves our own files and refuses private addresses', async () => {
      const fileUrl = (await upload(photo)).json().data.fileUrl as string;
      const own = await server.app.inject({ method: 'GET', url: `/api/download?fileUrl=${encodeURIComponent(fileUrl)}` });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
      const meta = await server.app.inject({ method: 'GET', url: `/api/download?fileUrl=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}` });
      expect(meta.json().resultCode).toBe(-102);
      const loop = await server.app.inject({ method: 'GET', url: `/api/download?fileUrl=${encodeURIComponent('http://127.0.0.1:5432/x.png')}` });
      expect(loop.json().resultCode).toBe(-102);
      expect((await server.app.inject({ method: 'GET', url: '/api/download' })).json().resultCode).toBe(-102);
    });

    it('serves the web app for client routes and 404 envelopes for unknown API paths', async () => {
      const page = await server.app.inject({ method: 'GET', url: '/de/tools/background-remover' });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('id="root"');
      const api = await server.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().resultCode).toBe(-102);
    });
  });

  describe(`queue on ${target.name}`, () => {
    it('a queued job survives a server restart, and cancel stops a queued job', async () => {
      const store = await target.make();
      try {
        const first = await startTestServer(store, { workers: 0 });
        const photo = await readPhoto('chelsea');
        const send = async (s: TestServer) => {
          const fileUrl = (await s.app.inject({ method: 'POST', url: '/api/upload', ...multipart([{ name: 'file', value: photo, filename: 'c.jpg' }]) })).json()
            .data.fileUrl;
          return (await s.app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl: fileUrl } })).json().data.taskId as string;
        };
        const kept = await send(first);
        const cancelled = await send(first);
        const c = (await first.app.inject({ method: 'POST', url: '/api/task/cancel', payload: { taskId: cancelled } })).json();
        expect(c.data.tasks[0].status).toBe('cancelled');
        const status = (await first.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId: kept } })).json();
        expect(status.data.result[kept].resultCode).toBe(ResultCode.GPU_TASK_UNFINISHED);
        await first.close();

        const second = await startTestServer(store, { workers: 1 });
        try {
          let entry: { resultCode: number } | undefined;
          for (let i = 0; i < 100; i++) {
            entry = (await second.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId: `${kept},${cancelled}` } })).json().data.result[
              kept
            ];
            if (entry!.resultCode !== ResultCode.GPU_TASK_UNFINISHED) break;
            await new Promise((r) => setTimeout(r, 200));
          }
          expect(entry!.resultCode).toBe(100);
          const after = (await second.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId: cancelled } })).json();
          expect(after.data.result[cancelled]).toMatchObject({ msg: 'task cancelled', data: { status: 'cancelled' } });
        } finally {
          await second.close();
        }
      } finally {
        await store.cleanup();
      }
    });
  });
}
