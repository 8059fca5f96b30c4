import { randomUUID } from 'node:crypto';
import type { TaskStatusData, TaskStatusEntry as SharedStatusEntry } from '../../../engine/spec/api';
import { ResultCode } from '../../../engine/spec/errors';
import { UNSUPPORTED_FUNCTION_TYPE, isTaskType } from '../../../engine/spec/taskTypes';
import { TEXT_ONLY_TASK_TYPES } from '../../../engine/spec/generation';
import { TASKS, parseTaskParams } from '../../../engine/spec/tasks';
import { RECOMPOSITE_FIELD, RECOMPOSITE_TASK_TYPES, taskCost } from '../../../engine/spec/commerce';
import { ApiError, paramsInvalid } from '../envelope';
import type { Queryable } from '../db/database';
import type { JobQueue } from '../queue/jobQueue';
import { priorityForRank } from '../queue/lanes';
import type { FileStorage } from '../storage/storage';
import { fileUrlsIn, type FileAccess } from '../security/fileAccess';
import type { Processor } from './processor';
import type { OtherWorkers } from './otherWorkers';
import { taskEnds } from './taskEnds';
import type { TaskRecord, TaskRepository } from './taskRepository';

/**
 * Records the charge of a task in the transaction that records the task (accounts/ implements it in service mode).
 * Declared here, by the one that calls it, so the task core needs nothing of accounts/.
 */
export interface TaskChargeRecorder {
  chargeForTask(
    payer: string,
    task: { id: string; type: string; params?: Record<string, unknown> },
    insertTask: (tx: Queryable) => Promise<void>,
  ): Promise<unknown>;
}

/**
 * How often a waiting status request re-reads its tasks while one of them may end in another process (a worker
 * there cannot wake it), which bounds how late it learns of their results. Tasks only this process can end are
 * not re-read: its workers wake the request at once (taskEnds.ts, OtherWorkers).
 */
export const STATUS_WAIT_RECHECK_MS = 500;

const allUnfinished = (result: Record<string, TaskStatusEntry>) => Object.values(result).every((entry) => entry.resultCode === ResultCode.GPU_TASK_UNFINISHED);

/** Per-task entry of the status reply (SPEC §7, engine/spec/api.ts) as this server writes it. */
export type TaskStatusEntry = SharedStatusEntry & { msg: string; data: TaskStatusData | null };

/** Submit, status and cancel of tasks: the part of the API that talks to the queue. */

export class TaskService {
  constructor(
    private readonly deps: {
      tasks: TaskRepository;
      queue: JobQueue;
      storage: FileStorage;
      processors: Partial<Record<string, Processor>>;
      /** Checks that every file a task reads belongs to its submitter (security/fileAccess.ts). */
      access: FileAccess;
      /** Unfinished tasks one owner may have at once; 0 = no cap. */
      maxActivePerOwner?: number;
      /** Credits: the task is recorded in the same transaction as its charge (1010103 when short). */
      charging?: TaskChargeRecorder;
      /** Whether a task may end in another process (held status calls re-read only then); default: always. */
      otherWorkers?: Pick<OtherWorkers, 'mayEndElsewhere'>;
    },
  ) {}

