import { describe, expect, it } from 'vitest';
import type { BatchItemStatus, BatchStatus } from '../../engine/spec/batch';
import { restoredItems, updateOf } from './itemUpdate';

const item = (over: Partial<BatchItemStatus>): BatchItemStatus => ({
  itemId: 'i1',
  index: 0,
  name: 'a.jpg',
  outputName: 'a-nobg.png',
  status: 'processing',
  progress: 0.5,
  resultCode: -112,
  reason: null,
  inputUrl: 'http://h/u/a.jpg',
  resultUrl: null,
  override: null,
  runs: 1,
  key: null,
  ...over,
});

describe('batch item updates', () => {
  it('maps processing, retry (queued again), completed and failed', () => {
    expect(updateOf(item({}))).toEqual({ status: 'processing', progress: 0.5, resultUrl: null, runs: 1, error: null });
    expect(updateOf(item({ status: 'retry', runs: 2 })).status).toBe('processing');
    expect(updateOf(item({ status: 'completed', progress: 1, resultCode: 100, resultUrl: 'http://h/r.png' }))).toMatchObject({
      status: 'completed',
      resultUrl: 'http://h/r.png',
      error: null,
    });
    expect(updateOf(item({ status: 'failed', resultCode: -102, reason: 'not an image' })).error).toEqual({ code: -102, message: 'not an image' });
    expect(updateOf(item({ status: 'failed', resultCode: -101, reason: 'cancelled' })).error?.cancelled).toBe(true);
  });

  it('rebuilds a batch for the batch machine', () => {
    const batch = { items: [item({ status: 'user_upload', runs: 0 })] } as BatchStatus;
    expect(restoredItems(batch)).toEqual([
      { id: 'i1', name: 'a.jpg', itemId: 'i1', fileUrl: 'http://h/u/a.jpg', update: expect.objectContaining({ status: 'user_upload' }), key: null },
    ]);
  });
});
