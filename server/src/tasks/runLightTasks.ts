import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { log } from '../logging';
import type { FileStorage } from '../storage/storage';
import type { Processor, ProcessorOutput } from './processor';
import { resultKey } from './runTask';
import type { WorkerTaskRepository } from './workerTaskRepository';

/** A storage that can record several files' rows at once (TrackedStorage). */
type GroupStorage = FileStorage & { putMany?(files: Array<{ key: string; body: Buffer; contentType: string }>): Promise<void> };

/** Runs at most `n` of the functions given to it at once (the photo pipelines of one process). */
export function createLimiter(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (fn) => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    else active += 1;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** The failure code of an error a processor threw (as runTask decides it). */
function failureOf(err: unknown): { code: number; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  const code = /unsupported image format|Input buffer|corrupt|premature end|VipsJpeg|pngload|Input file/i.test(message)
    ? ResultCode.PRE_PROCESS_FAILED
    : ResultCode.GPU_HANDLE_FAILED;
  return { code, message: message.slice(0, 500) };
}

/**
 * Runs a group of light tasks (queue/lightTasks.ts) claimed with one fetch: one statement claims them all,
 * the processors run under `limit` (the process's WORKERS pipelines at once, shared by every group: as many
 * as bare sharp runs in the bench), then one statement records every result file and one finishes every task. A failure is recorded for its own task only. Cancellation is honoured by the
 * finish statement itself (it only finishes tasks still running under this worker).
 *
 * Durability is the single tasks': each task stays `running` under this worker's lease until its group
 * ends, so a crash hands every unfinished task of the group to another worker (queue/recovery.ts).
 */
export async function runLightTasks(
  deps: { tasks: WorkerTaskRepository; storage: GroupStorage; processors: Partial<Record<string, Processor>> },
  taskIds: string[],
  limit: <T>(fn: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const claimed = await deps.tasks.startMany(taskIds);
  const outputs: Array<{ id: string; key: string; out: ProcessorOutput }> = [];
  await Promise.all(
    claimed.map((task) =>
      limit(async () => {
        const processor = deps.processors[task.type];
        try {
          if (!processor) throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, `no processor for ${task.type}`);
          const out = await processor({
            taskId: task.id,
            params: task.params,
            storage: deps.storage,
            // Light work reports no progress: it takes milliseconds, and each report would be a write.
            onProgress: () => undefined,
            checkCancelled: async () => undefined,
          });
          outputs.push({ id: task.id, key: resultKey(task.id, out.extension), out });
        } catch (err) {
          const { code, message } = failureOf(err);
          if (!(err instanceof ApiError)) log.error('task failed', { taskId: task.id, type: task.type, code, error: message });
          await deps.tasks.fail(task.id, code, message);
        }
      }),
    ),
  );
  const files = outputs.map((o) => ({ key: o.key, body: o.out.body, contentType: o.out.contentType }));
  if (deps.storage.putMany) await deps.storage.putMany(files);
  else for (const f of files) await deps.storage.put(f.key, f.body, f.contentType);
  await deps.tasks.finishMany(outputs.map((o) => ({ id: o.id, resultUrl: `/files/${o.key}` })));
}
