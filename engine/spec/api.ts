/**
 * The HTTP contract of tasks and uploads shared by the client (src/api, machines/taskFlow) and the server
 * (server/src/routes, server/src/tasks): the SPEC §3 envelope, the submit/status/cancel/upload replies, and
 * the one reader of a status entry. Routes (SPEC §7; the paths are ours):
 *
 * | Call | Path | Body | Reply `data` |
 * |---|---|---|---|
 * | submit | POST /api/task/{taskType} | JSON: `imgUrl` + the type's params (engine/spec/tasks) | {@link SubmitReply} |
 * | status | POST /api/task/{taskType}/status or /api/task/status | {@link StatusRequest} | {@link StatusReply} |
 * | cancel | POST /api/task/cancel | {@link StatusRequest} | {@link CancelReply} |
 * | upload | POST /api/upload (multipart `file`, field `data` JSON {func, fileType, subDir}) | | {@link UploadReply} |
 */

/** The reply envelope of every API call (SPEC §3): `{resultCode, msg, data}`, 100 for success. */
export interface Envelope<T = unknown> {
  resultCode: number;
  msg?: string;
  data: T | null;
}

/** Task states the server records and reports in a status entry. */
export type TaskState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** What this server writes in a status entry's `data`. */
export interface TaskStatusData {
  status: string;
  /** 0..1 while running. */
  progress: number;
  /** Set when the task is done: the result file (a picture or a JSON file, per the table's `result`). */
  resultUrl?: string;
  /** Set while the task waits in the queue: how many jobs start before it (0: it is next); the page shows "N ahead of you". */
  queueAhead?: number;
}

/**
 * One task's entry of a status reply. This server writes {@link TaskStatusData}; SPEC §4 also lets a
 * server answer a plain string (a URL, or a text result) or `{ enhanceState, resultUrl }`, which
 * {@link statusValue} reads alike.
 */
export interface TaskStatusEntry {
  resultCode: number;
  msg?: string;
  data?: TaskStatusData | string | { enhanceState?: number; resultUrl?: string; result?: string } | null;
}

export interface SubmitReply {
  taskId: string;
}
/**
 * `taskId`: one id or several comma-joined (SPEC §7). `waitMs` (optional, 0 to STATUS_WAIT_MAX_MS of limits.ts): while
 * every task asked about is unfinished, the server holds the reply up to this long and answers the moment one of
 * them ends (a long poll). The page still asks at most once per POLL_INTERVAL_MS, but learns of a result at once
 * instead of up to a poll interval later.
 */
export interface StatusRequest {
  taskId: string;
  waitMs?: number;
}
/** `result`: one entry (a single id, SPEC §7) or a map from task id to entry (what this server sends). */
export interface StatusReply {
  result: Record<string, TaskStatusEntry> | TaskStatusEntry;
}
export interface CancelReply {
  tasks: { taskId: string; status: string }[];
}
export interface UploadReply {
  fileUrl?: string;
  fileUrls?: string[];
}

/** The status reply as a map from task id to entry, whichever of the two SPEC §7 forms came. */
export function statusEntriesByTask(result: unknown, taskIds: readonly string[]): Record<string, TaskStatusEntry> {
  if (result && typeof result === 'object' && 'resultCode' in result && taskIds.length === 1) {
    return { [taskIds[0]]: result as TaskStatusEntry };
  }
  return (result && typeof result === 'object' ? result : {}) as Record<string, TaskStatusEntry>;
}

/**
 * What a successful (code 100) entry says: the result URL or text, or 'processing' (SPEC §4: an object
 * with `enhanceState` 0 is still running).
 */
export function statusValue(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object') {
    const obj = data as { enhanceState?: number; resultUrl?: unknown; result?: unknown };
    if (obj.enhanceState === 0) return 'processing';
    if (typeof obj.resultUrl === 'string') return obj.resultUrl;
    if (typeof obj.result === 'string') return obj.result;
  }
  return '';
}

/** The progress 0..1 an entry reports, if any. */
/** The `queueAhead` of a status entry's data (jobs that start before a waiting task), when it is a count. */
export function statusQueueAhead(data: unknown): number | undefined {
  const n = data && typeof data === 'object' ? (data as { queueAhead?: unknown }).queueAhead : undefined;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function statusProgress(data: unknown): number | undefined {
  const p = data && typeof data === 'object' ? (data as { progress?: unknown }).progress : undefined;
  return typeof p === 'number' && p >= 0 && p <= 1 ? p : undefined;
}
