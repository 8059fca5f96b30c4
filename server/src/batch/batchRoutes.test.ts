/**
 * The batch API end to end over HTTP (Fastify inject) on a real database and queue: photos from files and a
 * ZIP, bad input becoming failed items with reasons, per-photo overrides, start, credits spent per photo and
 * refunded per failure, retry, cancel, and the streamed ZIP download with distinct names.
 */
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddItemsReply, BatchStatus } from '../../../engine/spec/batch';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { invertProcessor, multipart, startTestServer, type TestServer } from '../testing/testServer';
import { buildZip } from '../testing/testZips';
import { ApiError } from '../envelope';
import type { Processor } from '../tasks/processor';
import { batchResizeProcessor } from '../processors/batchResize';
import { FileAccess } from '../security/fileAccess';
import { sweepExpired } from '../storage/retention';
import { TaskRepository } from '../tasks/taskRepository';
import { TaskService } from '../tasks/taskService';
import { BatchService } from './batchService';

/** removebg stand-in (inverts colours) that fails, like a real model can, on photos narrower than 40 px. */
const removebg: Processor = async (ctx) => {
  const out = await invertProcessor(ctx);
  if (((await sharp(out.body).metadata()).width ?? 0) < 40) throw new ApiError(ResultCode.GPU_HANDLE_FAILED, 'no subject found in the photo');
  return out;
};

const DEVICE = { 'x-device-id': 'batch_test_device_0123456789abcd' };

