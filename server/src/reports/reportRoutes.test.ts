/**
 * Report routes on PGlite and (with DATABASE_URL) PostgreSQL: the statistics come from SQL
 * percentile_cont, so both stores must give the same numbers.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { databaseTargets } from '../testing/testDatabases';
import { REPORT_MIGRATION } from './reportSchema';
import { registerReportRoutes } from './reportRoutes';
import { localAdminAllowed } from '../config/adminSettings';

const timing = (over: Record<string, unknown> = {}, timings: Record<string, unknown> = {}) => ({
  taskId: 'task-1',
  funcType: 'removebg',
  fileSize: 512,
  fmt: 'png',
  ...over,
  timings: { upload: 800, polling: 2000, pollingDetail: [1000, 1000], whole: 5000, ...timings },
});

for (const target of databaseTargets()) {
  describe(`report routes on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let db: Database;
    let open: FastifyInstance;
    let guarded: FastifyInstance;

    const build = async (adminToken: string | null) => {
      const app = Fastify({ logger: false });
      registerReportRoutes(app, { db, adminToken, allowLocalAdmin: true });
      await app.ready();
      return app;
    };

    beforeAll(async () => {
      store = await target.make();
      db = await openDatabase({ databaseUrl: store.databaseUrl, pgliteDir: store.pgliteDir });
      await db.exec(REPORT_MIGRATION);
      open = await build(null);
      guarded = await build('s3cret-token');
    });
    afterAll(async () => {
      await open?.close();
      await guarded?.close();
      await db?.close();
      await store?.cleanup();
    });

    const post = (url: string, payload: object, app = open) => app.inject({ method: 'POST', url, payload });
    const stats = (headers: Record<string, string> = {}, app = open, remoteAddress?: string) =>
      app.inject({ method: 'GET', url: '/api/admin/stats/timings', headers, ...(remoteAddress ? { remoteAddress } : {}) });

    it('stores a timing report', async () => {
      const res = await post('/api/report/timing', timing());
      expect(res.json()).toEqual({ resultCode: 100, msg: 'success', data: { stored: true } });
      const { rows } = await db.query<Record<string, unknown>>('select func_type, upload_ms, encoding_ms, whole_ms, polling_detail from task_timings');
      expect(rows).toEqual([{ func_type: 'removebg', upload_ms: 800, encoding_ms: null, whole_ms: 5000, polling_detail: [1000, 1000] }]);
    });

    it.each([
      ['a negative duration', timing({}, { upload: -1 })],
      ['a duration over a day', timing({}, { upload: 86_400_001, whole: 86_400_001 })],
      ['a phase longer than the task', timing({}, { upload: 6000 })],
      ['a missing whole time', { ...timing(), timings: { upload: 1 } }],
      ['a duration that is not a number', timing({}, { upload: '800' })],
      ['an unknown task type', timing({ funcType: 'mining' })],
      ['a negative file size', timing({ fileSize: -1 })],
      ['an absurd file size', timing({ fileSize: 1e12 })],
      ['a format with odd characters', timing({ fmt: 'png<script>' })],
      ['an empty task id', timing({ taskId: '' })],
      ['too many polls', timing({}, { pollingDetail: Array.from({ length: 1001 }, () => 1) })],
    ])('refuses %s with PARAMS_INVALID', async (_, body) => {
      const res = await post('/api/report/timing', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resultCode: -102, data: null });
    });

    it('stores a failed-call event with its time, cutting long text', async () => {
      const res = await post('/api/report/event', { url: '/api/task/removebg' + 'x'.repeat(900), errorCode: -1000, errorMsg: 'm'.repeat(5000) });
      expect(res.json()).toMatchObject({ resultCode: 100 });
      const { rows } = await db.query<{ url: string; error_code: number; error_msg: string; created_at: Date }>(
        'select url, error_code, error_msg, created_at from client_events',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].url).toHaveLength(500);
      expect(rows[0].error_code).toBe(-1000);
      expect(rows[0].error_msg).toHaveLength(1000);
      expect(Math.abs(Date.now() - new Date(rows[0].created_at).getTime())).toBeLessThan(60_000);
    });

    it('refuses an event without url or with a non-integer code', async () => {
      expect((await post('/api/report/event', { errorCode: -1000, errorMsg: 'x' })).json()).toMatchObject({ resultCode: -102 });
      expect((await post('/api/report/event', { url: '/a', errorCode: 1.5, errorMsg: 'x' })).json()).toMatchObject({ resultCode: -102 });
    });

    it('summarises count, median and p95 per task type and phase', async () => {
      await db.query('delete from task_timings');
      for (const [i, upload] of [100, 200, 300, 400].entries()) {
        await post('/api/report/timing', timing({ taskId: `r${i}` }, { upload, pollingDetail: [1000 + i * 10], polling: 1000 + i * 10 }));
      }
      await post('/api/report/timing', timing({ funcType: 'picenhance' }, { encoding: 50, upload: 999, pollingDetail: undefined, polling: undefined }));

      const res = await stats();
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { types } = res.json().data;
      expect(types.map((t: { funcType: string }) => t.funcType)).toEqual(['picenhance', 'removebg']);
      const [enhance, removebg] = types;
      expect(removebg.count).toBe(4);
      // Interpolated: median between 200 and 300; p95 at 0.95·3 = 2.85 → 300 + 0.85·100.
      expect(removebg.stats.upload).toEqual({ count: 4, median: 250, p95: 385 });
      expect(removebg.stats.perPoll).toEqual({ count: 4, median: 1015, p95: 1028.5 });
      expect(removebg.stats.whole).toEqual({ count: 4, median: 5000, p95: 5000 });
      // A phase that never ran has no numbers instead of zeros.
      expect(removebg.stats.encoding).toEqual({ count: 0, median: null, p95: null });
      expect(enhance.stats.encoding).toEqual({ count: 1, median: 50, p95: 50 });
      expect(enhance.stats.perPoll).toEqual({ count: 0, median: null, p95: null });
    });

    it('looks back only ?days when asked, and refuses a bad days value', async () => {
      await db.query("update task_timings set created_at = now() - interval '40 days' where func_type = 'picenhance'");
      const recent = (await stats({}, open).then((r) => r.json())).data.types.length;
      expect(recent).toBe(2);
      const res = await open.inject({ method: 'GET', url: '/api/admin/stats/timings?days=30' });
      expect(res.json().data.types.map((t: { funcType: string }) => t.funcType)).toEqual(['removebg']);
      expect((await open.inject({ method: 'GET', url: '/api/admin/stats/timings?days=0' })).json()).toMatchObject({ resultCode: -102 });
    });

    it('without ADMIN_TOKEN answers loopback requests only, and not proxied ones', async () => {
      expect((await stats({}, open, '127.0.0.1')).statusCode).toBe(200);
      expect((await stats({}, open, '::1')).statusCode).toBe(200);
      const remote = await stats({}, open, '203.0.113.9');
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toMatchObject({ resultCode: -102, data: null, msg: expect.stringContaining('ADMIN_TOKEN') });
      expect((await stats({ 'x-forwarded-for': '203.0.113.9' }, open, '127.0.0.1')).statusCode).toBe(403);
    });

    it('without ADMIN_TOKEN answers nobody, loopback included, when the server is not loopback-only or TRUST_PROXY is set', async () => {
      const exposed = Fastify({ logger: false });
      registerReportRoutes(exposed, { db, adminToken: null, allowLocalAdmin: false });
      await exposed.ready();
      try {
        const res = await stats({}, exposed, '127.0.0.1');
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toMatch(/set ADMIN_TOKEN: the server is reachable beyond this machine/);
      } finally {
        await exposed.close();
      }
      expect(localAdminAllowed({})).toBe(true);
      expect(localAdminAllowed({ HOST: 'localhost' })).toBe(true);
      expect(localAdminAllowed({ HOST: '::1' })).toBe(true);
      expect(localAdminAllowed({ HOST: '0.0.0.0' })).toBe(false);
      expect(localAdminAllowed({ HOST: '192.168.1.5' })).toBe(false);
      expect(localAdminAllowed({ HOST: '127.0.0.1', TRUST_PROXY: '1' })).toBe(false);
    });

    it('with ADMIN_TOKEN wants the token from everyone, loopback included', async () => {
      expect((await stats({}, guarded, '127.0.0.1')).statusCode).toBe(403);
      expect((await stats({ 'x-admin-token': 'wrong' }, guarded, '127.0.0.1')).statusCode).toBe(403);
      const res = await stats({ 'x-admin-token': 's3cret-token' }, guarded, '203.0.113.9');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.types.length).toBeGreaterThan(0);
    });
  });
}
