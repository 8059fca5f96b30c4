/**
 * Retention (RETENTION_HOURS): visitors' uploads, results and detection masks go after the retention
 * time, recent ones stay, everything a live project references stays however old, and a deleted
 * project's files go once it has been deleted that long. Runs the real app and routes on PGlite and,
 * with DATABASE_URL, PostgreSQL.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageLayer } from '../../../engine/doc/factories';
import { ResultCode } from '../../../engine/spec/errors';
import { testDoc } from '../projects/testDoc';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';
import { sweepExpired } from './retention';
import { startRetentionSweeps, tryTakeLease } from './retentionSchedule';
import { loadRetentionMs } from '../config/retentionSettings';

const DAY = 24 * 3600_000;
const DEVICE = 'retention_device_0123456789';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

for (const target of databaseTargets()) {
  describe(`retention on ${target.name}`, () => {
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

    const db = () => server.runtime.db;
    const post = (url: string, body: object, headers: Record<string, string> = {}) => server.app.inject({ method: 'POST', url, payload: body, headers });
    const keyOf = (url: string) => new URL(url, 'http://localhost').pathname.replace(/^\/files\//, '');
    const served = async (key: string) => (await server.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode;
    const hasRow = async (key: string) => (await db().query('select 1 from files where key = $1', [key])).rows.length === 1;
    /** Makes a stored file look `hours` old, as if uploaded back then. */
    const age = (key: string, hours: number) => db().query(`update files set created_at = now() - $2 * interval '1 hour' where key = $1`, [key, hours]);

    async function upload(headers: Record<string, string> = {}): Promise<string> {
      const form = multipart([{ name: 'file', value: photo, filename: 'chelsea.jpg', type: 'image/jpeg' }]);
      const res = await server.app.inject({ method: 'POST', url: '/api/upload', ...form, headers: { ...form.headers, ...headers } });
      expect(res.json().resultCode).toBe(ResultCode.SUCCESS);
      return res.json().data.fileUrl;
    }

    async function cutOut(fileUrl: string, headers: Record<string, string> = {}): Promise<{ taskId: string; resultUrl: string }> {
      const taskId: string = (await post('/api/task/removebg', { imgUrl: fileUrl }, headers)).json().data.taskId;
      for (let i = 0; i < 150; i++) {
        const entry = (await post('/api/task/removebg/status', { taskId }, headers)).json().data.result[taskId];
        if (entry.resultCode !== ResultCode.GPU_TASK_UNFINISHED) return { taskId, resultUrl: entry.data.resultUrl };
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('task did not finish');
    }

    it('deletes old uploads, results and detection masks, and keeps recent ones', async () => {
      const oldUpload = await upload();
      const { taskId, resultUrl } = await cutOut(oldUpload);
      const detected = (await post('/api/detect/scratches', { imgUrl: oldUpload })).json();
      expect(detected.resultCode).toBe(ResultCode.SUCCESS);
      const maskKey = keyOf(detected.data.maskUrl);
      const subject = (await post('/api/detect/subject', { imgUrl: oldUpload })).json();
      expect(subject.resultCode).toBe(ResultCode.SUCCESS);
      const subjectKey = keyOf(subject.data.maskUrl);
      // Masks used to be written without a row, so retention could never find them.
      expect(await hasRow(maskKey)).toBe(true);
      expect(await hasRow(subjectKey)).toBe(true);
      expect(await hasRow(keyOf(resultUrl))).toBe(true);
      for (const key of [keyOf(oldUpload), keyOf(resultUrl), maskKey, subjectKey]) await age(key, 25);
      await db().query(`update tasks set finished_at = now() - interval '25 hours' where id = $1`, [taskId]);
      const recentUpload = await upload();
      await age(keyOf(recentUpload), 23);

      const report = await sweepExpired(db(), server.runtime.storage, DAY);
      expect(report).toMatchObject({ files: 4, tasks: 1 });
      for (const key of [keyOf(oldUpload), keyOf(resultUrl), maskKey, subjectKey]) {
        expect(await served(key)).toBe(404);
        expect(await hasRow(key)).toBe(false);
      }
      expect(await served(keyOf(recentUpload))).toBe(200);
      expect(await hasRow(keyOf(recentUpload))).toBe(true);
      // The finished task is gone too: its status now says "unknown task" instead of pointing at a deleted file.
      expect((await post('/api/task/status', { taskId })).json().data.result[taskId].resultCode).toBe(ResultCode.PARAMS_INVALID);
    });

    it('keeps an old upload that a queued task still has to read', async () => {
      const fileUrl = await upload();
      await age(keyOf(fileUrl), 48);
      await db().query(`insert into tasks (id, type, status, params) values ('retention-queued', 'removebg', 'queued', $1)`, [
        JSON.stringify({ inputKey: keyOf(fileUrl) }),
      ]);
      await sweepExpired(db(), server.runtime.storage, DAY);
      expect(await served(keyOf(fileUrl))).toBe(200);
      await db().query(`delete from tasks where id = 'retention-queued'`);
    });

    it('never deletes what a live project references, and removes a deleted project after the retention time', async () => {
      const headers = { 'x-device-id': DEVICE };
      const usedUpload = await upload(headers);
      const usedResult = (await cutOut(usedUpload, headers)).resultUrl;
      const doc = testDoc('project');
      // One layer names the upload by absolute URL, the other the result by same-origin path.
      doc.layers.push(
        createImageLayer({ uri: usedUpload, name: 'cat.jpg', naturalW: 451, naturalH: 300, canvasW: 1080, canvasH: 1080 }),
        createImageLayer({ uri: new URL(usedResult).pathname, name: 'cut.png', naturalW: 451, naturalH: 300, canvasW: 1080, canvasH: 1080 }),
      );
      expect((await post('/api/projects', { doc }, headers)).json().resultCode).toBe(ResultCode.SUCCESS);
      const asset = await sharp(photo).resize(64).png().toBuffer();
      const put = (url: string, body: Buffer) => server.app.inject({ method: 'PUT', url, payload: body, headers: { ...headers, 'content-type': 'image/png' } });
      expect((await put(`/api/projects/${doc.projectId}/assets/${sha256(asset)}`, asset)).json().resultCode).toBe(ResultCode.SUCCESS);
      expect((await put(`/api/projects/${doc.projectId}/thumbnail`, asset)).json().resultCode).toBe(ResultCode.SUCCESS);
      const projectKeys = (await db().query<{ key: string }>(`select key from files where key like 'projects/%'`)).rows.map((r) => r.key);
      expect(projectKeys).toHaveLength(2); // the asset and the thumbnail have rows too

      // Everything is a year old: the project was last edited long ago but is still live.
      await db().query(`update files set created_at = now() - interval '365 days'`);
      await db().query(`update projects set created_at = now() - interval '365 days', updated_at = now() - interval '365 days'`);
      await db().query(`update tasks set created_at = now() - interval '365 days', finished_at = now() - interval '365 days' where status = 'done'`);
      const report = await sweepExpired(db(), server.runtime.storage, DAY);
      expect(report.projects).toBe(0);
      expect(report.tasks).toBeGreaterThan(0);
      expect(await served(keyOf(usedUpload))).toBe(200);
      expect(await served(keyOf(usedResult))).toBe(200);
      // Issue 30 item 10: the kept result's task row is gone, and its owner can still use it as a task input.
      expect((await db().query('select 1 from tasks where result_url = $1', [new URL(usedResult).pathname])).rows).toHaveLength(0);
      const reuse = (await post('/api/task/removebg', { imgUrl: usedResult }, headers)).json();
      expect(reuse.resultCode).toBe(ResultCode.SUCCESS);
      await post('/api/task/cancel', { taskId: reuse.data.taskId }, headers);
      // …and nobody else can.
      expect((await post('/api/task/removebg', { imgUrl: usedResult }, { 'x-device-id': 'retention_someone_else_0001' })).json().resultCode).toBe(
        ResultCode.PARAMS_INVALID,
      );
      for (const key of projectKeys) expect(await server.runtime.storage.exists(key)).toBe(true);
      const assetRes = await server.app.inject({ method: 'GET', url: `/api/projects/${doc.projectId}/assets/${sha256(asset)}`, headers });
      expect(assetRes.rawPayload.equals(asset)).toBe(true);

      // Deleted an hour ago: still restorable, nothing goes yet.
      expect((await server.app.inject({ method: 'DELETE', url: `/api/projects/${doc.projectId}`, headers })).json().resultCode).toBe(ResultCode.SUCCESS);
      await db().query(`update projects set deleted_at = now() - interval '1 hour'`);
      expect((await sweepExpired(db(), server.runtime.storage, DAY)).projects).toBe(0);
      for (const key of projectKeys) expect(await server.runtime.storage.exists(key)).toBe(true);

      // Deleted longer ago than the retention time: the project, its assets, its thumbnail and the
      // visitor files only it referenced all go.
      await db().query(`update projects set deleted_at = now() - interval '25 hours'`);
      const later = await sweepExpired(db(), server.runtime.storage, DAY);
      expect(later.projects).toBe(1);
      for (const key of projectKeys) {
        expect(await server.runtime.storage.exists(key)).toBe(false);
        expect(await hasRow(key)).toBe(false);
      }
      expect((await db().query('select 1 from projects where id = $1', [doc.projectId])).rows).toHaveLength(0);
      expect((await db().query('select 1 from project_assets where project_id = $1', [doc.projectId])).rows).toHaveLength(0);
      expect(await served(keyOf(usedUpload))).toBe(404);
      expect(await served(keyOf(usedResult))).toBe(404);
    });

    it("issue 30 item 10: a project naming another owner's upload does not keep it", async () => {
      const theirs = await upload({ 'x-device-id': 'retention_owner_of_file_01' });
      const doc = testDoc('project');
      doc.layers.push(createImageLayer({ uri: theirs, name: 'x.jpg', naturalW: 451, naturalH: 300, canvasW: 1080, canvasH: 1080 }));
      expect((await post('/api/projects', { doc }, { 'x-device-id': 'retention_pinning_owner_01' })).json().resultCode).toBe(ResultCode.SUCCESS);
      await age(keyOf(theirs), 25);
      await sweepExpired(db(), server.runtime.storage, DAY);
      expect(await served(keyOf(theirs))).toBe(404);
    });

    it('issue 30 item 10: a node renews its own lease, so a single node sweeps every period, not every other one', async () => {
      expect(await tryTakeLease(db(), 'renew-lease', 'node-a', 60_000)).toBe(true);
      // The next tick comes while the lease taken by the last one still runs (the first tick came a few seconds late).
      expect(await tryTakeLease(db(), 'renew-lease', 'node-a', 60_000)).toBe(true);
      expect(await tryTakeLease(db(), 'renew-lease', 'node-b', 60_000)).toBe(false);
    });

    it('lets one node at a time sweep: the lease is taken once per period', async () => {
      expect(await tryTakeLease(db(), 'test-lease', 'node-a', 60_000)).toBe(true);
      expect(await tryTakeLease(db(), 'test-lease', 'node-b', 60_000)).toBe(false);
      await db().query(`update maintenance_leases set lease_until = now() - interval '1 second' where name = 'test-lease'`);
      expect(await tryTakeLease(db(), 'test-lease', 'node-b', 60_000)).toBe(true);

      const a = startRetentionSweeps({ db: db(), storage: server.runtime.storage, retentionMs: DAY, holder: 'node-a', log: () => undefined });
      const b = startRetentionSweeps({ db: db(), storage: server.runtime.storage, retentionMs: DAY, holder: 'node-b', log: () => undefined });
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect([ra, rb].filter((r) => r !== null)).toHaveLength(1);
      await Promise.all([a.stop(), b.stop()]);
      const { rows } = await db().query<{ last_report: { files: number } }>(`select last_report from maintenance_leases where name = 'retention-sweep'`);
      expect(rows[0].last_report).toMatchObject({ files: expect.any(Number) });
    });
  });
}

