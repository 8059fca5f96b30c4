/**
 * A ZIP upload is idempotent per entry (name, CRC-32, size): the same ZIP sent again to the same batch (a
 * retried upload, a reply lost on the way) adds none of its photos twice, and entries the batch already holds
 * take no room. Over HTTP (Fastify inject) on a real database.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddItemsReply, BatchStatus } from '../../../engine/spec/batch';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';
import { buildZip } from '../testing/testZips';
import { batchResizeProcessor } from '../processors/batchResize';

const DEVICE = { 'x-device-id': 'batch_zip_keys_device_0123456789ab' };

for (const target of databaseTargets()) {
  describe(`batch ZIP keys on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    let photos: Record<string, Buffer>;

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 1, processors: { batchEdit: batchResizeProcessor } });
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

    const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await server.app.inject({
        method,
        url,
        headers: { ...DEVICE, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
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

    it('adds a ZIP sent again to the same batch once: its entries are keyed by name, CRC and size (a retried upload)', async () => {
      const batchId = (await call<BatchStatus>('POST', '/api/batch', { tool: 'resize', settings: { mode: 'percentage', percent: 50 } })).json.data.batchId;
      const stored = async () => Number((await server.runtime.db.query<{ n: number }>(`select count(*)::int as n from files where func = 'batch'`)).rows[0].n);
      const before = await stored();
      const entries = [
        { name: 'a/cat.jpg', data: photos.chelsea },
        { name: 'b/cat.jpg', data: photos.chelsea },
        { name: 'cup.png', data: photos.coffee },
        { name: '../evil.jpg', data: photos.tiny },
      ];
      const first = await upload(batchId, [{ name: 'photos.zip', body: buildZip(entries) }], 'zip');
      expect(first.data.items.map((i) => [i.name, i.status])).toEqual([
        ['cat.jpg', 'user_upload'],
        ['cat.jpg', 'user_upload'],
        ['cup.png', 'user_upload'],
        ['evil.jpg', 'failed'],
      ]);
      expect(await stored()).toBe(before + 3);
      // The reply was lost and the client sends the same ZIP again: nothing is added, the same items answer.
      const again = await upload(batchId, [{ name: 'photos.zip', body: buildZip(entries) }], 'zip');
      expect(again.resultCode).toBe(100);
      expect(again.data.items.map((i) => i.itemId).sort()).toEqual(first.data.items.map((i) => i.itemId).sort());
      expect(again.data.batch.counts.total).toBe(4);
      expect(await stored()).toBe(before + 3);
      // A ZIP with the old entries and one changed photo under an old name adds only that one.
      const changed = await upload(batchId, [{ name: 'more.zip', body: buildZip([...entries, { name: 'cup.png', data: photos.tiny }]) }], 'zip');
      expect(changed.data.batch.counts.total).toBe(5);
      expect(await stored()).toBe(before + 4);
      // Entries the batch holds take no room: with room for 1 more, the same ZIP plus one new photo still fits.
      await server.runtime.db.query(
        `insert into batch_items (id, batch_id, idx, name, output_stem, input_key, reject_code, reject_reason)
         select 'filler' || g, $1, 100 + g, 'x.jpg', 'x' || g, null, -102, 'filler' from generate_series(1, 94) g`,
        [batchId],
      );
      const fits = await upload(batchId, [{ name: 'last.zip', body: buildZip([...entries, { name: 'new.jpg', data: photos.coffee }]) }], 'zip');
      expect(fits.resultCode).toBe(100);
      expect(fits.data.batch.counts.total).toBe(100);
      const full = await upload(batchId, [{ name: 'full.zip', body: buildZip([...entries, { name: 'newer.jpg', data: photos.coffee }]) }], 'zip');
      expect(full.msg).toBe('the ZIP holds 1 files this batch does not have yet and it has room for 0 more photos');
    }, 60_000);
  });
}
