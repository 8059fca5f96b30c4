import { statusEntriesByTask, statusProgress, statusQueueAhead, statusValue } from '../engine/spec/api';
import { ResultCode, jobError } from '../engine/spec/errors';
import type { QueryEntry, TaskResult } from './taskFlow.types';

/** A fresh result record for a submitted task id. */
export function emptyTaskResult(taskId: string): TaskResult {
  return {
    taskId,
    resultFileUrl: null,
    result: null,
    isGpuFinish: false,
    err: null,
    gpuErr: null,
    resultFile: null,
    needReviewResultPic: false,
    end: false,
    progress: 0,
    postStage: 0,
    queueAhead: null,
  };
}

/**
 * The status reply's `data.result` is either one result (single task) or a map from task id
 * to result (SPEC §7). Returns a map in both cases.
 */
export const entriesByTask = (result: unknown, taskIds: string[]): Record<string, QueryEntry> => statusEntriesByTask(result, taskIds);

/**
 * Applies one task's status entry (SPEC §4 query rules):
 * - 100 with a string: a URL when it starts with http, plain text otherwise;
 * - 100 with an object: `enhanceState` 0 means still processing, else its `resultUrl`;
 * - -112: keep waiting;
 * - any other code: the task fails with GPU_HANDLE_FAILED plus the raw code.
 */
export function applyEntry(task: TaskResult, entry: QueryEntry | undefined, needReview: boolean): TaskResult {
  if (!entry || task.end) return task;
  if (entry.resultCode === ResultCode.GPU_TASK_UNFINISHED) {
    return { ...task, progress: progressOf(entry.data) ?? task.progress, queueAhead: statusQueueAhead(entry.data) ?? null };
  }
  if (entry.resultCode !== ResultCode.SUCCESS) {
    return {
      ...task,
      end: true,
      isGpuFinish: true,
      gpuErr: entry.resultCode,
      err: jobError('GPU_HANDLE_FAILED', { rawCode: entry.resultCode, message: entry.msg }),
    };
  }
  const value = readValue(entry.data);
  if (value === 'processing') return { ...task, progress: progressOf(entry.data) ?? task.progress };
  if (value.startsWith('http')) {
    return { ...task, isGpuFinish: true, resultFileUrl: value, needReviewResultPic: needReview, progress: 1 };
  }
  // A text result has nothing to download: the task is finished.
  return { ...task, isGpuFinish: true, result: value, end: true, progress: 1 };
}

const readValue = statusValue;
const progressOf = statusProgress;

/** A task whose result URL arrived and whose file is not downloaded yet. */
export function pendingDownload(results: Record<string, TaskResult>): TaskResult | undefined {
  return Object.values(results).find((t) => !t.end && t.resultFileUrl && !t.resultFile && !t.err);
}

export const unfinishedIds = (results: Record<string, TaskResult>): string[] =>
  Object.values(results)
    .filter((t) => !t.isGpuFinish && !t.end)
    .map((t) => t.taskId);
