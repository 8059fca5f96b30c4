/**
 * Turns batch and item rows into the replies of engine/spec/batch.ts. An item's SPEC §4 asset status is
 * derived from its task, never stored twice: no task → user_upload; a queued task on a second or later run
 * → retry; queued or running → processing; done → completed; failed or cancelled → failed.
 */
import { BATCH_TOOLS, type BatchCounts, type BatchItemStatus, type BatchState, type BatchStatus, type ResizeBatchSettings } from '../../../engine/spec/batch';
import { taskCost } from '../../../engine/spec/commerce';
import { ResultCode } from '../../../engine/spec/errors';
import { mergeOverride } from '../../../engine/batch/settings';
import { storageKeyFromUrl } from '../storage/fileUrls';
import type { BatchRow, ItemRow } from './batchRepository';

const extOf = (key: string | null): string | null => (key && key.includes('.') ? key.slice(key.lastIndexOf('.') + 1).toLowerCase() : null);

/** The storage key of an item's result (a fine-tuned one first), or null. */
export function resultKeyOf(item: ItemRow): string | null {
  if (item.resultKey) return item.resultKey;
  if (item.task?.status === 'done' && item.task.resultUrl) return storageKeyFromUrl(item.task.resultUrl);
  return null;
}

/** The extension a result will have before it exists (what the tool produces from this input). */
function expectedExtension(batch: BatchRow, item: ItemRow): string {
  const input = extOf(item.inputKey) ?? 'jpg';
  switch (batch.tool) {
    case 'removebg':
    case 'changebg':
      return 'png';
    case 'enhance':
      return input === 'jpg' ? 'jpg' : 'png';
    case 'resize': {
      const format = (mergeOverride(batch.settings, item.override) as ResizeBatchSettings).format ?? 'original';
      if (format !== 'original') return format;
      return input === 'png' || input === 'webp' ? input : 'jpg';
    }
  }
}

export function outputNameOf(batch: BatchRow, item: ItemRow): string {
  return `${item.outputStem}.${extOf(resultKeyOf(item)) ?? expectedExtension(batch, item)}`;
}

/** The item as the API shows it; `absolute` turns `/files/…` paths into URLs. */
export function itemStatus(batch: BatchRow, item: ItemRow, absolute: (path: string) => string): BatchItemStatus {
  const base = {
    itemId: item.id,
    index: item.index,
    name: item.name,
    outputName: outputNameOf(batch, item),
    inputUrl: item.inputKey ? absolute(`/files/${item.inputKey}`) : null,
    override: item.override,
    runs: item.runs,
    key: item.clientKey,
  };
  const result = resultKeyOf(item);
  if (item.rejectCode !== null) {
    return { ...base, status: 'failed', progress: 1, resultCode: item.rejectCode, reason: item.rejectReason, resultUrl: null };
  }
  if (item.resultKey)
    return { ...base, status: 'completed', progress: 1, resultCode: ResultCode.SUCCESS, reason: null, resultUrl: absolute(`/files/${item.resultKey}`) };
  if (!item.taskId) return { ...base, status: 'user_upload', progress: 0, resultCode: ResultCode.GPU_TASK_UNFINISHED, reason: null, resultUrl: null };
  const task = item.task;
  if (!task) {
    // The retention sweep deleted the finished task row (and its result) meanwhile.
    return {
      ...base,
      status: 'failed',
      progress: 1,
      resultCode: ResultCode.DOWNLOAD_FAILED,
      reason: 'the result was deleted after the retention time',
      resultUrl: null,
    };
  }
  switch (task.status) {
    case 'done':
      return {
        ...base,
        status: 'completed',
        progress: 1,
        resultCode: ResultCode.SUCCESS,
        reason: null,
        resultUrl: result ? absolute(`/files/${result}`) : null,
      };
    case 'failed':
      return {
        ...base,
        status: 'failed',
        progress: 1,
        resultCode: task.resultCode ?? ResultCode.GPU_HANDLE_FAILED,
        reason: task.errorMsg ?? 'the photo could not be processed',
        resultUrl: null,
      };
    case 'cancelled':
      return { ...base, status: 'failed', progress: 1, resultCode: ResultCode.SERVICE_UNKNOWN_ERROR, reason: 'cancelled', resultUrl: null };
    case 'queued':
      return {
        ...base,
        status: item.runs > 1 ? 'retry' : 'processing',
        progress: 0,
        resultCode: ResultCode.GPU_TASK_UNFINISHED,
        reason: null,
        resultUrl: null,
      };
    default:
      return { ...base, status: 'processing', progress: task.progress, resultCode: ResultCode.GPU_TASK_UNFINISHED, reason: null, resultUrl: null };
  }
}

/** The whole batch; `state` done is derived: started, not cancelled, nothing left processing or waiting to retry. */
export function batchStatus(batch: BatchRow, items: ItemRow[], absolute: (path: string) => string): BatchStatus {
  const shown = items.map((i) => itemStatus(batch, i, absolute));
  const counts: BatchCounts = { total: shown.length, user_upload: 0, processing: 0, retry: 0, completed: 0, failed: 0 };
  let progressSum = 0;
  for (const item of shown) {
    counts[item.status as keyof Omit<BatchCounts, 'total'>] += 1;
    progressSum += item.status === 'completed' || item.status === 'failed' ? 1 : item.progress;
  }
  const active = counts.processing + counts.retry > 0;
  const state: BatchState = batch.state === 'cancelled' ? 'cancelled' : batch.state === 'open' ? 'open' : active ? 'running' : 'done';
  const finishedTimes = items
    .map((i) => i.task?.finishedAt)
    .filter((t): t is string => Boolean(t))
    .sort();
  const finishedAt = state === 'done' ? (finishedTimes[finishedTimes.length - 1] ?? batch.startedAt) : state === 'cancelled' ? batch.cancelledAt : null;
  return {
    batchId: batch.id,
    tool: batch.tool,
    settings: batch.settings,
    state,
    counts,
    progress: shown.length === 0 ? 0 : progressSum / shown.length,
    creditsPerItem: taskCost(BATCH_TOOLS[batch.tool].taskType, batch.settings as Record<string, unknown>),
    createdAt: batch.createdAt,
    startedAt: batch.startedAt,
    finishedAt,
    items: shown,
  };
}
