import { describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import type { Processor } from './processor';
import { TaskService } from './taskService';

/** A service whose storage, queue and ledger record what reached them: a refused submit must reach none. */
function service() {
  const calls = {
    enqueue: vi.fn(async () => 'job'),
    create: vi.fn(async () => ({ rank: 0 })),
    keyFor: vi.fn(async () => 'uploads/web/a.png'),
    createMany: vi.fn(async (_tasks: unknown[], withTasks: (ids: string[], q: unknown) => Promise<void>) => withTasks([], {}).then(() => [0])),
    enqueueMany: vi.fn(async () => undefined),
  };
  const processor = (async () => ({ body: Buffer.alloc(0), contentType: 'image/png', extension: 'png' })) as Processor;
  const svc = new TaskService({
    tasks: { create: calls.create, createMany: calls.createMany, setJobId: async () => undefined, countActive: async () => 0 } as never,
    queue: { enqueue: calls.enqueue, enqueueMany: calls.enqueueMany } as never,
    storage: { exists: async () => true } as never,
    processors: { bgblur: processor, picenhance: processor, aiextend: processor },
    access: { keyFor: calls.keyFor } as never,
  });
  return { svc, calls };
}

describe('TaskService.submit checks params against the task table', () => {
  it.each([
    ['bgblur', { strength: 101 }, 'strength must be 0..100'],
    ['picenhance', { efMode: 'Max' }, 'efMode must be one of Slight, Balance, Strong'],
    ['aiextend', { ratio: 'custom', width: 800 }, 'a custom size needs width and height'],
  ])('%s %j → PARAMS_INVALID before anything is charged or queued', async (type, params, message) => {
    const { svc, calls } = service();
    await expect(svc.submit(type, { imgUrl: '/files/uploads/web/a.png', ...params }, 'owner')).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message,
    });
    expect(calls.keyFor).not.toHaveBeenCalled();
    expect(calls.create).not.toHaveBeenCalled();
    expect(calls.enqueue).not.toHaveBeenCalled();
  });

  it('queues a submit whose params pass, storing them as sent', async () => {
    const { svc, calls } = service();
    await expect(svc.submit('bgblur', { imgUrl: '/files/uploads/web/a.png', strength: 80 }, 'owner')).resolves.toMatch(/^[0-9a-f]{32}$/);
    expect(calls.create).toHaveBeenCalledWith(expect.objectContaining({ type: 'bgblur', params: { strength: 80, inputKey: 'uploads/web/a.png' } }), undefined, {
      maxActive: 0,
    });
    expect(calls.enqueue).toHaveBeenCalledOnce();
  });

  it('records the job id with the task, and queues the job under that id (no statement after queueing)', async () => {
    const setJobId = vi.fn(async () => undefined);
    const calls = {
      enqueue: vi.fn(async (_type: string, _data: unknown, jobId?: string) => jobId ?? 'other'),
      create: vi.fn(async (_task: { jobId?: string }) => ({ rank: 0 })),
    };
    const svc = new TaskService({
      tasks: { create: calls.create, setJobId, countActive: async () => 0 } as never,
      queue: { enqueue: calls.enqueue } as never,
      storage: { exists: async () => true } as never,
      processors: { bgblur: (async () => ({ body: Buffer.alloc(0), contentType: 'image/png', extension: 'png' })) as Processor },
      access: { keyFor: async () => 'uploads/web/a.png' } as never,
    });
    const taskId = await svc.submit('bgblur', { imgUrl: '/files/uploads/web/a.png' }, 'owner');
    const jobId = calls.create.mock.calls[0][0].jobId;
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.enqueue).toHaveBeenCalledWith('bgblur', { taskId }, jobId, 0);
    expect(setJobId).not.toHaveBeenCalled();
  });
});

describe('TaskService.submitChecked (batch items) checks params against the task table too', () => {
  it.each([
    ['picenhance', { efMode: 'Max' }, 'efMode must be one of Slight, Balance, Strong'],
    ['picenhance', { scale: 3 }, 'scale must be 2 or 4'],
    ['bgblur', { strength: 101 }, 'strength must be 0..100'],
  ])('%s %j → PARAMS_INVALID, nothing recorded, charged or queued', async (type, params, message) => {
    const { svc, calls } = service();
    const withTask = vi.fn(async () => undefined);
    await expect(svc.submitChecked(type, { inputKey: 'uploads/web/a.png', ...params }, 'owner', null, withTask)).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message,
    });
    expect(calls.create).not.toHaveBeenCalled();
    expect(withTask).not.toHaveBeenCalled();
    expect(calls.enqueue).not.toHaveBeenCalled();
  });

  it('refuses an unknown type and queues a batch item whose params pass', async () => {
    const { svc, calls } = service();
    await expect(svc.submitChecked('noSuchTool', { inputKey: 'k' }, 'owner')).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    await expect(svc.submitChecked('picenhance', { inputKey: 'uploads/web/a.png', efMode: 'Strong', scale: 2 }, 'owner')).resolves.toMatch(/^[0-9a-f]{32}$/);
    expect(calls.enqueue).toHaveBeenCalledOnce();
  });
});

