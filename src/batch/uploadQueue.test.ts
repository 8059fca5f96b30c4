import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddItemsReply, BatchItemStatus } from '../../engine/spec/batch';
import { createUploadQueue } from './uploadQueue';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const itemFor = (name: string) => ({ itemId: `id-${name}`, name, status: 'user_upload' }) as BatchItemStatus;
const reply = (files: Array<{ name: string }>) => ({ items: files.map((f) => itemFor(f.name)), skipped: [], batch: {} }) as unknown as AddItemsReply;

describe('batch upload queue', () => {
  it('sends photos that start together in one request and gives each its own item', async () => {
    const send = vi.fn(async (_b: string, files: Array<{ name: string }>) => reply(files));
    const q = createUploadQueue(send, { maxFiles: 2 });
    const results = Promise.all(['a', 'b', 'c'].map((n) => q.add('b1', new Blob(['x']), n, () => undefined)));
    await vi.advanceTimersByTimeAsync(30);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map((c) => c[1].map((f) => f.name))).toEqual([['a', 'b'], ['c']]);
    expect((await results).map((i) => i.itemId)).toEqual(['id-a', 'id-b', 'id-c']);
  });

  it('sends each photo with its key, so a photo sent again after a reload is not added twice', async () => {
    const send = vi.fn(async (_b: string, files: Array<{ name: string; key?: string }>) => reply(files));
    const q = createUploadQueue(send);
    const results = Promise.all([q.add('b1', new Blob(['x']), 'a', () => undefined, 'local-1'), q.add('b1', new Blob(['y']), 'b', () => undefined, 'local-2')]);
    await vi.advanceTimersByTimeAsync(30);
    expect(send.mock.calls[0]![1].map((f) => f.key)).toEqual(['local-1', 'local-2']);
    await results;
  });

  it('tries a rate-limited request again with a doubling delay, and passes other refusals on', async () => {
    let n = 0;
    const send = vi.fn(async (_b: string, files: Array<{ name: string }>) => {
      if (n++ < 2) throw Object.assign(new Error('busy'), { code: 1000003 });
      return reply(files);
    });
    const q = createUploadQueue(send);
    const one = q.add('b1', new Blob(['x']), 'a', () => undefined);
    await vi.advanceTimersByTimeAsync(30 + 1000 + 2000);
    expect(send).toHaveBeenCalledTimes(3);
    expect((await one).itemId).toBe('id-a');

    const bad = createUploadQueue(async () => {
      throw Object.assign(new Error('full'), { code: -102 });
    });
    const refused = bad.add('b1', new Blob(['x']), 'z', () => undefined);
    const caught = refused.catch((e) => e);
    await vi.advanceTimersByTimeAsync(30);
    expect((await caught).code).toBe(-102);
  });
});
