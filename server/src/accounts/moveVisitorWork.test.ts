import sharp from 'sharp';
import { readPhoto } from '../testing/testPhotos';
import { multipart } from '../testing/testServer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { testDoc } from '../projects/testDoc';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';

const LAPTOP = 'laptop-device-0123456789abcdef';
const PHONE = 'phone-device-0123456789abcdef0';

for (const target of databaseTargets()) {
  describe(`a visitor's work moves to the account on sign-in (${target.name})`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 1, accounts: { freeDailyCredits: 3 } });
    });
    afterAll(async () => {
      await server.close();
      await store.cleanup();
    });

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
      server.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const listIds = async (headers: Record<string, string>) =>
      ((await call('GET', '/api/projects', headers)).json().data.projects as Array<{ projectId: string }>).map((p) => p.projectId).sort();

    async function signIn(email: string, device: string): Promise<string> {
      // Age earlier codes past the 30 s resend guard instead of waiting.
      await server.runtime.db.query(`update login_codes set created_at = created_at - interval '1 minute' where email = $1`, [email]);
      expect((await call('POST', '/api/account/email/code', { 'x-device-id': device }, { email })).json().resultCode).toBe(ResultCode.SUCCESS);
      // Read the code the way a person would: from the outbox mail.
      const { readdir, readFile } = await import('node:fs/promises');
      const dir = `${store.dataDir}/outbox`;
      const files = (await readdir(dir)).filter((f) => f.includes(email)).sort();
      const code = (await readFile(`${dir}/${files.at(-1)}`, 'utf8')).match(/sign-in code is (\d{6})/)![1];
      const res = (await call('POST', '/api/account/email/login', { 'x-device-id': device }, { email, code })).json();
      expect(res.resultCode).toBe(ResultCode.SUCCESS);
      return res.data.token as string;
    }

    it('projects and cut-outs made signed out move to the account, and another browser signed in sees them', async () => {
      const laptop = { 'x-device-id': LAPTOP };
      const design = testDoc('project');
      const cutout = testDoc('cutouts', { name: 'Cat' });
      await call('POST', '/api/projects', laptop, { doc: design });
      await call('POST', '/api/projects', laptop, { doc: cutout });
      const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#ff0000' } })
        .png()
        .toBuffer();
      expect(
        (
          await server.app.inject({
            method: 'PUT',
            url: `/api/projects/${design.projectId}/thumbnail`,
            headers: { ...laptop, 'content-type': 'image/png' },
            payload: png,
          })
        ).json().resultCode,
      ).toBe(ResultCode.SUCCESS);

      const token = await signIn('mover@example.org', LAPTOP);
      const signedInLaptop = { ...laptop, 'x-auth-token': token };
      expect(await listIds(signedInLaptop)).toEqual([design.projectId, cutout.projectId].sort());
      // The visitor space of the device is empty now; the work is the account's.
      expect(await listIds(laptop)).toEqual([]);

      // Another browser (another device id) signed into the same account sees the same projects.
      const phoneToken = await signIn('mover@example.org', PHONE);
      expect(await listIds({ 'x-device-id': PHONE, 'x-auth-token': phoneToken })).toEqual([design.projectId, cutout.projectId].sort());
      // An <img> load carries the token as a cookie.
      const thumb = await server.app.inject({
        method: 'GET',
        url: `/api/projects/${design.projectId}/thumbnail`,
        headers: { cookie: `deviceId=${PHONE}; authToken=${phoneToken}` },
      });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toMatch(/^image\//);
      // A tampered token cookie is refused with 1000006, never served as someone else's.
      const tampered = await server.app.inject({
        method: 'GET',
        url: `/api/projects/${design.projectId}/thumbnail`,
        headers: { cookie: `deviceId=${PHONE}; authToken=${phoneToken.slice(0, -2)}xx` },
      });
      expect(tampered.json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);

      // A project saved while signed in is the account's; a sign-in from a device with nothing to move is harmless.
      const later = testDoc('project', { name: 'Later' });
      await call('POST', '/api/projects', { 'x-device-id': PHONE, 'x-auth-token': phoneToken }, { doc: later });
      expect(await listIds(signedInLaptop)).toContain(later.projectId);
      expect((await call('GET', '/api/projects', { ...laptop, 'x-auth-token': 'lc_expired' })).json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);

      // "Export my data" holds the account and its projects; deleting the account deletes its files.
      const exported = (await call('POST', '/api/account/export', signedInLaptop)).json().data;
      expect(exported.account.email).toBe('mover@example.org');
      expect(exported.projects.map((p: { id: string }) => p.id).sort()).toEqual([design.projectId, cutout.projectId, later.projectId].sort());
      const { rows: thumbs } = await server.runtime.db.query<{ thumbnail_key: string }>('select thumbnail_key from projects where id = $1', [design.projectId]);
      expect(await server.runtime.storage.exists(thumbs[0]!.thumbnail_key)).toBe(true);
      expect((await call('POST', '/api/account/delete', signedInLaptop)).json().data).toMatchObject({ deleted: true, files: 1 });
      expect(await server.runtime.storage.exists(thumbs[0]!.thumbnail_key)).toBe(false);
      const { rows: left } = await server.runtime.db.query('select id from projects where id = any($1::text[])', [
        [design.projectId, cutout.projectId, later.projectId],
      ]);
      expect(left).toEqual([]);
      expect((await call('POST', '/api/account/info', { 'x-auth-token': phoneToken })).json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    });

    it("a photo uploaded as a visitor is the account's after sign-in (item 12); deleting the account deletes its uploads and results, which are never cached past it (item 5)", async () => {
      const device = 'upload-device-0123456789abcdef';
      const body = multipart([{ name: 'file', value: await readPhoto('chelsea'), filename: 'cat.jpg', type: 'image/jpeg' }]);
      const up = await server.app.inject({ method: 'POST', url: '/api/upload', ...body, headers: { ...body.headers, 'x-device-id': device } });
      expect(up.json().resultCode).toBe(ResultCode.SUCCESS);
      const uploadPath = new URL(up.json().data.fileUrl as string).pathname;
      const token = await signIn('uploader@example.org', device);
      const signedIn = { 'x-device-id': device, 'x-auth-token': token };
      // Just signed in, the page submits the photo it uploaded a moment ago.
      const submitted = (await call('POST', '/api/task/removebg', signedIn, { imgUrl: up.json().data.fileUrl })).json();
      expect(submitted.resultCode).toBe(ResultCode.SUCCESS);
      const taskId = submitted.data.taskId as string;
      let resultUrl = '';
      for (let i = 0; i < 600 && !resultUrl; i++) {
        const status = (await call('POST', '/api/task/status', signedIn, { taskId })).json().data.result[taskId];
        if (status.data?.resultUrl) resultUrl = status.data.resultUrl as string;
        else await new Promise((r) => setTimeout(r, 100));
      }
      const resultPath = new URL(resultUrl, 'http://localhost').pathname;

      // Served privately and revalidated each time, never "public, immutable".
      const served = await server.app.inject({ method: 'GET', url: uploadPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-cache');
      const etag = served.headers.etag as string;
      expect((await server.app.inject({ method: 'GET', url: uploadPath, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      expect((await server.app.inject({ method: 'GET', url: resultPath })).statusCode).toBe(200);

      const deleted = (await call('POST', '/api/account/delete', signedIn)).json().data;
      expect(deleted).toMatchObject({ deleted: true, files: 2 });
      for (const url of [uploadPath, resultPath]) {
        expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
        // A browser revalidating its cached copy is told it is gone.
        expect((await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
      }
      const { rows } = await server.runtime.db.query('select key from files where key = any($1::text[])', [[uploadPath.slice(7), resultPath.slice(7)]]);
      expect(rows).toEqual([]);
    });

    it('only the first account signed in on a device collects its visitor work; someone else signing in there later gets none of it', async () => {
      const shared = { 'x-device-id': 'shared-pc-0123456789abcdef' };
      const before = testDoc('project', { name: 'Made before anyone signed in' });
      await call('POST', '/api/projects', shared, { doc: before });
      const first = await signIn('first@example.org', shared['x-device-id']);
      expect(await listIds({ ...shared, 'x-auth-token': first })).toEqual([before.projectId]);

      // Signed out again, a visitor makes something; the first account collects it on its next sign-in there.
      const between = testDoc('project', { name: 'Made signed out' });
      await call('POST', '/api/projects', shared, { doc: between });
      const second = await signIn('second@example.org', shared['x-device-id']);
      expect(await listIds({ ...shared, 'x-auth-token': second })).toEqual([]);
      expect(await listIds(shared)).toEqual([between.projectId]);
      const firstAgain = await signIn('first@example.org', shared['x-device-id']);
      expect(await listIds({ ...shared, 'x-auth-token': firstAgain })).toEqual([before.projectId, between.projectId].sort());
    });
  });
}
