import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import { assetMachine, assetStatusOf, type AssetInput, type SubmitAssetInput } from './asset.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, code: number) => new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error(`code ${code}`), { code })), ms));
const photo = new Blob(['jpeg'], { type: 'image/jpeg' });

function start(input: Partial<AssetInput> = {}, effects: { upload?: () => Promise<{ fileUrl: string }>; submit?: () => Promise<{ itemId: string }> } = {}) {
  const calls = { upload: vi.fn(), submit: vi.fn<(input: SubmitAssetInput) => void>(), cancel: vi.fn() };
  const machine = assetMachine.provide({
    actors: {
      upload: fromPromise(async ({ input: i }) => {
        calls.upload(i.name);
        i.onProgress(0.5);
        return (effects.upload ?? (() => later(100, { fileUrl: '/files/uploads/a.jpg' })))();
      }),
      submit: fromPromise(async ({ input: i }) => {
        calls.submit(i);
        return (effects.submit ?? (() => later(50, { itemId: 'item-1' })))();
      }),
    },
    actions: { cancelServerItem: (_, p) => calls.cancel(p) },
  });
  const actor = createActor(machine, { input: { id: 'p1', name: 'a.jpg', file: photo, ...input } }).start();
  const status = () => assetStatusOf(actor.getSnapshot().value);
  return { actor, status, calls, ctx: () => actor.getSnapshot().context };
}

