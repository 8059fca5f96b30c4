/**
 * The bad inputs of issue 16, finding 3, each answered with a 4xx and -102 (never a 500), on PGlite and
 * on PostgreSQL when DATABASE_URL is set (a NUL reaching PostgreSQL was one of the 500s).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { testDoc } from '../projects/testDoc';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';
import { deepJson } from './fuzzCases';
import { jsonBodyProblem } from './jsonBody';

const DEVICE = 'alice_device_0123456789abcdef';

describe('jsonBodyProblem', () => {
  it('passes ordinary JSON, brackets inside strings and escaped quotes', () => {
    expect(jsonBodyProblem('{"a":[1,{"b":"[[[[\\"{{{"}]}')).toBeNull();
    expect(jsonBodyProblem(deepJson(64))).toBeNull();
  });
  it('refuses nesting past the cap and NUL, raw or escaped', () => {
    expect(jsonBodyProblem(deepJson(65))).toMatch(/nested deeper than 64/);
    expect(jsonBodyProblem('{"a":"x\\u0000"}')).toMatch(/NUL/);
    expect(jsonBodyProblem('{"a":"x\u0000"}')).toMatch(/NUL/);
    expect(jsonBodyProblem('{"a":"x\\\\u0000"}')).toBeNull(); // an escaped backslash followed by text "u0000"
  });
});

for (const target of databaseTargets()) {
  describe(`bad input on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    let fileUrl: string;
    let pid: string;

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 0 });
      const up = await server.app.inject({
        method: 'POST',
        url: '/api/upload',
        ...multipart([{ name: 'file', value: await readPhoto('chelsea'), filename: 'a.jpg' }]),
      });
      fileUrl = up.json().data.fileUrl;
      const doc = testDoc('project');
      await server.app.inject({ method: 'POST', url: '/api/projects', headers: { 'x-device-id': DEVICE }, payload: { doc } });
      pid = doc.projectId;
    });
    afterAll(async () => {
      await server?.close();
      await store?.cleanup();
    });

    const expectInvalid = (res: { statusCode: number; json(): unknown }, message?: RegExp) => {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, ...(message ? { msg: expect.stringMatching(message) } : {}) });
    };
    const postJson = (url: string, body: string, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: body });

    it('imgUrl with a malformed %-escape', async () => {
      for (const imgUrl of ['/files/uploads/%ZZ.jpg', 'http://localhost/files/uploads/%E0%A4%A.jpg', '/files/%']) {
        expectInvalid(await postJson('/api/task/removebg', JSON.stringify({ imgUrl })), /imgUrl/);
      }
      expectInvalid(await server.app.inject({ method: 'GET', url: '/api/download?fileUrl=%2Ffiles%2Fuploads%2F%25ZZ.jpg' }));
    });

    it('a NUL byte in a JSON field, a project name or a text layer', async () => {
      expectInvalid(await postJson('/api/task/removebg', JSON.stringify({ imgUrl: fileUrl, efMode: 'a\u0000b' })), /NUL/);
      expectInvalid(await postJson('/api/report/event', JSON.stringify({ event: 'x\u0000' })), /NUL/);
      const rename = await server.app.inject({
        method: 'PATCH',
        url: `/api/projects/${pid}`,
        headers: { 'x-device-id': DEVICE, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Sale\u0000' }),
      });
      expectInvalid(rename, /NUL/);
      const doc = testDoc('project', { name: 'a\u0000b' });
      expectInvalid(await postJson('/api/projects', JSON.stringify({ doc }), { 'x-device-id': DEVICE }), /NUL/);
    });

    it('JSON nested 5,000 deep, huge numbers and wrong types', async () => {
      expectInvalid(await postJson('/api/task/removebg', `{"imgUrl":${deepJson(5000)}}`), /nested deeper/);
      expectInvalid(await postJson('/api/projects', `{"doc":${deepJson(5000, '{"a":', '}').replace(/\}$/, '1}')}}`, { 'x-device-id': DEVICE }));
      expectInvalid(await postJson('/api/task/removebg', '{"imgUrl":1e999999}'));
      expectInvalid(await postJson('/api/task/status', '{"taskId":[1e308,{"a":1}]}'));
      expectInvalid(await server.app.inject({ method: 'GET', url: '/api/projects?limit=1e400&offset=-1', headers: { 'x-device-id': DEVICE } }));
    });

    it('a malformed deviceId cookie on the asset and thumbnail routes', async () => {
      for (const cookie of ['deviceId=%ZZ', 'deviceId=%E0%A4%A', 'deviceId=%C3', 'deviceId=%']) {
        for (const url of [`/api/projects/${pid}/thumbnail`, `/api/projects/${pid}/assets/${'a'.repeat(64)}`]) {
          expectInvalid(await server.app.inject({ method: 'GET', url, headers: { cookie } }), /device id/);
        }
      }
    });

    it('URLs the router cannot decode and over-long path parts', async () => {
      expectInvalid(await server.app.inject({ method: 'GET', url: '/api/projects/%ZZ', headers: { 'x-device-id': DEVICE } }), /malformed/);
      expectInvalid(await server.app.inject({ method: 'POST', url: '/api/task/%E0%A4%A/status' }), /malformed/);
      expectInvalid(await server.app.inject({ method: 'GET', url: `/api/backgrounds/${'x'.repeat(500)}/thumb.png` }), /too long/);
    });

    it('directory paths such as /files/uploads answer 404, not EISDIR', async () => {
      for (const url of ['/files/uploads', '/files/uploads/web', `/files/${'x'.repeat(300)}`]) {
        const res = await server.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'file not found' });
      }
    });

    it('a NUL in the upload data field answers -102 and leaves no file on disk and no row', async () => {
      const rows = async () => Number((await server.runtime.db.query<{ n: string }>('select count(*) as n from files')).rows[0].n);
      const listUploads = async () => (await readdir(path.join(store.dataDir, 'files', 'uploads'), { recursive: true })).sort();
      const [rowsBefore, filesBefore] = [await rows(), await listUploads()];
      for (const data of ['{"func":"a\\u0000b"}', '{"func":"a\u0000b"}', '{"fileType":"\\u0000"}']) {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/upload',
          ...multipart([
            { name: 'data', value: data },
            { name: 'file', value: await readPhoto('coffee'), filename: 'a.jpg' },
          ]),
        });
        expectInvalid(res, /NUL/);
      }
      expect(await rows()).toBe(rowsBefore);
      expect(await listUploads()).toEqual(filesBefore);
    });
  });
}
