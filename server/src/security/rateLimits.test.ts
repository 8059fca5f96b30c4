import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';
import { loadLimitSettings, NO_LIMITS } from '../config/limitsConfig';
import { bucketOf } from './rateLimits';
import { passesUnderPressure } from './loadShedding';

/** Finding 6 of issue 16: one client can no longer fill the queue or flood the server. */
describe('rate limits and the per-client queue cap', () => {
  const target = databaseTargets()[0];
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let photo: Buffer;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, {
      workers: 0, // tasks stay queued, so the queue cap is reached
      limits: {
        ...NO_LIMITS,
        uploadsPerDevice: 4,
        uploadsPerAddress: 6,
        tasksPerDevice: 50,
        maxActiveTasksPerClient: 3,
        apiPerAddress: 100,
        reportsPerAddress: 2,
      },
    });
    photo = await readPhoto('chelsea');
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const upload = (device: string | null, remoteAddress: string) => {
    const body = multipart([{ name: 'file', value: photo, filename: 'a.jpg', type: 'image/jpeg' }]);
    return server.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...body,
      remoteAddress,
      headers: { ...body.headers, ...(device ? { 'x-device-id': device } : {}) },
    });
  };

  it('answers uploads over the per-device limit with 429, 1000003 and Retry-After; another device goes on', async () => {
    const device = 'device-aaaaaaaaaaaaaaaa';
    for (let i = 0; i < 4; i++) expect((await upload(device, '203.0.113.1')).json().resultCode).toBe(100);
    const over = await upload(device, '203.0.113.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      resultCode: ResultCode.SERVICE_UNAVAILABLE,
      msg: expect.stringMatching(/too many uploads from this device; try again in \d+ s/),
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await upload('device-bbbbbbbbbbbbbbbb', '203.0.113.1')).json().resultCode).toBe(100);
  });

  it('limits per address too, so rotating device ids does not help', async () => {
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await upload(`rotating-device-${String(i).padStart(8, '0')}`, '203.0.113.2')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const over = await upload('rotating-device-fresh0000', '203.0.113.2');
    expect(over.json().msg).toMatch(/from this address/);
    // Another address is not affected.
    expect((await upload(null, '203.0.113.3')).statusCode).toBe(200);
  });

  it('caps the unfinished tasks of one client with a clear message, and counts only unfinished ones', async () => {
    const device = 'queue-device-0123456789';
    const fileUrl = (await upload(device, '203.0.113.4')).json().data.fileUrl;
    const submit = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/task/removebg',
        payload: { imgUrl: fileUrl },
        remoteAddress: '203.0.113.4',
        headers: { 'x-device-id': device },
      });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await submit()).json().data.taskId);
    const capped = await submit();
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ resultCode: ResultCode.SERVICE_UNAVAILABLE, msg: expect.stringMatching(/already have 3 tasks waiting or running/) });
    await server.app.inject({
      method: 'POST',
      url: '/api/task/cancel',
      payload: { taskId: ids[0] },
      remoteAddress: '203.0.113.4',
      headers: { 'x-device-id': device },
    });
    expect((await submit()).json().resultCode).toBe(100);
  });

  it('health and readiness probes never count against the address budget, nor meet it (issue 30 item 11)', async () => {
    const ip = '203.0.113.9';
    // A monitor polling from the users' address: far more probes than the budget of 100 calls.
    for (let i = 0; i < 150; i++) {
      const probe = await server.app.inject({ method: 'GET', url: i % 2 ? '/api/health' : '/api/ready', remoteAddress: ip });
      expect(probe.statusCode).not.toBe(429);
    }
    // The users behind that address still have their whole budget.
    const answers = [];
    for (let i = 0; i < 100; i++)
      answers.push((await server.app.inject({ method: 'POST', url: '/api/credits/balance', payload: {}, remoteAddress: ip })).statusCode);
    expect(answers.filter((code) => code === 429)).toEqual([]);
    expect((await server.app.inject({ method: 'POST', url: '/api/credits/balance', payload: {}, remoteAddress: ip })).statusCode).toBe(429);
    // And with the budget spent, the monitor still gets its answer.
    expect((await server.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode).toBe(200);
  });

  it('limits the analytics reports with the same answer as every other limit', async () => {
    const report = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/report/event',
        remoteAddress: '203.0.113.5',
        payload: { url: '/api/upload', errorCode: -1000, errorMsg: 'offline' },
      });
    expect((await report()).json().resultCode).toBe(100);
    expect((await report()).json().resultCode).toBe(100);
    const over = await report();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ resultCode: ResultCode.SERVICE_UNAVAILABLE, msg: expect.stringMatching(/too many reports from this address/) });
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('sorts calls into buckets: uploads, task submits and detections are stricter; polls and cancels are not', () => {
    expect(bucketOf('POST', '/api/upload/batch')).toBe('uploads');
    expect(bucketOf('POST', '/api/task/removebg')).toBe('tasks');
    expect(bucketOf('POST', '/api/detect/subject')).toBe('tasks');
    expect(bucketOf('POST', '/api/dist/submit')).toBeNull(); // its forwarded /api/task/… call counts
    expect(bucketOf('POST', '/api/report/event')).toBe('reports');
    expect(bucketOf('POST', '/api/task/removebg/status')).toBeNull();
    expect(bucketOf('POST', '/api/task/cancel?taskId=1')).toBeNull();
    expect(bucketOf('GET', '/api/download')).toBeNull();
  });

  it('reads every limit from the environment, and refuses malformed values by name', () => {
    const settings = loadLimitSettings({ RATE_LIMIT_TASKS_DEVICE: '7', RATE_LIMIT_UPLOADS: '0', TASK_QUEUE_MAX_PER_CLIENT: '9', PRESSURE_MAX_RSS_MB: '512' });
    expect(settings).toMatchObject({ tasksPerDevice: 7, uploadsPerAddress: 0, maxActiveTasksPerClient: 9, maxRssBytes: 512 * 1024 * 1024, windowMs: 60_000 });
    expect(loadLimitSettings({}).maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(() => loadLimitSettings({ RATE_LIMIT_API: 'lots' })).toThrow(/RATE_LIMIT_API must be a non-negative integer/);
  });
});

describe('load shedding', () => {
  const target = databaseTargets()[0];
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;

  beforeAll(async () => {
    store = await target.make();
    // Any heap use is "too much": the server is permanently under pressure.
    server = await startTestServer(store, { workers: 0, limits: { ...NO_LIMITS, maxHeapUsedBytes: 1, pressureSampleMs: 50 } });
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('refuses new work with 503, 1000003 and Retry-After, but still answers health probes and status polls', async () => {
    const shed = await server.app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl: '/files/x.png' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toMatchObject({ resultCode: ResultCode.SERVICE_UNAVAILABLE, msg: expect.stringMatching(/overloaded/) });
    expect(shed.headers['retry-after']).toBe('10');
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).not.toBe(503);
    const poll = await server.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId: 'abc' } });
    expect(poll.statusCode).toBe(200);
    expect(passesUnderPressure('POST', '/api/task/removebg/status')).toBe(true);
    expect(passesUnderPressure('POST', '/api/upload')).toBe(false);
  });
});
