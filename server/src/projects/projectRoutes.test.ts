import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectId } from '../../../engine/doc/projectIds';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { startTestServer, type TestServer } from '../testing/testServer';
import { testDoc } from './testDoc';

const ALICE = 'alice_device_0123456789abcdef';
const BOB = 'bob-device-0123456789abcdef00';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

for (const target of databaseTargets()) {
  describe(`project storage on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    let photo: Buffer;
    let png: Buffer;

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 0 });
      photo = await readPhoto('coffee');
      png = await sharp(photo).resize(64).png().toBuffer();
    });
    afterAll(async () => {
      await server?.close();
      await store?.cleanup();
    });

    type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const call = (method: Method, url: string, body?: unknown, device: string | null = ALICE, headers: Record<string, string> = {}) =>
      server.app.inject({
        method,
        url,
        headers: { ...(device ? { 'x-device-id': device } : {}), ...headers },
        ...(Buffer.isBuffer(body) ? { payload: body } : body !== undefined ? { payload: body as object } : {}),
      });
    const json = async (method: Method, url: string, body?: unknown, device: string | null = ALICE) => (await call(method, url, body, device)).json();
    const putImage = (url: string, bytes: Buffer, type = 'image/png', device = ALICE) => call('PUT', url, bytes, device, { 'content-type': type });
    const list = async (type?: string, device = ALICE) => (await json('GET', `/api/projects${type ? `?type=${type}` : ''}`, undefined, device)).data.projects;

    it('creates, lists, loads, saves, renames and deletes a project', async () => {
      const doc = testDoc('project');
      const created = await json('POST', '/api/projects', { doc });
      expect(created).toMatchObject({ resultCode: 100, data: { projectId: doc.projectId, revision: 1 } });
      const cut = testDoc('cutouts', { name: 'Cat' });
      await json('POST', '/api/projects', { doc: cut });

      const projects = await list('project');
      expect(projects).toEqual([
        {
          projectId: doc.projectId,
          type: 'project',
          name: 'Summer sale',
          updatedAt: expect.any(String),
          thumbnailUrl: null,
          canvasW: 1080,
          canvasH: 1080,
          layerCount: 2,
        },
      ]);
      expect((await list('cutouts')).map((p: { projectId: string }) => p.projectId)).toEqual([cut.projectId]);
      expect(await list()).toHaveLength(2);

      const loaded = await json('GET', `/api/projects/${doc.projectId}`);
      expect(loaded.data).toMatchObject({ doc, revision: 1, name: 'Summer sale' });

      const edited = { ...doc, canvasW: 1920, layers: doc.layers.slice(0, 1) };
      const saved = await json('PUT', `/api/projects/${doc.projectId}`, { doc: edited, baseRevision: 1 });
      expect(saved).toMatchObject({ resultCode: 100, data: { revision: 2 } });
      expect((await json('GET', `/api/projects/${doc.projectId}`)).data).toMatchObject({
        revision: 2,
        doc: { canvasW: 1920, layers: [{ layerId: 'bgLayer' }] },
      });
      expect(await json('PUT', `/api/projects/${doc.projectId}`, { doc: edited })).toMatchObject({ data: { revision: 3 } });
      // The project edited last comes first.
      expect((await list())[0]).toMatchObject({ projectId: doc.projectId, canvasW: 1920, layerCount: 1 });

      const renamed = await json('PATCH', `/api/projects/${doc.projectId}`, { name: '  Winter sale  ' });
      expect(renamed).toMatchObject({ resultCode: 100, data: { name: 'Winter sale' } });
      expect((await json('GET', `/api/projects/${doc.projectId}`)).data).toMatchObject({ name: 'Winter sale', doc: { name: 'Winter sale' } });
      // An autosave that still carries the old name does not undo the rename.
      await json('PUT', `/api/projects/${doc.projectId}`, { doc: edited });
      expect((await list('project'))[0].name).toBe('Winter sale');
      expect((await json('PATCH', `/api/projects/${doc.projectId}`, { name: '   ' })).resultCode).toBe(-102);
      expect((await json('PATCH', `/api/projects/${doc.projectId}`, { name: 'x'.repeat(121) })).resultCode).toBe(-102);

      expect(await json('DELETE', `/api/projects/${doc.projectId}`)).toMatchObject({ resultCode: 100 });
      expect(await list('project')).toEqual([]);
      const gone = await call('GET', `/api/projects/${doc.projectId}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ resultCode: ResultCode.PROJECT_NOT_FOUND, msg: 'project not found' });
      expect((await json('PUT', `/api/projects/${doc.projectId}`, { doc: edited })).resultCode).toBe(ResultCode.PROJECT_NOT_FOUND);
      expect((await json('DELETE', `/api/projects/${doc.projectId}`)).resultCode).toBe(ResultCode.PROJECT_NOT_FOUND);
    });

    it('refuses a stale save with the current revision and keeps the newer document', async () => {
      const doc = testDoc('project');
      await json('POST', '/api/projects', { doc });
      await json('PUT', `/api/projects/${doc.projectId}`, { doc: { ...doc, canvasW: 500 }, baseRevision: 1 });
      const stale = await call('PUT', `/api/projects/${doc.projectId}`, { doc: { ...doc, canvasW: 700 }, baseRevision: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ resultCode: -102, msg: 'revision conflict', data: { revision: 2 } });
      expect((await json('GET', `/api/projects/${doc.projectId}`)).data).toMatchObject({ revision: 2, doc: { canvasW: 500 } });
      expect((await json('PUT', `/api/projects/${doc.projectId}`, { doc, baseRevision: 'x' })).resultCode).toBe(-102);
    });

    it("never shows one device another device's projects", async () => {
      const doc = testDoc('cutouts');
      await json('POST', '/api/projects', { doc });
      await putImage(`/api/projects/${doc.projectId}/assets/${sha256(png)}`, png);
      expect(await list(undefined, BOB)).toEqual([]);
      for (const [method, url, body] of [
        ['GET', `/api/projects/${doc.projectId}`],
        ['PUT', `/api/projects/${doc.projectId}`, { doc }],
        ['PATCH', `/api/projects/${doc.projectId}`, { name: 'mine now' }],
        ['DELETE', `/api/projects/${doc.projectId}`],
        ['GET', `/api/projects/${doc.projectId}/assets/${sha256(png)}`],
        ['GET', `/api/projects/${doc.projectId}/thumbnail`],
      ] as const) {
        expect((await json(method, url, body, BOB)).resultCode, `${method} ${url}`).toBe(ResultCode.PROJECT_NOT_FOUND);
      }
      // Bob may even use the same id for a project of his own; Alice's stays untouched.
      expect((await json('POST', '/api/projects', { doc: { ...doc, name: 'Bob' } }, BOB)).resultCode).toBe(100);
      expect((await json('GET', `/api/projects/${doc.projectId}`)).data.name).toBe(doc.name);
      expect((await json('POST', '/api/projects', { doc })).resultCode).toBe(-102); // Alice: already exists
    });

    it('asks for a device id', async () => {
      for (const device of [null, 'short', 'has spaces in it 0123456789', 'x'.repeat(65)]) {
        const res = await call('GET', '/api/projects', undefined, device);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/device id/) });
      }
      expect((await json('POST', '/api/projects', { doc: testDoc() }, null)).resultCode).toBe(-102);
    });

    it('refuses malformed documents and ids with -102', async () => {
      const bad: unknown[] = [
        undefined,
        'text',
        { projectId: createProjectId('project') },
        testDoc('project', { projectId: 'NOPE_abcdefghijkl' }),
        testDoc('project', { projectId: createProjectId('cutouts') }),
      ];
      for (const doc of bad) {
        const res = await json('POST', '/api/projects', doc === undefined ? {} : { doc });
        expect(res.resultCode, JSON.stringify(doc)?.slice(0, 80)).toBe(-102);
      }
      expect((await json('POST', '/api/projects', { doc: 'text' })).msg).toBe('doc must be a project object');
      expect((await json('POST', '/api/projects', { doc: { layers: 'none' } })).msg).toMatch(/layers/);
      const doc = testDoc();
      await json('POST', '/api/projects', { doc });
      const other = testDoc();
      expect((await json('PUT', `/api/projects/${doc.projectId}`, { doc: other })).msg).toMatch(/differs/);
      expect((await json('GET', '/api/projects/..%2Fetc')).resultCode).toBe(-102);
      expect((await json('GET', '/api/projects?type=photos')).resultCode).toBe(-102);
      expect((await json('GET', '/api/projects?limit=0')).resultCode).toBe(-102);
      expect(await list()).not.toContainEqual(expect.objectContaining({ projectId: other.projectId }));
      const huge = testDoc('project', { name: 'x'.repeat(6 * 1024 * 1024) });
      expect((await json('POST', '/api/projects', { doc: huge })).msg).toMatch(/too large/);
    });

    it('stores assets by their SHA-256 and returns the same bytes', async () => {
      const doc = testDoc('cutouts');
      await json('POST', '/api/projects', { doc });
      const id = sha256(photo);
      const up = await putImage(`/api/projects/${doc.projectId}/assets/${id}`, photo, 'image/jpeg');
      expect(up.json()).toEqual({ resultCode: 100, msg: 'success', data: { assetId: id, contentType: 'image/jpeg', sizeBytes: photo.length } });
      expect((await putImage(`/api/projects/${doc.projectId}/assets/${id}`, photo, 'image/jpeg')).json().resultCode).toBe(100);
      const got = await call('GET', `/api/projects/${doc.projectId}/assets/${id}`);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['cache-control']).toMatch(/immutable/);
      expect(Buffer.compare(got.rawPayload, photo)).toBe(0);
      // An <img> cannot send the header; the web app's deviceId cookie stands in for GETs.
      const viaCookie = await call('GET', `/api/projects/${doc.projectId}/assets/${id}`, undefined, null, { cookie: `other=1; deviceId=${ALICE}` });
      expect(viaCookie.statusCode).toBe(200);
      const missing = await call('GET', `/api/projects/${doc.projectId}/assets/${sha256(png)}`);
      expect(missing.statusCode).toBe(404);
      // The public file routes never serve project data, even to someone who learns its storage key.
      const key = `projects/${createHash('sha256').update(`device:${ALICE}`).digest('hex')}/${doc.projectId}/assets/${id}.jpg`;
      expect((await call('GET', `/files/${key}`, undefined, null)).statusCode).toBe(404);
      expect((await call('GET', `/api/download?fileUrl=${encodeURIComponent(`/files/${key}`)}`, undefined, null)).statusCode).toBe(404);
    });

    it('refuses an asset whose bytes do not match its id, or that is not a raster image', async () => {
      const doc = testDoc('project');
      await json('POST', '/api/projects', { doc });
      const wrong = await putImage(`/api/projects/${doc.projectId}/assets/${sha256(photo)}`, png);
      expect(wrong.json()).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/SHA-256/) });
      expect((await putImage(`/api/projects/${doc.projectId}/assets/NOTAHASH`, png)).json().resultCode).toBe(-102);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect((await putImage(`/api/projects/${doc.projectId}/assets/${sha256(svg)}`, svg, 'image/svg+xml')).json()).toMatchObject({
        resultCode: -102,
        msg: expect.stringMatching(/Unsupported Media Type/),
      });
      // Declared as PNG, the SVG is still read for what it is.
      expect((await putImage(`/api/projects/${doc.projectId}/assets/${sha256(svg)}`, svg)).json()).toMatchObject({
        resultCode: -102,
        msg: expect.stringMatching(/PNG, JPG, WEBP or GIF|not an image/),
      });
      const junk = Buffer.from('not an image, just text');
      expect((await putImage(`/api/projects/${doc.projectId}/assets/${sha256(junk)}`, junk)).json().resultCode).toBe(-102);
      expect((await putImage(`/api/projects/${createProjectId('project')}/assets/${sha256(png)}`, png)).json().resultCode).toBe(ResultCode.PROJECT_NOT_FOUND);
      expect((await call('GET', `/api/projects/${doc.projectId}/assets/${sha256(photo)}`)).statusCode).toBe(404);
    });

    it('keeps a thumbnail and shows it in the list', async () => {
      const doc = testDoc('project');
      await json('POST', '/api/projects', { doc });
      expect((await call('GET', `/api/projects/${doc.projectId}/thumbnail`)).statusCode).toBe(404);
      const put = await putImage(`/api/projects/${doc.projectId}/thumbnail`, png);
      expect(put.json().resultCode).toBe(100);
      const entry = (await list('project')).find((p: { projectId: string }) => p.projectId === doc.projectId);
      expect(entry.thumbnailUrl).toMatch(new RegExp(`^http://localhost(:\\d+)?/api/projects/${doc.projectId}/thumbnail\\?v=[0-9a-f]{16}$`));
      const got = await call('GET', new URL(entry.thumbnailUrl).pathname + new URL(entry.thumbnailUrl).search);
      expect(got.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(got.rawPayload, png)).toBe(0);
      const again = await call('GET', `/api/projects/${doc.projectId}/thumbnail`, undefined, ALICE, { 'if-none-match': String(got.headers.etag) });
      expect(again.statusCode).toBe(304);

      const jpeg = await sharp(png).jpeg().toBuffer();
      await putImage(`/api/projects/${doc.projectId}/thumbnail`, jpeg, 'image/jpeg');
      const newer = (await list('project')).find((p: { projectId: string }) => p.projectId === doc.projectId);
      expect(newer.thumbnailUrl).not.toBe(entry.thumbnailUrl);
      const replaced = await call('GET', `/api/projects/${doc.projectId}/thumbnail`);
      expect(replaced.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(replaced.rawPayload, jpeg)).toBe(0);

      const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
      expect((await putImage(`/api/projects/${doc.projectId}/thumbnail`, big)).json()).toMatchObject({
        resultCode: -102,
        msg: expect.stringMatching(/too large/),
      });
      const gif = await sharp(png).gif().toBuffer();
      expect((await putImage(`/api/projects/${doc.projectId}/thumbnail`, gif, 'image/gif')).json().resultCode).toBe(-102);
    });
  });
}
