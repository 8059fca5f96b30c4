import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import type { AssetUpdate } from './asset.machine';
import { assetStatusOf } from './asset.machine';
import { BATCH_MAX_PHOTOS, batchAsset, batchMachine, type BatchInput, type NewPhoto } from './batch.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const photos = (n: number, from = 0): NewPhoto[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, name: `photo${from + i}.jpg`, file: new Blob(['x']) }));

/** A fake server: uploads take 100 ms; `server` holds what the poll answers per item; start queues every uploaded item. */
function start(input: Partial<BatchInput> = {}, options: { create?: () => Promise<{ batchId: string }>; pollFails?: () => boolean } = {}) {
  const server = new Map<string, AssetUpdate>();
  let started = false;
  const calls = { upload: vi.fn(), requeue: vi.fn(), poll: vi.fn(), cancelBatch: vi.fn(), create: vi.fn(), start: vi.fn() };
  let uploading = 0;
  let maxUploading = 0;
  const machine = batchMachine.provide({
    actors: {
      asset: batchAsset.provide({
        actors: {
          upload: fromPromise(async ({ input: i }) => {
            calls.upload({ name: i.name, overrides: i.overrides, started });
            maxUploading = Math.max(maxUploading, ++uploading);
            await later(100, null);
            uploading--;
            const itemId = `item-${i.name}`;
            const update: AssetUpdate = started ? { status: 'processing', progress: 0, runs: 1 } : { status: 'user_upload', runs: 0 };
            server.set(itemId, update);
            return { itemId, fileUrl: `/u/${i.name}`, update };
          }),
          requeue: fromPromise(async ({ input: i }) => {
            calls.requeue(i);
            await later(10, null);
            const runs = (server.get(i.itemId)?.runs ?? 1) + 1;
            server.set(i.itemId, { status: 'processing', progress: 0, runs });
            return { runs };
          }),
        },
      }),
      createBatch: fromPromise(async ({ input: i }) => {
        calls.create(i);
        return (options.create ?? (() => later(20, { batchId: 'b1' })))();
      }),
      startBatch: fromPromise(async ({ input: i }) => {
        calls.start(i.batchId);
        await later(10, null);
        started = true;
        for (const [id, u] of server) if (u.status === 'user_upload') server.set(id, { status: 'processing', progress: 0, runs: 1 });
        return null;
      }),
      poll: fromPromise(async ({ input: i }) => {
        calls.poll(i.batchId);
        if (options.pollFails?.()) throw Object.assign(new Error('down'), { code: ResultCode.NETWORK_ERROR });
        return { items: [...server].map(([itemId, update]) => ({ itemId, update })) };
      }),
    },
    actions: { cancelServerBatch: (_, p) => calls.cancelBatch(p.batchId) },
  });
  const actor = createActor(machine, { input: { tool: 'removebg', ...input } }).start();
  const statuses = () => actor.getSnapshot().context.assets.map((a) => assetStatusOf(a.ref.getSnapshot().value));
  const finish = (name: string, update: AssetUpdate = { status: 'completed', resultUrl: `/r/${name}.png` }) =>
    server.set(`item-${name}`, { runs: server.get(`item-${name}`)?.runs ?? 1, ...update });
  return {
    actor,
    calls,
    server,
    statuses,
    finish,
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
    maxUploading: () => maxUploading,
  };
}