  /**
   * Validates a submit payload, records the task for `owner` (security/requestOwner.ts), charges `payer`
   * (an account or a visitor's device, accounts/) in the same transaction, and queues it. Every file the
   * payload names (imgUrl, masks, backgrounds…) must be the owner's upload or result. Returns the new task id.
   */
  async submit(type: string, body: unknown, owner: string, payer: string | null = null): Promise<string> {
    if (!isTaskType(type)) throw paramsInvalid(UNSUPPORTED_FUNCTION_TYPE);
    if (!this.deps.processors[type]) {
      // Diffusion features run on an external ComfyUI server (models.md): say so instead of "not yet".
      const message =
        TASKS[type].runsOn === 'generation'
          ? `${type} needs an image generation server (ComfyUI, COMFYUI_URL) and none is configured`
          : `${type} is not available on this server yet`;
      throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, message);
    }
    // A generative type without its server says so before anything is charged or queued.
    const reason = this.deps.processors[type]?.unavailable?.();
    if (reason) throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, reason);
    const payload = (body ?? {}) as Record<string, unknown>;
    const imgUrl = payload.imgUrl;
    // Text-to-image types make a picture from the prompt alone: imgUrl is optional for them.
    const textOnly = TEXT_ONLY_TASK_TYPES.includes(type) && (imgUrl === undefined || imgUrl === null || imgUrl === '');
    if (!textOnly && (typeof imgUrl !== 'string' || imgUrl === '')) throw paramsInvalid('imgUrl is required');
    if (textOnly && (typeof payload.prompt !== 'string' || payload.prompt.trim() === '')) throw paramsInvalid('prompt is required');
    // Every type's params are checked against the task table before any file is looked up, charged or queued.
    checkTaskParams(type, payload);
    const inputKey = textOnly ? null : await this.deps.access.keyFor(owner, imgUrl as string, 'imgUrl');
    if (inputKey && !(await this.deps.storage.exists(inputKey))) throw paramsInvalid('imgUrl points to a file that no longer exists');
    for (const { name, url } of fileUrlsIn(payload)) {
      if (name !== 'imgUrl') await this.deps.access.keyFor(owner, url, name);
    }
    const { imgUrl: _omit, ...rest } = payload;
    // A re-composite of a finished result on the same photo (other colour, blur strength) is free.
    const free = await this.isFreeRecomposite(type, payload[RECOMPOSITE_FIELD], inputKey, owner);
    // Text-to-image tasks have no input file. The per-owner queue cap is checked where the task is recorded, in
    // the charge's transaction under the owner's lock (TaskRepository.create), so concurrent submits cannot pass it.
    return this.recordAndQueue(type, inputKey ? { ...rest, inputKey } : rest, owner, free ? null : payer, undefined, this.deps.maxActivePerOwner ?? 0);
  }

  /**
   * True when `recompositeOf` names `owner`'s finished re-composite task (RECOMPOSITE_TASK_TYPES) on the same stored
   * photo: the photo's cut-out is paid for, so new options cost nothing (issue 29), whichever re-composite tool made
   * it (the blur's refine panel starts from a transparent changebg of its photo).
   * Absent: false (an ordinary, charged submit). Present but not such a task: PARAMS_INVALID, never a silent charge.
   */
  private async isFreeRecomposite(type: string, recompositeOf: unknown, inputKey: string | null, owner: string): Promise<boolean> {
    if (recompositeOf === undefined || recompositeOf === null || recompositeOf === '') return false;
    if (!(RECOMPOSITE_TASK_TYPES as readonly string[]).includes(type)) throw paramsInvalid(`${RECOMPOSITE_FIELD}: ${type} results cannot be re-composited`);
    if (typeof recompositeOf !== 'string') throw paramsInvalid(`${RECOMPOSITE_FIELD} must be a task id`);
    const source = await this.deps.tasks.get(recompositeOf);
    const paidCutout = source && source.owner === owner && (RECOMPOSITE_TASK_TYPES as readonly string[]).includes(source.type) && source.status === 'done';
    if (!paidCutout || !inputKey || source.params.inputKey !== inputKey) {
      throw paramsInvalid(`${RECOMPOSITE_FIELD}: no finished ${RECOMPOSITE_TASK_TYPES.join(' or ')} task of yours on this photo`);
    }
    return true;
  }

  /**
   * Records, charges and queues a task whose files were already checked to be `owner`'s (`params.inputKey`
   * is a storage key): the last half of {@link submit}, also used by batch editing (server/src/batch), which
   * has its own photo limit instead of the per-owner queue cap. Returns the new task id.
   */
  async submitChecked(
    type: string,
    params: Record<string, unknown>,
    owner: string,
    payer: string | null = null,
    /** Runs in the transaction that records (and charges for) the task: a batch item points at it there. */
    withTask?: (taskId: string, q: Queryable | undefined) => Promise<void>,
  ): Promise<string> {
    // Batch items reach here with the batch's settings and the item's override, never through submit():
    // they are checked against the task table here too, so no caller can queue (or charge) params submit refuses.
    checkTaskParams(type, params);
    return this.recordAndQueue(type, params, owner, payer, withTask);
  }

  /** The last half of {@link submitChecked}, for params already checked once (submit checks them first). */
  private async recordAndQueue(
    type: string,
    params: Record<string, unknown>,
    owner: string,
    payer: string | null,
    withTask?: (taskId: string, q: Queryable | undefined) => Promise<void>,
    maxActive = 0,
  ): Promise<string> {
    const id = randomUUID().replace(/-/g, '');
    // The task records its job's id as it is created, so no statement has to record it after queueing (one
    // round trip less per submit). A crash in between leaves a queued task whose job is missing, which the
    // recovery sweep queues again (requeueOrphans), as for batches below.
    const jobId = randomUUID();
    let rank = 0;
    const record = async (q?: Queryable) => {
      ({ rank } = await this.deps.tasks.create({ id, type, params, owner, jobId }, q, { maxActive }));
      await withTask?.(id, q);
    };
    // A free task (cost 0: the resizer, product recognition) has nothing to charge: no ledger transaction.
    if (this.deps.charging && payer && taskCost(type, params) > 0) await this.deps.charging.chargeForTask(payer, { id, type, params }, record);
    else await record();
    // Its turn among other owners' jobs: minus the owner's unfinished tasks ahead of it in its lane (queue/lanes.ts).
    await this.deps.queue.enqueue(type, { taskId: id }, jobId, priorityForRank(rank)).catch(async (err: unknown) => {
      // Failing the task refunds its charge (ledger trigger), so no credit is lost.
      await this.deps.tasks.fail(id, ResultCode.SERVER_ERROR, 'the task could not be queued');
      throw err;
    });
    return id;
  }

  /**
   * Records and queues several free tasks (cost 0, {@link taskCost}) of one type at once: one transaction
   * records them all (and runs `withTasks`, which may refuse by throwing), one statement queues their jobs,
   * one records the job ids. Bulk resizing queues a 100-photo batch this way. Returns the task ids in order.
   */
  async submitManyFree(
    type: string,
    paramsList: Array<Record<string, unknown>>,
    owner: string,
    withTasks: (taskIds: string[], q: Queryable) => Promise<void>,
  ): Promise<string[]> {
    // The same rule as every other path: each photo's params against the task table, before anything is recorded.
    for (const params of paramsList) checkTaskParams(type, params);
    if (paramsList.some((p) => taskCost(type, p) > 0)) throw new Error(`${type} is not free: submit each task with its charge`);
    if (paramsList.length === 0) return [];
    const ids = paramsList.map(() => randomUUID().replace(/-/g, ''));
    // Each task records its job's id as it is created, so no statement has to record them after the jobs are
    // queued (on the embedded database that statement delayed the first photo). A crash before the jobs exist
    // leaves queued tasks whose job is missing, which the recovery sweep queues again (requeueOrphans).
    const jobIds = ids.map(() => randomUUID());
    const ranks = await this.deps.tasks.createMany(
      ids.map((id, i) => ({ id, type, params: paramsList[i], owner, jobId: jobIds[i] })),
      withTasks,
    );
    await this.deps.queue.enqueueMany(type, ids, jobIds, ranks.map(priorityForRank)).catch(async (err: unknown) => {
      for (const id of ids) await this.deps.tasks.fail(id, ResultCode.SERVER_ERROR, 'the task could not be queued');
      throw err;
    });
    return ids;
  }

  /**
   * Status of each id; unknown ids, and ids of another owner's tasks, get PARAMS_INVALID in their own entry.
   * With `wait.ms` > 0 and every task unfinished, the reply waits until one of them ends (announced by this
   * process's workers through taskEnds, or seen by re-reading the database every STATUS_WAIT_RECHECK_MS for
   * workers in other processes), `wait.ms` passes, or `wait.signal` aborts (the client went away).
   */
  async status(
    ids: string[],
    absolute: (path: string) => string,
    owner: string,
    wait: { ms: number; signal?: AbortSignal } = { ms: 0 },
  ): Promise<Record<string, TaskStatusEntry>> {
    const deadline = Date.now() + wait.ms;
    let { result, tasks } = await this.readStatus(ids, absolute, owner);
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || wait.signal?.aborted || !allUnfinished(result)) return result;
      // Only a task that may end in another process needs re-reads; this process's ends wake the wait at once.
      const elsewhere = this.deps.otherWorkers ? await this.deps.otherWorkers.mayEndElsewhere(tasks) : true;
      const ended = await taskEnds.waitForAny(ids, elsewhere ? Math.min(left, STATUS_WAIT_RECHECK_MS) : left, wait.signal);
      // The usual end of a held poll under load: nothing ended, and every task is still waiting in the queue
      // (the shared numbering says so): the reply is the first read with the places of now, and no re-read
      // of the tasks (200 held polls made ~200 re-reads a second on the embedded database's one thread).
      if (!ended && !elsewhere && deadline - Date.now() <= 0) {
        const still = await this.stillQueued(tasks, result, absolute);
        if (still) return still;
      }
      ({ result, tasks } = await this.readStatus(ids, absolute, owner));
    }
  }

  /**
   * `result` with fresh places when each of `tasks` read as queued then and its job still waits now; null when
   * any may have moved on (started, cancelled) and must be read again.
   */
  private async stillQueued(
    tasks: TaskRecord[],
    result: Record<string, TaskStatusEntry>,
    absolute: (path: string) => string,
  ): Promise<Record<string, TaskStatusEntry> | null> {
    if (tasks.length === 0 || !tasks.every((t) => t.status === 'queued' && t.jobId)) return null;
    const ahead = await this.deps.queue.ahead(tasks.map((t) => t.jobId!)).catch(() => null);
    if (!ahead || !tasks.every((t) => ahead.has(t.jobId!))) return null;
    const fresh = { ...result };
    for (const t of tasks) fresh[t.id] = entryFor(t, absolute, ahead.get(t.jobId!));
    return fresh;
  }

  private async readStatus(
    ids: string[],
    absolute: (path: string) => string,
    owner: string,
  ): Promise<{ result: Record<string, TaskStatusEntry>; tasks: TaskRecord[] }> {
    const found = await this.deps.tasks.getMany(ids);
    // Another owner's task reads exactly like an unknown one: its existence is not revealed.
    const mine = (id: string) => {
      const candidate = found.get(id);
      return candidate && candidate.owner === owner ? candidate : undefined;
    };
    const waitingJobs = ids
      .map(mine)
      .filter((t) => t?.status === 'queued' && t.jobId)
      .map((t) => t!.jobId!);
    // Its place in the queue, for the page's "N ahead of you" (one statement for every waiting task asked about).
    const ahead = waitingJobs.length > 0 ? await this.deps.queue.ahead(waitingJobs).catch(() => new Map<string, number>()) : new Map<string, number>();
    const result: Record<string, TaskStatusEntry> = {};
    for (const id of ids) {
      const task = mine(id);
      result[id] = task
        ? entryFor(task, absolute, task.jobId ? ahead.get(task.jobId) : undefined)
        : { resultCode: ResultCode.PARAMS_INVALID, msg: 'unknown task id', data: null };
    }
    return { result, tasks: ids.map(mine).filter((t): t is TaskRecord => t !== undefined) };
  }

  /** Cancels `owner`'s task `id`; another owner's task is refused as unknown. */
  async cancel(id: string, owner: string): Promise<TaskRecord> {
    const existing = await this.deps.tasks.get(id);
    if (!existing || existing.owner !== owner) throw paramsInvalid('unknown task id');
    const task = await this.deps.tasks.cancel(id);
    if (!task) throw paramsInvalid('unknown task id');
    if (task.jobId && task.status === 'cancelled') await this.deps.queue.cancel(task.type, task.jobId);
    return task;
  }
}

