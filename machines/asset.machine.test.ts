import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import { assetMachine, assetStatusOf, type AssetInput, type AssetUpdate, type RequeueAssetInput, type UploadedItem } from './asset.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, code: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error(`code ${code}`), { code })), ms));
const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
const uploaded = (update: AssetUpdate = { status: 'user_upload' }): UploadedItem => ({ itemId: 'item-1', fileUrl: '/u/a.jpg', update });

function start(input: Partial<AssetInput> = {}, effects: { upload?: () => Promise<UploadedItem>; requeue?: () => Promise<{ runs: number }> } = {}) {
  const calls = { upload: vi.fn(), requeue: vi.fn<(input: RequeueAssetInput) => void>() };
  const machine = assetMachine.provide({
    actors: {
      upload: fromPromise(async ({ input: i }) => {
        calls.upload({ batchId: i.batchId, name: i.name, overrides: i.overrides });
        i.onProgress(0.5);
        return (effects.upload ?? (() => later(100, uploaded())))();
      }),
      requeue: fromPromise(async ({ input: i }) => {
        calls.requeue(i);
        return (effects.requeue ?? (() => later(20, { runs: 2 })))();
      }),
    },
  });
  const actor = createActor(machine, { input: { id: 'p1', name: 'a.jpg', file: photo, ...input } }).start();
  const status = () => assetStatusOf(actor.getSnapshot().value);
  const update = (u: AssetUpdate) => actor.send({ type: 'asset.update', update: u });
  return { actor, status, calls, update, ctx: () => actor.getSnapshot().context };
}