describe('RETENTION_HOURS', () => {
  it('defaults to 24 hours, accepts fractions, 0 turns sweeping off, and refuses nonsense', () => {
    expect(loadRetentionMs({})).toBe(DAY);
    expect(loadRetentionMs({ RETENTION_HOURS: '0.5' })).toBe(1800_000);
    expect(loadRetentionMs({ RETENTION_HOURS: '0' })).toBe(0);
    expect(() => loadRetentionMs({ RETENTION_HOURS: '-1' })).toThrow(/RETENTION_HOURS/);
    expect(() => loadRetentionMs({ RETENTION_HOURS: 'a day' })).toThrow(/RETENTION_HOURS/);
  });
});

describe('migration 50 on an existing install', () => {
  it('records the results stored before every file had a row, so retention can delete them', async () => {
    const { openDatabase } = await import('../db/database');
    const { MIGRATIONS, migrate } = await import('../schema');
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    try {
      // The schema as it was before migration 50, with a finished task whose result has no row.
      await db.exec(`create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())`);
      for (const m of MIGRATIONS.filter((x) => x.version < 50)) {
        await db.exec(m.sql);
        await db.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      }
      await db.query(`insert into tasks (id, type, status, params, result_url, finished_at)
        values ('old', 'removebg', 'done', '{}', '/files/results/2026/01/02/old.png', '2026-01-02T10:00:00Z')`);
      await migrate(db);
      const { rows } = await db.query<{ key: string; content_type: string; created_at: Date }>('select key, content_type, created_at from files');
      expect(rows).toEqual([{ key: 'results/2026/01/02/old.png', content_type: 'image/png', created_at: new Date('2026-01-02T10:00:00Z') }]);
    } finally {
      await db.close();
    }
  });
});