for (const target of databaseTargets()) {
  describe(`batch API on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    let photos: Record<string, Buffer>;

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 2, processors: { removebg, batchEdit: batchResizeProcessor }, accounts: { freeDailyCredits: 6 } });
      photos = {
        chelsea: await sharp(await readPhoto('chelsea'))
          .resize(160)
          .jpeg()
          .toBuffer(),
        coffee: await sharp(await readPhoto('coffee'))
          .resize(120)
          .png()
          .toBuffer(),
        tiny: await sharp(await readPhoto('astronaut'))
          .resize(30)
          .jpeg()
          .toBuffer(),
      };
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await store?.cleanup();
    });

    const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, device = DEVICE) => {
      const res = await server.app.inject({
        method,
        url,
        headers: { ...device, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.statusCode, json: res.json() as { resultCode: number; msg: string; data: T } };
    };
    const upload = async (batchId: string, files: Array<{ name: string; body: Buffer }>, route = 'items') => {
      const form = multipart(files.map((f) => ({ name: 'file', value: f.body, filename: f.name, type: 'application/octet-stream' })));
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/batch/${batchId}/${route}`,
        headers: { ...DEVICE, ...form.headers },
        payload: form.payload,
      });
      return res.json() as { resultCode: number; msg: string; data: AddItemsReply };
    };
    const waitDone = async (batchId: string): Promise<BatchStatus> => {
      for (let i = 0; i < 200; i++) {
        const { json } = await call<BatchStatus>('GET', `/api/batch/${batchId}`);
        if (json.data.state === 'done' || json.data.state === 'cancelled') return json.data;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the batch did not finish in 20 s');
    };
    const balance = async () => (await call<{ total: number }>('POST', '/api/credits/balance', {})).json.data.total;

    it('runs files and a ZIP: bad photos fail with reasons, the rest completes, credits are refunded, the ZIP has distinct names', async () => {
      const created = await call<BatchStatus>('POST', '/api/batch', { tool: 'removebg', settings: {} });
      expect(created.json.resultCode).toBe(100);
      const batchId = created.json.data.batchId;
      expect(created.json.data).toMatchObject({ state: 'open', tool: 'removebg', creditsPerItem: 1, counts: { total: 0 } });

      const files = await upload(batchId, [
        { name: 'shoes/cat.jpg', body: photos.chelsea },
        { name: 'notes.txt', body: Buffer.from('not a photo at all, just words') },
        { name: 'cat.jpg', body: photos.chelsea },
      ]);
      expect(files.resultCode).toBe(100);
      expect(files.data.items.map((i) => [i.name, i.status, i.outputName])).toEqual([
        ['cat.jpg', 'user_upload', 'cat-nobg.png'],
        ['notes.txt', 'failed', 'notes-nobg.png'],
        ['cat.jpg', 'user_upload', 'cat-nobg-2.png'],
      ]);
      expect(files.data.items[1]).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, inputUrl: null });
      expect(files.data.items[1].reason).toMatch(/image/i);

      const zip = buildZip([
        { name: 'folder/deeper/coffee.png', data: photos.coffee },
        { name: '__MACOSX/._coffee.png', data: Buffer.from('resource fork') },
        { name: '../../etc/evil.jpg', data: photos.chelsea },
        { name: 'bomb.jpg', data: Buffer.concat([photos.chelsea.subarray(0, 12), Buffer.alloc(5_000_000)]), claimedSize: 1000 },
        { name: 'tiny.jpg', data: photos.tiny },
      ]);
      const zipped = await upload(batchId, [{ name: 'photos.zip', body: zip }], 'zip');
      expect(zipped.resultCode).toBe(100);
      expect(zipped.data.skipped).toEqual(['__MACOSX/._coffee.png']);
      expect(zipped.data.items.map((i) => [i.name, i.status])).toEqual([
        ['coffee.png', 'user_upload'],
        ['evil.jpg', 'failed'],
        ['bomb.jpg', 'failed'],
        ['tiny.jpg', 'user_upload'],
      ]);
      expect(zipped.data.items[1].reason).toMatch(/unsafe name/);
      expect(zipped.data.items[2].reason).toMatch(/ZIP bomb/);

      const before = await balance();
      const started = await call<BatchStatus>('POST', `/api/batch/${batchId}/start`, {});
      expect(started.json.resultCode).toBe(100);
      const done = await waitDone(batchId);
      expect(done.counts).toMatchObject({ total: 7, completed: 3, failed: 4, processing: 0, user_upload: 0 });
      const tiny = done.items.find((i) => i.name === 'tiny.jpg')!;
      expect(tiny).toMatchObject({ status: 'failed', resultCode: ResultCode.GPU_HANDLE_FAILED, reason: 'no subject found in the photo' });
      // Four photos were queued at 1 credit each; the failed one was refunded.
      expect(before - (await balance())).toBe(3);

      const res = await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/download`, headers: DEVICE });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const archive = await JSZip.loadAsync(res.rawPayload);
      const names = Object.keys(archive.files).sort();
      expect(names).toEqual(['cat-nobg-2.png', 'cat-nobg.png', 'coffee-nobg.png']);
      const coffee = await sharp(await archive.file('coffee-nobg.png')!.async('nodebuffer')).metadata();
      expect([coffee.format, coffee.width]).toEqual(['png', 120]);

      const one = await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/items/${done.items[0].itemId}/download`, headers: DEVICE });
      expect(one.headers['content-disposition']).toContain('cat-nobg.png');
      expect((await sharp(one.rawPayload).metadata()).width).toBe(160);

      // Retry all failed: only the stored photo runs again (the refused ones were never stored), and fails again.
      const retried = await call<BatchStatus>('POST', `/api/batch/${batchId}/retry`, {});
      expect(retried.json.data.items.find((i) => i.name === 'tiny.jpg')!.status).toMatch(/retry|processing|failed/);
      const again = await waitDone(batchId);
      expect(again.items.find((i) => i.name === 'tiny.jpg')!.runs).toBe(2);
      expect(again.counts.completed).toBe(3);
    }, 60_000);

    it('resumes a started batch whose photos were never queued (the server stopped in the middle of a start)', async () => {
      const { json } = await call<BatchStatus>('POST', '/api/batch', { tool: 'resize', settings: { mode: 'percentage', percent: 50 } });
      const batchId = json.data.batchId;
      await upload(batchId, [
        { name: 'a.jpg', body: photos.chelsea },
        { name: 'b.jpg', body: photos.chelsea },
      ]);
      // What a crash between "started" and the queueing leaves behind.
      await server.runtime.db.query(`update batches set state = 'running', started_at = now() where id = $1`, [batchId]);
      const { db, storage, queue } = server.runtime;
      const tasks = new TaskService({ tasks: new TaskRepository(db), queue, storage, processors: {}, access: new FileAccess(db) });
      expect(await new BatchService({ db, storage, tasks, access: new FileAccess(db) }).resume()).toBe(2);
      expect((await waitDone(batchId)).counts).toMatchObject({ completed: 2, user_upload: 0 });
    }, 60_000);

    it('keeps batches private and refuses bad requests with SPEC codes', async () => {
      const { json } = await call<BatchStatus>('POST', '/api/batch', { tool: 'resize', settings: { mode: 'exact', width: 64 } });
      expect(json.resultCode).toBe(100);
      const other = await call('GET', `/api/batch/${json.data.batchId}`, undefined, { 'x-device-id': 'batch_test_other_0123456789abcdef' });
      expect(other.json).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'unknown batch' });
      expect((await call('POST', '/api/batch', { tool: 'sharpen', settings: {} })).json.resultCode).toBe(ResultCode.PARAMS_INVALID);
      const badSize = await call('POST', '/api/batch', { tool: 'resize', settings: { mode: 'exact', width: 0 } });
      expect(badSize.json).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'width must be between 1 and 10000' });
      const typo = await call('POST', '/api/batch', { tool: 'resize', settings: { mode: 'exact', widht: 5 } });
      expect(typo.json.msg).toBe('settings of resize have no field "widht"');
      const noResult = await call('GET', `/api/batch/${json.data.batchId}/download`);
      expect(noResult.json.resultCode).toBe(ResultCode.PARAMS_INVALID);
      const many = buildZip(Array.from({ length: 10_000 }, (_, i) => ({ name: `p${i}.jpg`, data: photos.tiny, method: 0 as const })));
      const refused = await upload(json.data.batchId, [{ name: 'many.zip', body: many }], 'zip');
      expect(refused).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'a ZIP may hold at most 1000 files (this one lists 10000)' });
      const tooMany = buildZip(Array.from({ length: 101 }, (_, i) => ({ name: `p${i}.jpg`, data: photos.tiny, method: 0 as const })));
      expect((await upload(json.data.batchId, [{ name: 'many.zip', body: tooMany }], 'zip')).msg).toBe(
        'the ZIP holds 101 files and this batch has room for 100 more photos',
      );
    }, 60_000);

    it('adds a photo sent again with its key once and answers with its first item (a reload before the reply came)', async () => {
      const batchId = (await call<BatchStatus>('POST', '/api/batch', { tool: 'resize', settings: { mode: 'percentage', percent: 50 } })).json.data.batchId;
      const send = async (keys: string | null, files: Array<{ name: string; body: Buffer }>) => {
        const form = multipart([
          ...(keys === null ? [] : [{ name: 'keys', value: keys }]),
          ...files.map((f) => ({ name: 'file', value: f.body, filename: f.name, type: 'application/octet-stream' })),
        ]);
        const res = await server.app.inject({
          method: 'POST',
          url: `/api/batch/${batchId}/items`,
          headers: { ...DEVICE, ...form.headers },
          payload: form.payload,
        });
        return res.json() as { resultCode: number; msg: string; data: AddItemsReply };
      };
      const stored = async () => Number((await server.runtime.db.query<{ n: number }>(`select count(*)::int as n from files where func = 'batch'`)).rows[0].n);
      const before = await stored();
      const first = await send(JSON.stringify(['local-k-1', 'local-k-2']), [
        { name: 'cat.jpg', body: photos.chelsea },
        { name: 'cup.png', body: photos.coffee },
      ]);
      expect(first.data.items.map((i) => i.name)).toEqual(['cat.jpg', 'cup.png']);
      // The page sends cup.png again (its reply was lost) together with a new photo.
      const again = await send(JSON.stringify(['local-k-2', 'local-k-3']), [
        { name: 'cup.png', body: photos.coffee },
        { name: 'tiny.jpg', body: photos.tiny },
      ]);
      expect(again.resultCode).toBe(100);
      expect(again.data.items.map((i) => i.name)).toEqual(['cup.png', 'tiny.jpg']);
      expect(again.data.items[0].itemId).toBe(first.data.items[1].itemId);
      expect(again.data.batch.counts.total).toBe(3);
      expect(await stored()).toBe(before + 3);
      // Without keys (older pages, the CLI) every upload adds its photos.
      expect((await send(null, [{ name: 'cup.png', body: photos.coffee }])).data.batch.counts.total).toBe(4);
      // Keys that are not one per file, or not plain keys, are refused before anything is added.
      for (const keys of ['["only-one"]', '["a/b", "c"]', '{"a":1}', 'not json']) {
        const bad = await send(keys, [
          { name: 'a.jpg', body: photos.chelsea },
          { name: 'b.jpg', body: photos.chelsea },
        ]);
        expect(bad).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('"keys" field') });
      }
      expect((await call<BatchStatus>('GET', `/api/batch/${batchId}`)).json.data.counts.total).toBe(4);
    }, 60_000);

    it('resizes for free with settings for all and a per-photo override; a paid tool spends no more credits than it has', async () => {
      const { json } = await call<BatchStatus>('POST', '/api/batch', {
        tool: 'resize',
        settings: { mode: 'exact', width: 64, height: 64, keepAspect: false, fit: 'crop', format: 'webp' },
      });
      const batchId = json.data.batchId;
      const added = await upload(batchId, [
        { name: 'a.jpg', body: photos.chelsea },
        { name: 'b.png', body: photos.coffee },
      ]);
      const b = added.data.items[1];
      const set = await call('POST', `/api/batch/${batchId}/items/${b.itemId}/settings`, { override: { mode: 'percentage', percent: 50, format: 'png' } });
      expect(set.json).toMatchObject({ resultCode: 100, data: { override: { percent: 50 }, outputName: 'b-resized.png' } });
      const bad = await call('POST', `/api/batch/${batchId}/items/${b.itemId}/settings`, { override: { width: 0 } });
      expect(bad.json).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'width must be between 1 and 10000' });
      const before = await balance();
      await call('POST', `/api/batch/${batchId}/start`, {});
      const done = await waitDone(batchId);
      expect(done.counts.completed).toBe(2);
      // The resizer is not an AI tool: it costs nothing (engine/spec/commerce.ts).
      expect(done.creditsPerItem).toBe(0);
      expect(await balance()).toBe(before);
      const a = await sharp(
        (await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/items/${done.items[0].itemId}/download`, headers: DEVICE })).rawPayload,
      ).metadata();
      expect([a.format, a.width, a.height]).toEqual(['webp', 64, 64]);
      const bOut = await sharp(
        (await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/items/${b.itemId}/download`, headers: DEVICE })).rawPayload,
      ).metadata();
      expect([bOut.format, bOut.width]).toEqual(['png', 60]);

      // A paid tool (removebg, 1 credit) queues only as many photos as the balance pays for; the rest wait.
      const left = await balance();
      const more = await call<BatchStatus>('POST', '/api/batch', { tool: 'removebg', settings: {} });
      await upload(
        more.json.data.batchId,
        Array.from({ length: left + 1 }, (_, i) => ({ name: `${i}.jpg`, body: photos.chelsea })),
      );
      const refused = await call<BatchStatus>('POST', `/api/batch/${more.json.data.batchId}/start`, {});
      expect(refused.json.resultCode).toBe(ResultCode.CREDITS_NOT_ENOUGH);
      expect(refused.json.msg).toMatch(new RegExp(`^${left} of ${left + 1} photos were queued`));
      const after = await waitDone(more.json.data.batchId);
      expect(after.counts).toMatchObject({ completed: left, user_upload: 1 });
    }, 60_000);

    it('downloads through a short-lived link without headers (a plain <a download>), for the owner only', async () => {
      const { json } = await call<BatchStatus>('POST', '/api/batch', { tool: 'resize', settings: { mode: 'percentage', percent: 50 } });
      const batchId = json.data.batchId;
      const added = await upload(batchId, [{ name: 'cat.jpg', body: photos.chelsea }]);
      const itemId = added.data.items[0].itemId;
      await call('POST', `/api/batch/${batchId}/start`, {});
      await waitDone(batchId);
      const other = { 'x-device-id': 'batch_test_other_0123456789abcdef' };
      // Another device can neither get a link nor download without one.
      expect((await call('POST', `/api/batch/${batchId}/download-link`, {}, other)).json).toMatchObject({
        resultCode: ResultCode.PARAMS_INVALID,
        msg: 'unknown batch',
      });
      const bare = await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/download` });
      expect(bare.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID });

      const zipLink = await call<{ url: string; expiresAt: string }>('POST', `/api/batch/${batchId}/download-link`, {});
      expect(zipLink.json.resultCode).toBe(100);
      expect(Date.parse(zipLink.json.data.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
      const zipPath = new URL(zipLink.json.data.url).pathname + new URL(zipLink.json.data.url).search;
      const zip = await server.app.inject({ method: 'GET', url: zipPath }); // no headers at all, like a link navigation
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(Object.keys((await JSZip.loadAsync(zip.rawPayload)).files)).toEqual(['cat-resized.jpg']);

      const itemLink = (await call<{ url: string }>('POST', `/api/batch/${batchId}/download-link`, { itemId })).json.data.url;
      const file = await server.app.inject({ method: 'GET', url: new URL(itemLink).pathname + new URL(itemLink).search });
      expect(file.headers['content-disposition']).toContain('cat-resized.jpg');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(80);

      // A link is for its one file: the ZIP token does not open the item, nor another batch; a made-up token fails.
      const token = new URL(zipLink.json.data.url).searchParams.get('token');
      const wrongFile = await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/items/${itemId}/download?token=${token}` });
      expect(wrongFile.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('expired or is not for this file') });
      const otherBatch = (await call<BatchStatus>('POST', '/api/batch', { tool: 'resize', settings: { mode: 'percentage', percent: 50 } })).json.data.batchId;
      expect((await server.app.inject({ method: 'GET', url: `/api/batch/${otherBatch}/download?token=${token}` })).json().resultCode).toBe(
        ResultCode.PARAMS_INVALID,
      );
      expect((await server.app.inject({ method: 'GET', url: `/api/batch/${batchId}/download?token=made-up-token-0123456789` })).json().resultCode).toBe(
        ResultCode.PARAMS_INVALID,
      );
      // An expired link fails like a made-up one.
      await server.runtime.db.query("update batch_download_links set expires_at = now() - interval '1 second'");
      expect((await server.app.inject({ method: 'GET', url: zipPath })).json().resultCode).toBe(ResultCode.PARAMS_INVALID);

      // The retention sweep deletes expired links (minting a new one used to be the only thing that did) and
      // keeps live ones, whatever the retention time.
      const live = (await call<{ url: string }>('POST', `/api/batch/${batchId}/download-link`, {})).json.data.url;
      const stale = (await call<{ url: string }>('POST', `/api/batch/${batchId}/download-link`, { itemId })).json.data.url;
      await server.runtime.db.query("update batch_download_links set expires_at = now() - interval '1 second' where token = $1", [
        new URL(stale).searchParams.get('token'),
      ]);
      const links = async () => (await server.runtime.db.query<{ token: string }>('select token from batch_download_links')).rows.map((r) => r.token);
      expect(await links()).toHaveLength(2);
      expect((await sweepExpired(server.runtime.db, server.runtime.storage, 365 * 24 * 3600_000)).downloadLinks).toBe(1);
      expect(await links()).toEqual([new URL(live).searchParams.get('token')]);
      expect((await server.app.inject({ method: 'GET', url: new URL(live).pathname + new URL(live).search })).headers['content-type']).toBe('application/zip');
    }, 60_000);
  });
}
