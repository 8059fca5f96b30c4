/**
 * Issue 30, item 15: besides the per-owner cap, a server holds at most MAX_HELD_STATUS_PER_SERVER status calls at
 * once; past it a call is answered at once (waitMs treated as 0). The service is a stand-in that records the wait
 * each call was given and holds it until the test lets go: no clock is read.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TaskService } from '../tasks/taskService';
import { MAX_HELD_STATUS_PER_SERVER, registerTaskRoutes } from './taskRoutes';

describe('held status calls per server', () => {
  it('answers calls beyond the server-wide cap at once, whichever owner sends them, and holds again once one ends', async () => {
    const given: number[] = [];
    const release: Array<() => void> = [];
    const service = {
      status: (_ids: string[], _abs: unknown, _owner: string, wait: { ms: number } = { ms: 0 }) => {
        given.push(wait.ms);
        if (wait.ms === 0) return Promise.resolve({});
        return new Promise((resolve) => release.push(() => resolve({})));
      },
    } as unknown as TaskService;
    const app = Fastify();
    registerTaskRoutes(app, { service, absolute: () => '', maxHeldPerServer: 3 });
    const call = (device: string) =>
      app.inject({ method: 'POST', url: '/api/task/status', headers: { 'x-device-id': device }, payload: { taskId: 'abc', waitMs: 1000 } });
    // Three owners (one call each, far under the per-owner cap) fill the server's three places.
    const held = ['device-aaaaaaaaaaaaaaaa1', 'device-aaaaaaaaaaaaaaaa2', 'device-aaaaaaaaaaaaaaaa3'].map(call);
    while (release.length < 3) await new Promise((r) => setImmediate(r));
    expect((await call('device-aaaaaaaaaaaaaaaa4')).statusCode).toBe(200);
    expect(given).toEqual([1000, 1000, 1000, 0]);
    release.shift()!();
    await held[0];
    const again = call('device-aaaaaaaaaaaaaaaa5');
    while (release.length < 3) await new Promise((r) => setImmediate(r));
    expect(given.at(-1)).toBe(1000);
    for (const r of release.splice(0)) r();
    await Promise.all([...held, again]);
    expect(MAX_HELD_STATUS_PER_SERVER).toBeGreaterThanOrEqual(200);
    await app.close();
  });
});
