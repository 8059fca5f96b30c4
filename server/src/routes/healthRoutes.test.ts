import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';
import { registerHealthRoutes } from './healthRoutes';

const [pglite] = databaseTargets();

describe('health, readiness and request ids', () => {
  let store: Awaited<ReturnType<typeof pglite.make>>;
  let server: TestServer;
  beforeAll(async () => {
    store = await pglite.make();
    server = await startTestServer(store, { workers: 1 });
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('/api/health says the process is alive', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resultCode: ResultCode.SUCCESS, data: { status: 'alive', database: 'pglite' } });
  });

  it('/api/ready checks the database and the queue', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      resultCode: ResultCode.SUCCESS,
      data: { ready: true, checks: { database: { ok: true }, queue: { ok: true } } },
    });
  });

  it('/api/ready answers 503 while the models load, after a failed load and during shutdown', async () => {
    let models: { state: 'loading' | 'ready' | 'failed'; models: string[]; error?: string } = { state: 'loading', models: [] };
    let stopping = false;
    const app = Fastify();
    registerHealthRoutes(app, { db: server.runtime.db, queue: server.runtime.queue, workers: 1, tools: [], models: () => models, stopping: () => stopping });
    const ready = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      return { status: res.statusCode, body: res.json() };
    };
    expect(await ready()).toMatchObject({
      status: 503,
      body: { resultCode: ResultCode.SERVICE_UNAVAILABLE, data: { checks: { models: { ok: false, detail: 'loading' } } } },
    });
    models = { state: 'failed', models: [], error: 'model file missing' };
    expect((await ready()).body.data.checks.models.detail).toBe('failed: model file missing');
    models = { state: 'ready', models: ['isnet'] };
    expect((await ready()).status).toBe(200);
    stopping = true;
    expect(await ready()).toMatchObject({ status: 503, body: { data: { checks: { shutdown: { ok: false } } } } });
    await app.close();
  });

  it('echoes a well-formed X-Request-Id and gives every other request a fresh one', async () => {
    const given = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    const forged = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
  });
});
