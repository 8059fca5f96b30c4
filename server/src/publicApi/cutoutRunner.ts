import { randomUUID } from 'node:crypto';
import { taskCost } from '../../../engine/spec/commerce';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { ApiError } from '../envelope';
import type { ImageInfo } from '../images/inspectImage';
import { storageKeyFromUrl } from '../storage/fileUrls';
import { extensionFor, type FileStorage } from '../storage/storage';
import { taskEnds } from '../tasks/taskEnds';
import type { TaskRepository } from '../tasks/taskRepository';
import type { TaskService } from '../tasks/taskService';
import { RemoveBgError } from './composeCutout';

/** How long an API call waits for its cut-out (queue wait included) before it answers 503. */
export const API_CUTOUT_TIMEOUT_MS = 300_000;
/** A waiting call re-reads its task this often, for workers in other processes (this process's wake it at once). */
const RECHECK_MS = 500;

export interface CutoutRunnerDeps {
  db: Database;
  storage: FileStorage;
  service: TaskService;
  tasks: TaskRepository;
  /** Unfinished tasks one owner may have (TASK_QUEUE_MAX_PER_CLIENT); 0 = no cap. */
  maxActivePerOwner: number;
  /** Service mode: the removebg task is charged through the credit ledger. */
  billing: boolean;
}

/**
 * Runs the product's own cut-out for an API call: the photo is stored as the caller's upload, a `removebg` task is
 * recorded, charged (service mode, same ledger and same transaction as the web pages) and queued like any other,
 * and the call waits for its end. So the API uses the same queue, workers, crash recovery, queue cap and refunds
 * (a failed task gives its credits back) as the pages.
 */
export class CutoutRunner {
  constructor(private readonly deps: CutoutRunnerDeps) {}

  /** The credits one cut-out costs the caller (0 in personal mode). */
  cost(): number {
    return this.deps.billing ? taskCost('removebg') : 0;
  }

  /** Returns the cut-out PNG (RGBA, at the photo's upright size). */
  async run(image: Buffer, info: ImageInfo, owner: string, payer: string | null, signal?: AbortSignal): Promise<Buffer> {
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
    const key = `uploads/api/${day}/${randomUUID()}.${extensionFor(info.contentType)}`;
    await this.deps.storage.put(key, image, info.contentType);
    await this.deps.db.query(
      `insert into files (key, content_type, size_bytes, width, height, func, owner) values ($1, $2, $3, $4, $5, 'api', $6)
       on conflict (key) do update set width = excluded.width, height = excluded.height, func = excluded.func, owner = excluded.owner`,
      [key, info.contentType, image.length, info.width, info.height, owner],
    );
    const cap = this.deps.maxActivePerOwner;
    if (cap > 0 && (await this.deps.tasks.countActive(owner)) >= cap) {
      throw new RemoveBgError(429, 'rate_limit_exceeded', `you already have ${cap} tasks waiting or running; try again when some have finished`);
    }
    let id: string;
    try {
      id = await this.deps.service.submitChecked('removebg', { inputKey: key }, owner, this.deps.billing ? payer : null);
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.CREDITS_NOT_ENOUGH)
        throw new RemoveBgError(402, 'insufficient_credits', `Insufficient credits: ${err.message}`);
      if (err instanceof ApiError && err.code === ResultCode.SERVICE_UNAVAILABLE) throw new RemoveBgError(503, 'service_unavailable', err.message);
      throw err;
    }
    const deadline = Date.now() + API_CUTOUT_TIMEOUT_MS;
    for (;;) {
      const task = await this.deps.tasks.get(id);
      if (task?.status === 'done' && task.resultUrl) {
        const resultKey = storageKeyFromUrl(task.resultUrl);
        const stored = resultKey ? await this.deps.storage.get(resultKey) : null;
        if (!stored) throw new RemoveBgError(503, 'service_unavailable', 'the result could not be read');
        return stored.body;
      }
      if (task && (task.status === 'failed' || task.status === 'cancelled')) {
        if (task.resultCode === ResultCode.PARAMS_INVALID)
          throw new RemoveBgError(400, 'failed_to_read_image', task.errorMsg ?? 'the image could not be processed');
        throw new RemoveBgError(503, 'service_unavailable', task.errorMsg ?? 'the cut-out failed');
      }
      if (signal?.aborted || Date.now() >= deadline) {
        // The caller went away or waited too long: the task is cancelled (its credits come back).
        await this.deps.service.cancel(id, owner).catch(() => undefined);
        throw new RemoveBgError(503, 'service_unavailable', 'the cut-out took too long; try again');
      }
      await taskEnds.waitForAny([id], Math.min(RECHECK_MS, deadline - Date.now()), signal);
    }
  }
}
