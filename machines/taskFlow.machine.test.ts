import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../engine/spec/errors';
import type { Envelope } from './taskFlow.types';
import { QUERY, RESULT_PICTURE_REVIEW, SUBMIT, UPLOAD, done, file, okEnv, setup, unfinished } from './taskFlow.testkit';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('task flow machine', () => {
  it('runs upload, submit and query, downloads the result and ends', async () => {
    const t = setup({ replies: [okEnv({ result: { t1: unfinished } }), okEnv({ result: { t1: done('http://host/r.png') } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.submit).toHaveBeenCalledWith(expect.objectContaining({ fileUrls: ['http://host/files/in.jpg'] }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.actor.getSnapshot().value).toBe('completed');
    expect(t.ctx().end).toBe(true);
    expect(t.ctx().steps.every((s) => s.end)).toBe(true);
    expect(t.download).toHaveBeenCalledWith('http://host/r.png');
    expect(t.ctx().taskResults.t1.resultFile).toBeInstanceOf(Blob);
    expect(t.ctx().taskResults.t1.end).toBe(true);
  });

  it('submits the files given at the start without uploading (a free re-composite), again on retry', async () => {
    const t = setup({
      submit: new Error('network down'),
      input: { fileUrls: ['http://host/files/earlier.jpg'], steps: [SUBMIT, QUERY], submitParams: { recompositeOf: 'abc' } },
    });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.upload).not.toHaveBeenCalled();
    expect(t.submit).toHaveBeenLastCalledWith(expect.objectContaining({ fileUrls: ['http://host/files/earlier.jpg'], params: { recompositeOf: 'abc' } }));
    t.actor.send({ type: 'job.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.submit).toHaveBeenCalledTimes(2);
    expect(t.submit).toHaveBeenLastCalledWith(expect.objectContaining({ fileUrls: ['http://host/files/earlier.jpg'] }));
  });

  it('polls every 1 s, and only for unfinished task ids', async () => {
    const t = setup({
      submit: okEnv({ taskList: ['a', 'b'] }),
      replies: [
        okEnv({ result: { a: done('http://host/a.png'), b: unfinished } }),
        okEnv({ result: { b: unfinished } }),
        okEnv({ result: { b: done('http://host/b.png') } }),
      ],
    });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.query).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.query).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.query).toHaveBeenCalledTimes(1);
    expect(t.query.mock.calls[0][0].taskIds).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.query).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.query).toHaveBeenCalledTimes(2);
    expect(t.query.mock.calls[1][0].taskIds).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.query).toHaveBeenCalledTimes(3);
    expect(t.actor.getSnapshot().value).toBe('completed');
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.query).toHaveBeenCalledTimes(3);
  });

  it('asks the server to hold each query one interval, and starts the next one interval after the last started', async () => {
    // A long poll the server held the whole second: the next query starts as soon as it answers.
    const held = setup({
      queryTakesMs: 1000,
      replies: [okEnv({ result: { t1: unfinished } }), okEnv({ result: { t1: unfinished } }), okEnv({ result: { t1: done('http://host/r.png') } })],
    });
    held.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(held.query).toHaveBeenCalledTimes(1);
    expect(held.query.mock.calls[0][0]).toMatchObject({ taskIds: ['t1'], waitMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.query).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.query).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.actor.getSnapshot().value).toBe('completed');
    // A query answered after 300 ms: the next one still waits for the rest of its second.
    const quick = setup({ queryTakesMs: 300, replies: [okEnv({ result: { t1: unfinished } }), okEnv({ result: { t1: done('http://host/r.png') } })] });
    quick.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(quick.query).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(490);
    expect(quick.query).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(quick.query).toHaveBeenCalledTimes(2);
  });

  it('-112 keeps waiting and records the server progress', async () => {
    const t = setup({ replies: [okEnv({ result: { t1: unfinished } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.query).toHaveBeenCalledTimes(5);
    expect(t.actor.getSnapshot().matches({ running: { querying: 'waiting' } })).toBe(true);
    expect(t.ctx().taskResults.t1.progress).toBe(0.5);
    expect(t.ctx().end).toBe(false);
  });

  it('issue 29: a waiting task records its place in the queue, and forgets it once it runs', async () => {
    const queued = { resultCode: ResultCode.GPU_TASK_UNFINISHED, data: { status: 'queued', progress: 0, queueAhead: 3 } };
    const running = { resultCode: ResultCode.GPU_TASK_UNFINISHED, data: { status: 'running', progress: 0.2 } };
    const t = setup({ replies: [okEnv({ result: { t1: queued } }), okEnv({ result: { t1: running } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ctx().taskResults.t1.queueAhead).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ctx().taskResults.t1.queueAhead).toBeNull();
    expect(t.ctx().taskResults.t1.progress).toBe(0.2);
  });

  it('any other code fails the task with GPU_HANDLE_FAILED plus the raw code', async () => {
    const t = setup({ replies: [okEnv({ result: { t1: { resultCode: ResultCode.PRE_PROCESS_FAILED, msg: 'bad' } } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ctx().taskResults.t1.err).toMatchObject({ name: 'GPU_HANDLE_FAILED', code: ResultCode.GPU_HANDLE_FAILED, rawCode: -1004 });
    expect(t.ctx().taskResults.t1.gpuErr).toBe(-1004);
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.ctx().error?.name).toBe('GPU_HANDLE_FAILED');
    expect(t.download).not.toHaveBeenCalled();
  });

  it('a string result is a URL only when it starts with http, otherwise text', async () => {
    const t = setup({ replies: [okEnv({ result: { t1: { resultCode: 100, data: 'a red apple' } } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ctx().taskResults.t1).toMatchObject({ result: 'a red apple', resultFileUrl: null, end: true });
    expect(t.download).not.toHaveBeenCalled();

    const u = setup({ replies: [okEnv({ result: { t1: { resultCode: 100, data: 'https://cdn/x.png' } } })] });
    u.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(u.download).toHaveBeenCalledWith('https://cdn/x.png');
    expect(u.ctx().taskResults.t1.resultFileUrl).toBe('https://cdn/x.png');
  });

  it('an object result with enhanceState 0 is still processing', async () => {
    const t = setup({
      replies: [
        okEnv({ result: { t1: { resultCode: 100, data: { enhanceState: 0 } } } }),
        okEnv({ result: { t1: { resultCode: 100, data: { enhanceState: 1, resultUrl: 'http://host/e.png' } } } }),
      ],
    });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.download).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.download).toHaveBeenCalledWith('http://host/e.png');
    expect(t.actor.getSnapshot().value).toBe('completed');
  });

  it('accepts a single result instead of a map', async () => {
    const t = setup({ replies: [okEnv({ result: done('http://host/one.png') })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.download).toHaveBeenCalledWith('http://host/one.png');
  });

  it('a failed submit ends the job with the server result code', async () => {
    const t = setup({ submit: { resultCode: ResultCode.CREDITS_NOT_ENOUGH, msg: 'no credits', data: null } });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.ctx().error).toMatchObject({ code: ResultCode.CREDITS_NOT_ENOUGH, rawCode: ResultCode.CREDITS_NOT_ENOUGH });
    expect(t.query).not.toHaveBeenCalled();
  });

  it('a failed query gives SERVER_ERROR, whether it answers an error code or throws', async () => {
    for (const reply of [{ resultCode: ResultCode.PARAMS_INVALID, data: null }, new Error('offline')]) {
      const t = setup({ replies: [reply as Envelope<{ result: unknown }>] });
      t.actor.send({ type: 'job.start' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(t.actor.getSnapshot().value).toBe('failed');
      expect(t.ctx().error).toMatchObject({ name: 'SERVER_ERROR', code: ResultCode.SERVER_ERROR });
      await vi.advanceTimersByTimeAsync(3000);
      expect(t.query).toHaveBeenCalledTimes(1);
    }
  });

  it('a failed download gives DOWNLOAD_FAILED on that task', async () => {
    const t = setup({
      download: async () => {
        throw new Error('404');
      },
    });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ctx().taskResults.t1.err).toMatchObject({ name: 'DOWNLOAD_FAILED', code: ResultCode.DOWNLOAD_FAILED });
    expect(t.ctx().taskResults.t1.end).toBe(true);
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.ctx().error?.name).toBe('DOWNLOAD_FAILED');
  });

  it('a job without steps is invalid', async () => {
    const t = setup({ input: { steps: [] } });
    t.actor.send({ type: 'job.start' });
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.ctx().error).toMatchObject({ name: 'PARAMS_INVAILED', code: ResultCode.PARAMS_INVALID });
    expect(t.upload).not.toHaveBeenCalled();
  });

  it('upload without a source file gives PARAMS_INVAILED (single, and zip without files)', async () => {
    for (const input of [{ sourceFile: null }, { sourceFile: null, fileType: 'zip', sourceFiles: [] }]) {
      const t = setup({ input });
      t.actor.send({ type: 'job.start' });
      expect(t.actor.getSnapshot().value).toBe('failed');
      expect(t.ctx().error?.name).toBe('PARAMS_INVAILED');
      expect(t.upload).not.toHaveBeenCalled();
    }
  });

  it('an upload answered with a non-success code fails with that code; a network failure with NETWORK_ERROR', async () => {
    const t = setup({ upload: { resultCode: ResultCode.PARAMS_INVALID, msg: 'not an image', data: null } });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().error).toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'not an image' });
    expect(t.submit).not.toHaveBeenCalled();
    const n = setup({ upload: new Error('offline') });
    n.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(n.ctx().error?.name).toBe('NETWORK_ERROR');
  });

  it('sends batch and zip uploads with every source file', async () => {
    const files = [file, file];
    const t = setup({ input: { sourceFile: null, sourceFiles: files, steps: [UPLOAD] } });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.upload.mock.calls[0][0]).toMatchObject({ input: { mode: 'batch', files } });
    const z = setup({ input: { sourceFile: null, sourceFiles: [file], fileType: 'zip', steps: [UPLOAD] } });
    z.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(z.upload.mock.calls[0][0]).toMatchObject({ input: { mode: 'zip' } });
  });

  it('without a query step the job ends right after the steps', async () => {
    const t = setup({ input: { steps: [UPLOAD, SUBMIT] } });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().value).toBe('completed');
    expect(t.ctx().taskIds).toEqual(['t1']);
    expect(t.query).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retry clears the end flag and the error and runs the job again', async () => {
    const t = setup({ replies: [okEnv({ result: { t1: { resultCode: -1003 } } }), okEnv({ result: { t1: done('http://host/r.png') } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.ctx().end).toBe(true);
    t.actor.send({ type: 'job.retry' });
    expect(t.ctx().end).toBe(false);
    expect(t.ctx().error).toBeNull();
    expect(t.ctx().steps.some((s) => s.end)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.upload).toHaveBeenCalledTimes(2);
    expect(t.submit).toHaveBeenCalledTimes(2);
    expect(t.actor.getSnapshot().value).toBe('completed');
  });

  it('cancel stops polling, leaves no timer and asks the server to cancel', async () => {
    const t = setup({ replies: [okEnv({ result: { t1: unfinished } })] });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(2500);
    expect(t.query).toHaveBeenCalledTimes(2);
    t.actor.send({ type: 'job.cancel' });
    expect(t.actor.getSnapshot().value).toBe('cancelled');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.query).toHaveBeenCalledTimes(2);
    expect(t.cancelServerTasks).toHaveBeenCalledWith({ taskIds: ['t1'] });
  });

  it('result picture review: a rejected result loses its URL; a failed review call passes', async () => {
    const steps = [UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW];
    const t = setup({ input: { steps }, review: async () => ({ compliant: false }) });
    t.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ctx().taskResults.t1).toMatchObject({ resultFileUrl: null, resultFile: null, end: true });
    expect(t.ctx().taskResults.t1.err?.name).toBe('CONTENT_REVIEW_PICTURE_NON_COMPLIANCE');
    const p = setup({
      input: { steps },
      review: async () => {
        throw new Error('review down');
      },
    });
    p.actor.send({ type: 'job.start' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.ctx().taskResults.t1.err).toBeNull();
    expect(p.ctx().taskResults.t1.resultFile).toBeInstanceOf(Blob);
    expect(p.actor.getSnapshot().value).toBe('completed');
  });
});