describe('batch machine', () => {
  it(`takes photos up to ${BATCH_MAX_PHOTOS} and says how many it left out; removes one while idle`, () => {
    const t = start();
    t.actor.send({ type: 'batch.add', photos: photos(60) });
    t.actor.send({ type: 'batch.add', photos: photos(50, 60) });
    expect(t.ctx().assets).toHaveLength(BATCH_MAX_PHOTOS);
    expect(t.ctx().refused).toBe(10);
    expect(t.ctx().counts.none).toBe(100);
    t.actor.send({ type: 'batch.remove', id: 'p0' });
    expect(t.ctx().assets).toHaveLength(99);
    expect(t.ctx().assets[0]!.id).toBe('p1');
    expect(t.state()).toBe('idle');
  });

  it('does not start without photos', () => {
    const t = start();
    t.actor.send({ type: 'batch.start' });
    expect(t.state()).toBe('idle');
    expect(t.calls.create).not.toHaveBeenCalled();
  });

  it('creates the batch with its settings, uploads at most `limit` photos at once, polls every 1 s and finishes', async () => {
    const t = start({ limit: 2, settings: { color: '#00ff00' } });
    t.actor.send({ type: 'batch.add', photos: photos(5) });
    t.actor.send({ type: 'batch.start' });
    expect(t.state()).toBe('creating');
    expect(t.calls.create).toHaveBeenCalledWith({ tool: 'removebg', settings: { color: '#00ff00' } });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.ctx().batchId).toBe('b1');
    expect(t.statuses()).toEqual(['user_upload', 'user_upload', 'none', 'none', 'none']);
    await vi.advanceTimersByTimeAsync(110);
    // two uploaded (waiting to be queued), the next two uploading; the batch is started once some photo is there
    expect(t.statuses()).toEqual(['user_upload', 'user_upload', 'user_upload', 'user_upload', 'none']);
    expect(t.calls.upload.mock.calls.map((c) => c[0].name)).toEqual(['photo0.jpg', 'photo1.jpg', 'photo2.jpg', 'photo3.jpg']);
    await vi.advanceTimersByTimeAsync(20);
    expect(t.calls.start).toHaveBeenCalledWith('b1');
    expect(t.ctx().started).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    // uploaded after the start: queued by the server at once
    expect(t.statuses()).toEqual(['user_upload', 'user_upload', 'processing', 'processing', 'processing']);
    expect(t.maxUploading()).toBe(2);
    expect(t.calls.start).toHaveBeenCalledTimes(1);
    // the first poll one second after the run began (t = 20 ms), then one a second
    expect(t.calls.poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(590);
    expect(t.calls.poll).toHaveBeenCalledTimes(1);
    expect(t.statuses().every((s) => s === 'processing')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.calls.poll).toHaveBeenCalledTimes(2);

    t.finish('photo0.jpg');
    t.finish('photo1.jpg');
    t.server.set('item-photo2.jpg', { status: 'processing', progress: 0.5 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.statuses().slice(0, 2)).toEqual(['completed', 'completed']);
    expect(t.ctx().counts.completed).toBe(2);
    // 2 whole + one at 0.2 + 0.8 × 0.5 + two submitted at 0.2 → (2 + 0.6 + 0.4) / 5
    expect(t.ctx().progress).toBeCloseTo(0.6);
    expect(t.ctx().etaMs).toBeGreaterThan(0);

    for (const n of [2, 3, 4]) t.finish(`photo${n}.jpg`);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
    expect(t.ctx().progress).toBe(1);
    expect(t.ctx().etaMs).toBe(0);
    const after = t.calls.poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.calls.poll.mock.calls.length).toBe(after);
  });

  it('time remaining follows the rate seen so far', async () => {
    const t = start({ limit: 4 });
    t.actor.send({ type: 'batch.add', photos: photos(4) });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(900);
    expect(t.ctx().etaMs).toBeNull(); // under a second: too early to tell
    await vi.advanceTimersByTimeAsync(200);
    expect(t.ctx().etaMs).not.toBeNull();
    t.finish('photo0.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    // about 2 s for 0.4 of the work (uploads) + 0.2 more: the rest takes about as long again
    const eta = t.ctx().etaMs!;
    expect(eta).toBeGreaterThan(500);
    expect(eta).toBeLessThan(5000);
  });

  it('a refused batch creation goes back to idle with the code', async () => {
    const t = start(
      {},
      {
        create: () =>
          later(5, null).then(() => {
            throw Object.assign(new Error('x'), { code: ResultCode.CREDITS_NOT_ENOUGH });
          }),
      },
    );
    t.actor.send({ type: 'batch.add', photos: photos(2) });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(5);
    expect(t.state()).toBe('idle');
    expect(t.ctx().errorCode).toBe(ResultCode.CREDITS_NOT_ENOUGH);
  });

  it('one failed photo does not stop the rest; retry one, then retry all failed', async () => {
    const t = start({ limit: 3 });
    t.actor.send({ type: 'batch.add', photos: photos(3) });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(200);
    t.finish('photo0.jpg', { status: 'failed', error: { code: ResultCode.PARAMS_INVALID, message: 'not an image' } });
    t.finish('photo1.jpg', { status: 'failed', error: { code: ResultCode.GPU_HANDLE_FAILED } });
    t.finish('photo2.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
    expect(t.ctx().counts).toMatchObject({ completed: 1, failed: 2 });

    t.server.clear();
    t.actor.send({ type: 'batch.retry', id: 'p0' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.state()).toMatchObject({ running: expect.anything() });
    expect(t.statuses()[0]).toBe('processing');
    expect(t.calls.upload).toHaveBeenCalledTimes(3); // the server has it: no second upload
    await vi.advanceTimersByTimeAsync(20);
    t.finish('photo0.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
    expect(t.statuses()).toEqual(['completed', 'failed', 'completed']);

    t.actor.send({ type: 'batch.retryFailed' });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.statuses()[1]).toBe('processing');
    t.finish('photo1.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
    expect(t.ctx().counts.completed).toBe(3);
  });

  it('re-runs one finished photo with its own overrides', async () => {
    const t = start({ limit: 1 });
    t.actor.send({ type: 'batch.add', photos: photos(1) });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(200);
    t.finish('photo0.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
    t.actor.send({ type: 'batch.rerun', id: 'p0', overrides: { color: '#123456' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.calls.requeue).toHaveBeenLastCalledWith({ batchId: 'b1', itemId: 'item-photo0.jpg', overrides: { color: '#123456' } });
    await vi.advanceTimersByTimeAsync(10);
    t.finish('photo0.jpg', { status: 'completed', resultUrl: '/r/again.png', runs: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
    expect(t.ctx().assets[0]!.ref.getSnapshot().context.resultUrl).toBe('/r/again.png');
  });

  it('per-photo overrides travel with that photo only, and the batch starts only once they are on the server', async () => {
    const t = start({ limit: 1 });
    t.actor.send({ type: 'batch.add', photos: photos(3) });
    t.actor.send({ type: 'batch.override', id: 'p2', overrides: { scale: 4 } });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(250);
    expect(t.calls.start).not.toHaveBeenCalled(); // p2 with its override is still to come
    await vi.advanceTimersByTimeAsync(200);
    expect(t.calls.upload.mock.calls.map((c) => c[0])).toEqual([
      { name: 'photo0.jpg', overrides: {}, started: false },
      { name: 'photo1.jpg', overrides: {}, started: false },
      { name: 'photo2.jpg', overrides: { scale: 4 }, started: false },
    ]);
    expect(t.calls.start).toHaveBeenCalledTimes(1);
  });

  it('cancel stops every unfinished photo, tells the server, keeps the finished ones', async () => {
    const t = start({ limit: 1 });
    t.actor.send({ type: 'batch.add', photos: photos(3) });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(150);
    t.finish('photo0.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.statuses()[0]).toBe('completed');
    t.actor.send({ type: 'batch.cancel' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.state()).toBe('done');
    expect(t.calls.cancelBatch).toHaveBeenCalledWith('b1');
    expect(t.statuses()).toEqual(['completed', 'failed', 'failed']);
    expect(
      t
        .ctx()
        .assets.slice(1)
        .every((a) => a.ref.getSnapshot().context.error?.cancelled),
    ).toBe(true);
    const uploads = t.calls.upload.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.calls.upload.mock.calls.length).toBe(uploads);
    // cancelled photos can be started again
    t.actor.send({ type: 'batch.retryFailed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.state()).toMatchObject({ running: expect.anything() });
  });

  it('a failed poll is tried again at the next tick (server restarting)', async () => {
    let down = true;
    const t = start({ limit: 1 }, { pollFails: () => down });
    t.actor.send({ type: 'batch.add', photos: photos(1) });
    t.actor.send({ type: 'batch.start' });
    await vi.advanceTimersByTimeAsync(150);
    t.finish('photo0.jpg');
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.statuses()).toEqual(['user_upload']);
    down = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state()).toBe('done');
  });

  it('resumes a batch the server has after a page reload, and a finished one is done at once', async () => {
    const t = start({
      resume: {
        batchId: 'b7',
        started: true,
        items: [
          { id: 'i1', name: 'a.jpg', itemId: 'item-a.jpg', fileUrl: '/u/a.jpg', update: { status: 'completed', resultUrl: '/r/a.png' } },
          { id: 'i2', name: 'b.jpg', itemId: 'item-b.jpg', fileUrl: '/u/b.jpg', update: { status: 'processing', runs: 1 } },
        ],
      },
    });
    expect(t.state()).toMatchObject({ running: { poller: 'waiting' } });
    expect(t.ctx().progress).toBeCloseTo(0.6);
    t.finish('b.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.calls.poll).toHaveBeenCalledWith('b7');
    expect(t.state()).toBe('done');

    const u = start({
      resume: {
        batchId: 'b8',
        started: true,
        items: [{ id: 'i1', name: 'a.jpg', itemId: 'x', fileUrl: null, update: { status: 'completed', resultUrl: '/r.png' } }],
      },
    });
    expect(u.state()).toBe('done');
  });

  it('a batch reloaded before the server started it is started, with the photos the server has', async () => {
    const t = start({
      resume: {
        batchId: 'b9',
        started: false,
        items: [{ id: 'i1', name: 'a.jpg', itemId: 'item-a.jpg', fileUrl: '/u/a.jpg', update: { status: 'user_upload', runs: 0 } }],
      },
    });
    t.server.set('item-a.jpg', { status: 'user_upload', runs: 0 });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.calls.start).toHaveBeenCalledWith('b9');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.statuses()).toEqual(['processing']);
  });

  it('uploads the photos a reload interrupted (kept in the browser) into the resumed batch, and finishes with them', async () => {
    const t = start({
      limit: 2,
      resume: {
        batchId: 'b10',
        started: true,
        items: [{ id: 'i1', name: 'a.jpg', itemId: 'item-a.jpg', fileUrl: '/u/a.jpg', update: { status: 'completed', resultUrl: '/r/a.png' } }],
        pending: photos(3),
      },
    });
    expect(t.ctx().assets.map((a) => a.id)).toEqual(['i1', 'p0', 'p1', 'p2']);
    expect(t.statuses()).toEqual(['completed', 'user_upload', 'user_upload', 'none']);
    await vi.advanceTimersByTimeAsync(250);
    expect(t.calls.upload.mock.calls.map(([c]) => c.name)).toEqual(['photo0.jpg', 'photo1.jpg', 'photo2.jpg']);
    // The batch was started before the reload: the server queues them as they arrive; no second start.
    expect(t.calls.start).not.toHaveBeenCalled();
    for (const n of ['photo0.jpg', 'photo1.jpg', 'photo2.jpg']) t.finish(n);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.statuses()).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(t.state()).toBe('done');
  });

  it("shows a kept photo whose upload landed just before the reload once, as the server's item, and does not send it again", async () => {
    const t = start({
      limit: 2,
      resume: {
        batchId: 'b11',
        started: true,
        items: [{ id: 'i1', name: 'photo0.jpg', itemId: 'item-photo0.jpg', fileUrl: '/u/0.jpg', update: { status: 'processing' }, key: 'p0' }],
        pending: photos(2),
      },
    });
    expect(t.ctx().assets.map((a) => a.id)).toEqual(['i1', 'p1']);
    await vi.advanceTimersByTimeAsync(250);
    expect(t.calls.upload.mock.calls.map(([c]) => c.name)).toEqual(['photo1.jpg']);
  });
});