describe('asset machine (SPEC §4 asset statuses)', () => {
  it('none → user_upload → processing (submit, then the server\'s word) → completed', async () => {
    const t = start({ overrides: { color: '#ff0000' } });
    expect(t.status()).toBe('none');
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    expect(t.status()).toBe('user_upload');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().uploadProgress).toBe(0.5);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.actor.getSnapshot().matches({ processing: 'submitting' })).toBe(true);
    expect(t.calls.submit).toHaveBeenCalledWith({ batchId: 'b1', fileUrl: '/files/uploads/a.jpg', name: 'a.jpg', overrides: { color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(50);
    expect(t.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(t.ctx().itemId).toBe('item-1');
    t.actor.send({ type: 'asset.update', update: { status: 'processing', progress: 0.4 } });
    expect(t.status()).toBe('processing');
    expect(t.ctx().progress).toBe(0.4);
    t.actor.send({ type: 'asset.update', update: { status: 'completed', resultUrl: '/files/results/a.png' } });
    expect(t.status()).toBe('completed');
    expect(t.ctx()).toMatchObject({ resultUrl: '/files/results/a.png', progress: 1, attempts: 1, error: null });
  });

  it('a failed upload is failed with its code; retry → retry → uploads again', async () => {
    let n = 0;
    const t = start({}, { upload: () => (n++ === 0 ? failAfter(30, ResultCode.NETWORK_ERROR) : later(30, { fileUrl: '/f/a.jpg' })) });
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
    expect(t.status()).toBe('processing');
    expect(t.calls.upload).toHaveBeenCalledTimes(2);
    expect(t.ctx().attempts).toBe(2);
  });

  it('a refused submit is failed with the server\'s code; a retry skips the upload the server already has', async () => {
    let n = 0;
    const t = start({}, { submit: () => (n++ === 0 ? failAfter(10, ResultCode.CREDITS_NOT_ENOUGH) : later(10, { itemId: 'item-2' })) });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(110);
    expect(t.status()).toBe('failed');
    expect(t.ctx().error?.code).toBe(ResultCode.CREDITS_NOT_ENOUGH);
    t.actor.send({ type: 'asset.retry' });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    expect(t.status()).toBe('processing');
    await vi.advanceTimersByTimeAsync(10);
    expect(t.ctx().itemId).toBe('item-2');
    expect(t.calls.upload).toHaveBeenCalledTimes(1);
    expect(t.calls.submit).toHaveBeenCalledTimes(2);
  });

  it('the server failing the item is failed with its reason, and retry submits it again', async () => {
    const t = start();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(150);
    t.actor.send({ type: 'asset.update', update: { status: 'failed', error: { code: ResultCode.PARAMS_INVALID, message: 'not an image' } } });
    expect(t.status()).toBe('failed');
    expect(t.ctx().error).toEqual({ code: ResultCode.PARAMS_INVALID, message: 'not an image' });
    t.actor.send({ type: 'asset.retry' });
    expect(t.ctx().itemId).toBeNull();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(50);
    expect(t.calls.submit).toHaveBeenCalledTimes(2);
    // a failure without a reason reads as a server error
    t.actor.send({ type: 'asset.update', update: { status: 'failed' } });
    expect(t.ctx().error?.code).toBe(ResultCode.SERVER_ERROR);
  });

  it('cancel from none, user_upload, processing (the server is told) and retry ends failed, marked cancelled', async () => {
    const a = start();
    a.actor.send({ type: 'asset.cancel' });
    expect(a.status()).toBe('failed');
    expect(a.ctx().error?.cancelled).toBe(true);

    const b = start();
    b.actor.send({ type: 'asset.start', batchId: 'b1' });
    b.actor.send({ type: 'asset.cancel' });
    expect(b.status()).toBe('failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(b.calls.submit).not.toHaveBeenCalled();

    const c = start();
    c.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(150);
    c.actor.send({ type: 'asset.cancel' });
    expect(c.status()).toBe('failed');
    expect(c.calls.cancel).toHaveBeenCalledWith({ batchId: 'b1', itemId: 'item-1' });
    // news of a cancelled item no longer moves it
    c.actor.send({ type: 'asset.update', update: { status: 'completed', resultUrl: '/r.png' } });
    expect(c.status()).toBe('failed');

    c.actor.send({ type: 'asset.retry' });
    expect(c.status()).toBe('retry');
    c.actor.send({ type: 'asset.cancel' });
    expect(c.status()).toBe('failed');
    expect(c.ctx().error?.cancelled).toBe(true);
  });

  it('completed runs again with new overrides (rerun → retry → processing)', async () => {
    const t = start({ overrides: { scale: 2 } });
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(150);
    t.actor.send({ type: 'asset.update', update: { status: 'completed', resultUrl: '/r1.png' } });
    t.actor.send({ type: 'asset.rerun', overrides: { scale: 4 } });
    expect(t.status()).toBe('retry');
    expect(t.ctx().resultUrl).toBeNull();
    t.actor.send({ type: 'asset.start', batchId: 'b1' });
    await vi.advanceTimersByTimeAsync(50);
    expect(t.calls.submit).toHaveBeenLastCalledWith(expect.objectContaining({ overrides: { scale: 4 } }));
  });

  it('per-photo overrides merge while waiting', () => {
    const t = start({ overrides: { color: '#000000' } });
    t.actor.send({ type: 'asset.override', overrides: { image: '/bg.jpg' } });
    expect(t.ctx().overrides).toEqual({ color: '#000000', image: '/bg.jpg' });
  });

  it('restores an item the server has: completed, failed or still processing (after a page reload)', () => {
    const done = start({ file: null, restore: { itemId: 'i1', fileUrl: '/f.jpg', update: { status: 'completed', resultUrl: '/r.png' } } });
    expect(done.status()).toBe('completed');
    const failed = start({ file: null, restore: { itemId: 'i2', fileUrl: '/f.jpg', update: { status: 'failed', error: { code: ResultCode.GPU_HANDLE_FAILED } } } });
    expect(failed.status()).toBe('failed');
    const running = start({ file: null, restore: { itemId: 'i3', fileUrl: '/f.jpg', update: { status: 'processing', progress: 0.3 } } });
    expect(running.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(running.ctx().progress).toBe(0.3);
  });

  it('a failed photo with neither its file nor an upload (lost in a reload) stays failed on retry', () => {
    const t = start({ file: null, restore: { itemId: 'i9', fileUrl: null, update: { status: 'failed', error: { code: ResultCode.NETWORK_ERROR } } } });
    t.actor.send({ type: 'asset.retry' });
    expect(t.status()).toBe('failed');
    expect(t.ctx().error?.message).toBe('file lost');
  });
});