describe('asset machine (SPEC §4 asset statuses)', () => {
  it('none → user_upload (upload into the batch, then wait to be queued) → processing → completed', async () => {
    const t = start({ overrides: { bgColor: '#ff0000' } });
    expect(t.status()).toBe('none');
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    expect(t.actor.getSnapshot().matches({ user_upload: 'uploading' })).toBe(true);
    expect(t.calls.upload).toHaveBeenCalledWith({ batchId: 'b1', name: 'a.jpg', overrides: { bgColor: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().uploadProgress).toBe(0.5);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.actor.getSnapshot().matches({ user_upload: 'uploaded' })).toBe(true);
    expect(t.ctx()).toMatchObject({ itemId: 'item-1', fileUrl: '/u/a.jpg', uploadProgress: 1 });
    t.update({ status: 'user_upload' });
    expect(t.status()).toBe('user_upload');
    t.update({ status: 'processing', progress: 0.4, runs: 1 });
    expect(t.status()).toBe('processing');
    expect(t.ctx()).toMatchObject({ progress: 0.4, runs: 1 });
    t.update({ status: 'processing', progress: 0.7, runs: 1 });
    expect(t.ctx().progress).toBe(0.7);
    t.update({ status: 'completed', resultUrl: '/r/a.png', runs: 1 });
    expect(t.status()).toBe('completed');
    expect(t.ctx()).toMatchObject({ resultUrl: '/r/a.png', progress: 1, attempts: 1, error: null });
  });

  it('uploaded into a started batch it is processing at once', async () => {
    const t = start({}, { upload: () => later(10, uploaded({ status: 'processing', runs: 1 })) });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(t.ctx().runs).toBe(1);
  });

  it('the server can go straight from user_upload to completed or failed (a fast worker between two polls)', async () => {
    const t = start();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    t.update({ status: 'failed', error: { code: ResultCode.GPU_HANDLE_FAILED } });
    expect(t.status()).toBe('failed');
    const u = start();
    u.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    u.update({ status: 'completed', resultUrl: '/r.png' });
    expect(u.status()).toBe('completed');
  });

  it('a failed upload is failed with its code; retry → retry → uploads again', async () => {
    let n = 0;
    const t = start({}, { upload: () => (n++ === 0 ? failAfter(30, ResultCode.NETWORK_ERROR) : later(30, uploaded())) });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(30);
    expect(t.status()).toBe('failed');
    expect(t.ctx().error).toMatchObject({ code: ResultCode.NETWORK_ERROR });
    t.actor.send({ type: 'asset.retry' });
    expect(t.status()).toBe('retry');
    expect(t.ctx().error).toBeNull();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    expect(t.status()).toBe('user_upload');
    await vi.advanceTimersByTimeAsync(30);
    expect(t.actor.getSnapshot().matches({ user_upload: 'uploaded' })).toBe(true);
    expect(t.calls.upload).toHaveBeenCalledTimes(2);
    expect(t.ctx().attempts).toBe(2);
  });

  it("a photo the server refuses (not an image) is failed with the server's reason", async () => {
    const t = start({}, { upload: () => later(10, uploaded({ status: 'failed', error: { code: ResultCode.PARAMS_INVALID, message: 'not an image' } })) });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.status()).toBe('failed');
    expect(t.ctx().error).toEqual({ code: ResultCode.PARAMS_INVALID, message: 'not an image' });
    expect(t.ctx().itemId).toBe('item-1');
  });

  it('retry of an item the server has re-queues it (no second upload); news of the old run is ignored', async () => {
    const t = start();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    t.update({ status: 'failed', runs: 1, error: { code: ResultCode.GPU_HANDLE_FAILED, message: 'model crashed' } });
    expect(t.ctx().error?.message).toBe('model crashed');
    t.actor.send({ type: 'asset.retry' });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    expect(t.actor.getSnapshot().matches({ processing: 'requeueing' })).toBe(true);
    expect(t.calls.requeue).toHaveBeenCalledWith({ batchId: 'b1', itemId: 'item-1', overrides: {} });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(t.ctx().runs).toBe(2);
    t.update({ status: 'failed', runs: 1, error: { code: ResultCode.GPU_HANDLE_FAILED } });
    expect(t.status()).toBe('processing');
    t.update({ status: 'completed', runs: 2, resultUrl: '/r2.png' });
    expect(t.status()).toBe('completed');
    expect(t.calls.upload).toHaveBeenCalledTimes(1);
    // a failure without a reason reads as a server error
    const u = start();
    u.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    u.update({ status: 'failed' });
    expect(u.ctx().error?.code).toBe(ResultCode.SERVER_ERROR);
  });

  it('a refused re-queue (credits not enough) is failed with that code', async () => {
    const t = start({}, { requeue: () => failAfter(5, ResultCode.CREDITS_NOT_ENOUGH) });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    t.update({ status: 'failed', runs: 1 });
    t.actor.send({ type: 'asset.retry' });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(5);
    expect(t.status()).toBe('failed');
    expect(t.ctx().error?.code).toBe(ResultCode.CREDITS_NOT_ENOUGH);
  });

  it('cancel from none, user_upload, processing and retry ends failed, marked cancelled', async () => {
    const a = start();
    a.actor.send({ type: 'asset.cancel' });
    expect(a.status()).toBe('failed');
    expect(a.ctx().error?.cancelled).toBe(true);

    const b = start();
    b.actor.send({ type: 'asset.start', batchId: 'b1' });
    b.actor.send({ type: 'asset.cancel' });
    expect(b.status()).toBe('failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(b.ctx().itemId).toBeNull(); // the upload's answer no longer lands

    const c = start();
    c.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    c.update({ status: 'processing', runs: 1 });
    c.actor.send({ type: 'asset.cancel' });
    expect(c.status()).toBe('failed');
    c.update({ status: 'completed', resultUrl: '/r.png', runs: 1 });
    expect(c.status()).toBe('failed');

    c.actor.send({ type: 'asset.retry' });
    expect(c.status()).toBe('retry');
    c.actor.send({ type: 'asset.cancel' });
    expect(c.status()).toBe('failed');
    expect(c.ctx().error?.cancelled).toBe(true);
  });

  it('completed runs again with new overrides (rerun → retry → re-queued with them)', async () => {
    const t = start({ overrides: { scale: 2 } });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(100);
    t.update({ status: 'completed', resultUrl: '/r1.png', runs: 1 });
    t.actor.send({ type: 'asset.rerun', overrides: { scale: 4 } });
    expect(t.status()).toBe('retry');
    expect(t.ctx().resultUrl).toBeNull();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    expect(t.calls.requeue).toHaveBeenLastCalledWith(expect.objectContaining({ overrides: { scale: 4 } }));
  });

  it('a finished photo whose result the user replaced (refine) shows the new result and stays completed', () => {
    const t = start({ file: null, restore: { itemId: 'i1', fileUrl: '/f.jpg', update: { status: 'completed', resultUrl: '/r1.png', runs: 1 } } });
    t.actor.send({ type: 'asset.resultReplaced', resultUrl: '/refined.png' });
    expect(t.status()).toBe('completed');
    expect(t.ctx().resultUrl).toBe('/refined.png');
    // Not finished: nothing to replace.
    const running = start({ file: null, restore: { itemId: 'i2', fileUrl: '/f.jpg', update: { status: 'processing', progress: 0.3, runs: 1 } } });
    running.actor.send({ type: 'asset.resultReplaced', resultUrl: '/refined.png' });
    expect(running.ctx().resultUrl).toBeNull();
  });

  it('per-photo overrides are replaced as a whole (an empty set goes back to the batch settings)', () => {
    const t = start({ overrides: { bgColor: '#000000' } });
    t.actor.send({ type: 'asset.override', overrides: { bgType: 'color', bgColor: '#ffffff' } });
    expect(t.ctx().overrides).toEqual({ bgType: 'color', bgColor: '#ffffff' });
    t.actor.send({ type: 'asset.override', overrides: {} });
    expect(t.ctx().overrides).toEqual({});
  });

  it('restores an item the server has: completed, failed, processing, or uploaded (after a page reload)', () => {
    const restore = (update: AssetUpdate) => start({ file: null, restore: { itemId: 'i1', fileUrl: '/f.jpg', update } });
    expect(restore({ status: 'completed', resultUrl: '/r.png', runs: 1 }).status()).toBe('completed');
    expect(restore({ status: 'failed', error: { code: ResultCode.GPU_HANDLE_FAILED }, runs: 1 }).status()).toBe('failed');
    const running = restore({ status: 'processing', progress: 0.3, runs: 1 });
    expect(running.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(running.ctx().progress).toBe(0.3);
    expect(restore({ status: 'user_upload', runs: 0 }).actor.getSnapshot().matches({ user_upload: 'uploaded' })).toBe(true);
  });

  it('a photo lost in a reload before the server had it stays failed on retry', () => {
    const t = start({ file: null });
    t.actor.send({ type: 'asset.cancel' });
    t.actor.send({ type: 'asset.retry' });
    expect(t.status()).toBe('failed');
    expect(t.ctx().error?.message).toBe('file lost');
  });
});