/**
 * The one params rule of every submit path (submit, submitChecked, submitManyFree): a known task type whose
 * params pass its row of the task table (engine/spec/tasks), else PARAMS_INVALID (-102, SPEC §8) with the first problem.
 */
function checkTaskParams(type: string, params: Record<string, unknown>): void {
  if (!isTaskType(type)) throw paramsInvalid(UNSUPPORTED_FUNCTION_TYPE);
  const checked = parseTaskParams(type, params);
  if (!checked.ok) throw paramsInvalid(checked.message);
}

function entryFor(task: TaskRecord, absolute: (path: string) => string, queueAhead?: number): TaskStatusEntry {
  const data = { status: task.status, progress: task.progress };
  switch (task.status) {
    case 'done':
      return { resultCode: ResultCode.SUCCESS, msg: 'success', data: { ...data, resultUrl: absolute(task.resultUrl ?? '') } };
    case 'failed':
      return { resultCode: task.resultCode ?? ResultCode.GPU_HANDLE_FAILED, msg: task.errorMsg ?? 'task failed', data };
    case 'cancelled':
      return { resultCode: ResultCode.SERVICE_UNKNOWN_ERROR, msg: 'task cancelled', data };
    default:
      return { resultCode: ResultCode.GPU_TASK_UNFINISHED, msg: 'task unfinished', data: queueAhead === undefined ? data : { ...data, queueAhead } };
  }
}