describe("TaskService.submitManyFree (bulk resize) checks every photo's params by the same rule", () => {
  const good = { inputKey: 'uploads/batch/a.jpg', mode: 'longestSide', longestSide: 640, format: 'jpg', quality: 85 };
  it.each([
    [{ ...good, quality: 0 }, 'quality'],
    [{ ...good, mode: 'sideways' }, 'mode'],
    [{ inputKey: 'uploads/batch/a.jpg' }, 'mode is required'],
  ])('one bad photo among good ones (%j) → PARAMS_INVALID, nothing recorded or queued', async (bad, message) => {
    const { svc, calls } = service();
    const withTasks = vi.fn(async () => undefined);
    await expect(svc.submitManyFree('batchEdit', [good, bad, good], 'owner', withTasks)).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: expect.stringContaining(message),
    });
    expect(calls.createMany).not.toHaveBeenCalled();
    expect(withTasks).not.toHaveBeenCalled();
    expect(calls.enqueueMany).not.toHaveBeenCalled();
  });

  it('refuses an unknown type with PARAMS_INVALID and queues photos whose params pass', async () => {
    const { svc, calls } = service();
    await expect(svc.submitManyFree('noSuchTool', [good], 'owner', async () => undefined)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    const ids = await svc.submitManyFree('batchEdit', [good, good], 'owner', async () => undefined);
    expect(ids).toHaveLength(2);
    expect(calls.createMany).toHaveBeenCalledOnce();
    expect(calls.enqueueMany).toHaveBeenCalledOnce();
  });
});

describe('TaskService.submit: a re-composite of a finished result on the same photo is free (issue 29)', () => {
  function charged(source: Record<string, unknown> | null) {
    const chargeForTask = vi.fn(async (_payer: string, _task: unknown, record: (q: unknown) => Promise<void>) => {
      await record({});
      return {};
    });
    const create = vi.fn(async () => ({ rank: 0 }));
    const processor = (async () => ({ body: Buffer.alloc(0), contentType: 'image/png', extension: 'png' })) as Processor;
    const svc = new TaskService({
      tasks: { create, countActive: async () => 0, get: async () => source } as never,
      queue: { enqueue: async () => 'job' } as never,
      storage: { exists: async () => true } as never,
      processors: { changebg: processor, bgblur: processor, picenhance: processor },
      access: { keyFor: async () => 'uploads/web/a.png' } as never,
      charging: { chargeForTask } as never,
    });
    return { svc, chargeForTask, create };
  }
  const done = { id: 'a'.repeat(32), type: 'changebg', owner: 'owner', status: 'done', params: { inputKey: 'uploads/web/a.png' } };
  const body = { imgUrl: '/files/uploads/web/a.png', bgType: 'color', color: '#112233' };

  it('charges the first run, not a re-run that names it', async () => {
    const { svc, chargeForTask, create } = charged(done);
    await svc.submit('changebg', body, 'owner', 'payer');
    expect(chargeForTask).toHaveBeenCalledTimes(1);
    await svc.submit('changebg', { ...body, recompositeOf: done.id }, 'owner', 'payer');
    expect(chargeForTask).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['another owner', { ...done, owner: 'someone' }],
    ['another photo', { ...done, params: { inputKey: 'uploads/web/b.png' } }],
    ['an unfinished task', { ...done, status: 'running' }],
    ['a task that is not a re-composite', { ...done, type: 'picenhance' }],
    ['an unknown id', null],
  ])('refuses %s with PARAMS_INVALID, charging and queueing nothing', async (_name, source) => {
    const { svc, chargeForTask, create } = charged(source as Record<string, unknown> | null);
    await expect(svc.submit('changebg', { ...body, recompositeOf: done.id }, 'owner', 'payer')).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    expect(chargeForTask).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('a changebg of the photo a finished blur cut out is free too: the cut-out is paid once, whichever tool made it', async () => {
    const { svc, chargeForTask, create } = charged({ ...done, type: 'bgblur' });
    await svc.submit('changebg', { imgUrl: '/files/uploads/web/a.png', bgType: 'transparent', recompositeOf: done.id }, 'owner', 'payer');
    expect(chargeForTask).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('a type that is a new AI pass cannot be re-composited', async () => {
    const { svc } = charged({ ...done, type: 'picenhance' });
    await expect(svc.submit('picenhance', { imgUrl: '/files/uploads/web/a.png', recompositeOf: done.id }, 'owner', 'payer')).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: 'recompositeOf: picenhance results cannot be re-composited',
    });
  });
});
