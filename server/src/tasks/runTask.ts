import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { log } from '../logging';
import type { FileStorage } from '../storage/storage';
import type { Processor } from './processor';
import type { TaskRepository } from './taskRepository';
import { StageClock } from './stageClock';

class Cancelled extends Error {}

/** Date-partitioned key for a task's result. */
export function resultKey(taskId: string, extension: string, now = new Date()): string {
  const d = now.toISOString().slice(0, 10).replace(/-/g, '/');
  return `results/${d}/${taskId}.${extension}`;
}

/**
 * Runs one task in a worker: marks it running, runs its processor, stores the result and
 * records the outcome. Expected failures (bad image, cancelled) end the task and return
 * normally, so the queue does not retry them; only a crash of the process re-runs a job.
 */
export async function runTask(
  deps: { tasks: TaskRepository; storage: FileStorage; processors: Partial<Record<string, Processor>> },
  taskId: string,
): Promise<void> {
  const pickedAt = Date.now();
  const clock = new StageClock();
  const task = await deps.tasks.get(taskId);
  if (!task || !(await deps.tasks.start(taskId))) return; // cancelled or already finished
  clock.mark('claim');
  const processor = deps.processors[task.type];
  if (!processor) {
    await deps.tasks.fail(taskId, ResultCode.SERVICE_UNAVAILABLE, `no processor for ${task.type}`);
    return;
  }
  let lastWrite = 0;
  try {
    const output = await processor({
      taskId,
      params: task.params,
      storage: deps.storage,
      owner: task.owner,
      onProgress: (p) => {
        // Progress is advisory: throttle writes and never let a failed write fail the task.
        const now = Date.now();
        if (now - lastWrite < 200 && p < 1) return;
        lastWrite = now;
        void deps.tasks.progress(taskId, Math.min(0.99, p)).catch(() => undefined);
      },
      checkCancelled: async () => {
        if (await deps.tasks.isCancelled(taskId)) throw new Cancelled();
      },
    });
    clock.mark('process');
    if (await deps.tasks.isCancelled(taskId)) return;
    clock.mark('cancelCheck');
    const key = resultKey(taskId, output.extension);
    await deps.storage.put(key, output.body, output.contentType);
    clock.mark('store');
    const query = output.resultQuery ? new URLSearchParams(output.resultQuery).toString() : '';
    await deps.tasks.finish(taskId, `/files/${key}${query ? `?${query}` : ''}`);
    clock.mark('finish');
    // Where a task's time goes outside its processor (bench:removebg-server --breakdown).
    log.debug('task timing', { taskId, type: task.type, pickedAt, finishedAt: Date.now(), ms: clock.ms, bytes: output.body.length });
  } catch (err) {
    if (err instanceof Cancelled) return;
    if (err instanceof ApiError) {
      await deps.tasks.fail(taskId, err.code, err.message);
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    // A decoder error means the stored file cannot be read as an image: a pre-process failure.
    const code = /unsupported image format|Input buffer|corrupt|premature end|VipsJpeg|pngload|Input file/i.test(message)
      ? ResultCode.PRE_PROCESS_FAILED
      : ResultCode.GPU_HANDLE_FAILED;
    log.error('task failed', { taskId, type: task.type, code, error: message });
    await deps.tasks.fail(taskId, code, message.slice(0, 500));
  }
}
