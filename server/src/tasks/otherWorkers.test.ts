/**
 * Issue 30, item 15: a held status call re-reads the database only for tasks another process may end; this
 * process's own ends wake it from the in-process signal (taskEnds). Fake timers and counted reads, no clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { OTHER_WORKERS_CACHE_MS, OtherWorkers } from './otherWorkers';
import { taskEnds } from './taskEnds';
import type { TaskRecord } from './taskRepository';
import { STATUS_WAIT_RECHECK_MS, TaskService } from './taskService';

const task = (over: Partial<TaskRecord>): TaskRecord => ({
  id: 't1',
  type: 'removebg',
  status: 'queued',
  progress: 0,
  params: {},
  owner: 'me',
  jobId: null,
  resultUrl: null,
  resultCode: null,
  errorMsg: null,
  attempts: 0,
  workerId: null,
  ...over,
});

describe('OtherWorkers', () => {
  it('never asks the embedded database (one process) and caches the answer elsewhere for a while', async () => {
    const pglite = { kind: 'pglite' as const, query: vi.fn() };
    expect(await new OtherWorkers(pglite as never, 'me').alive()).toBe(false);
    expect(pglite.query).not.toHaveBeenCalled();

    let now = 0;
    const pg = { kind: 'postgres' as const, query: vi.fn(async () => ({ rows: [{ alive: true }] })) };
    const others = new OtherWorkers(pg as never, 'me', () => now);
    expect(await Promise.all([others.alive(), others.alive(), others.alive()])).toEqual([true, true, true]);
    now += OTHER_WORKERS_CACHE_MS - 1;
    await others.alive();
    expect(pg.query).toHaveBeenCalledTimes(1); // one statement per server per period, not per held call
    now += 1;
    await others.alive();
    expect(pg.query).toHaveBeenCalledTimes(2);
  });

  it('a task may end elsewhere when another worker runs it, or while queued with other workers alive or none here', async () => {
    const none = { kind: 'postgres' as const, query: async () => ({ rows: [{ alive: false }] }) };
    const some = { kind: 'postgres' as const, query: async () => ({ rows: [{ alive: true }] }) };
    const here = new OtherWorkers(none as never, 'me');
    expect(await here.mayEndElsewhere([task({ status: 'running', workerId: 'me' })])).toBe(false);
    expect(await here.mayEndElsewhere([task({ status: 'queued' })])).toBe(false);
    expect(await here.mayEndElsewhere([task({ status: 'running', workerId: 'other' })])).toBe(true);
    expect(await new OtherWorkers(some as never, 'me').mayEndElsewhere([task({ status: 'queued' })])).toBe(true);
    expect(await new OtherWorkers(none as never, null).mayEndElsewhere([task({ status: 'queued' })])).toBe(true);
  });
});

describe('held status call (TaskService.status with waitMs)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function service(elsewhere: boolean) {
    let current = task({ status: 'running', workerId: 'me' });
    const getMany = vi.fn(async () => new Map([[current.id, current]]));
    const svc = new TaskService({
      tasks: { getMany } as never,
      queue: { ahead: async () => new Map() } as never,
      storage: {} as never,
      processors: {},
      access: {} as never,
      otherWorkers: { mayEndElsewhere: async () => elsewhere },
    });
    return { svc, getMany, end: () => (current = { ...current, status: 'done', resultUrl: '/files/r.png', resultCode: 100 }) };
  }

  it('reads a task this process runs twice in a 5 s hold (at the start and the end), not every 0.5 s', async () => {
    const { svc, getMany } = service(false);
    const reply = svc.status(['t1'], (p) => p, 'me', { ms: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect((await reply).t1?.resultCode).toBe(ResultCode.GPU_TASK_UNFINISHED);
    expect(getMany).toHaveBeenCalledTimes(2);
    expect(taskEnds.waiting).toBe(0);
  });

  it('answers as soon as this process announces the end, with one more read', async () => {
    const { svc, getMany, end } = service(false);
    const reply = svc.status(['t1'], (p) => p, 'me', { ms: 5000 });
    await vi.advanceTimersByTimeAsync(1200);
    end();
    taskEnds.announce(['t1']);
    await vi.advanceTimersByTimeAsync(0);
    expect((await reply).t1?.resultCode).toBe(ResultCode.SUCCESS);
    expect(getMany).toHaveBeenCalledTimes(2);
  });

  it(`re-reads every ${STATUS_WAIT_RECHECK_MS} ms while the task may end in another process`, async () => {
    const { svc, getMany } = service(true);
    const reply = svc.status(['t1'], (p) => p, 'me', { ms: 2000 });
    await vi.advanceTimersByTimeAsync(2000);
    await reply;
    expect(getMany).toHaveBeenCalledTimes(1 + 2000 / STATUS_WAIT_RECHECK_MS);
  });

  it('a queued task still waiting at the end of the hold is answered from the first read with its place now (one read)', async () => {
    const queued = task({ status: 'queued', jobId: 'j1' });
    const getMany = vi.fn(async () => new Map([[queued.id, queued]]));
    let place = 7;
    const svc = new TaskService({
      tasks: { getMany } as never,
      queue: { ahead: async (ids: string[]) => new Map(ids.map((id) => [id, place])) } as never,
      storage: {} as never,
      processors: {},
      access: {} as never,
      otherWorkers: { mayEndElsewhere: async () => false },
    });
    const reply = svc.status(['t1'], (p) => p, 'me', { ms: 5000 });
    place = 3; // jobs ahead started meanwhile
    await vi.advanceTimersByTimeAsync(5000);
    expect((await reply).t1).toMatchObject({ resultCode: ResultCode.GPU_TASK_UNFINISHED, data: { status: 'queued', queueAhead: 3 } });
    expect(getMany).toHaveBeenCalledTimes(1);
  });

  it('a queued task whose job left the queue during the hold (started) is read again', async () => {
    let current = task({ status: 'queued', jobId: 'j1' });
    const getMany = vi.fn(async () => new Map([[current.id, current]]));
    let waiting = true;
    const svc = new TaskService({
      tasks: { getMany } as never,
      queue: { ahead: async (ids: string[]) => new Map(waiting ? ids.map((id) => [id, 0] as const) : []) } as never,
      storage: {} as never,
      processors: {},
      access: {} as never,
      otherWorkers: { mayEndElsewhere: async () => false },
    });
    const reply = svc.status(['t1'], (p) => p, 'me', { ms: 5000 });
    await vi.advanceTimersByTimeAsync(1000);
    waiting = false;
    current = { ...current, status: 'running', progress: 0.2, workerId: 'me' };
    await vi.advanceTimersByTimeAsync(4000);
    expect((await reply).t1).toMatchObject({ data: { status: 'running', progress: 0.2 } });
    expect(getMany).toHaveBeenCalledTimes(2);
  });
});
