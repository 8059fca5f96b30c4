import type { StatusRequest } from '../../engine/spec/api';
import { ResultCode } from '../../engine/spec/errors';
import type { Envelope, QueryInput, SubmitInput, UploadInput, UploadOutput } from '../../machines/taskFlow.types';
import { reportNetworkError, trackFailedCall } from './analytics';
import { reportReply } from './serverReplies';
import { deviceHeaders } from './deviceId';

/** Upload calls give up after this long (text.uploadErrorTimeout). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Thrown when a call never got an envelope back: offline, timed out, or a non-JSON answer. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** Tracks `error` as a network error of `path` (SPEC §7) and gives it back to be thrown or rejected. */
function reported<E>(path: string, error: E, signal?: AbortSignal): E {
  // A call the user cancelled did not fail.
  if (signal?.aborted) return error;
  try {
    reportNetworkError(path, error);
  } catch {
    // reportNetworkError rethrows by design; the caller throws or rejects with the same error.
  }
  return error;
}

/** Every envelope that is not a success becomes a failed-call event (SPEC §7). */
function tracked<T>(path: string, envelope: Envelope<T>): Envelope<T> {
  // 1000006 from any call expires the sign-in; 1010103 offers credits (login machine, credits dialog).
  reportReply(Number(envelope?.resultCode), path);
  if (envelope?.resultCode !== ResultCode.SUCCESS) {
    trackFailedCall({ url: path, errorCode: Number(envelope?.resultCode), errorMsg: String(envelope?.msg ?? '') });
  }
  return envelope;
}

async function readEnvelope<T>(path: string, response: Response, signal?: AbortSignal): Promise<Envelope<T>> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    throw reported(path, new NetworkError(`HTTP ${response.status} without a JSON body`), signal);
  }
}

async function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...deviceHeaders() }, body: JSON.stringify(body), signal });
  } catch (err) {
    throw reported(path, new NetworkError(err instanceof Error ? err.message : 'network error'), signal);
  }
  return tracked(path, await readEnvelope<T>(path, response, signal));
}

const UPLOAD_PATHS = { single: '/api/upload', batch: '/api/upload/batch', zip: '/api/upload/zip' } as const;

/**
 * Uploads with XMLHttpRequest, the only browser API that reports upload progress.
 * Resolves with the envelope (also for 4xx answers); rejects only on network failure.
 */
export function uploadFiles(input: UploadInput, signal?: AbortSignal): Promise<Envelope<UploadOutput>> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    input.files.forEach((f, i) => form.append('file', f, f instanceof File ? f.name : `file${i}`));
    form.append('data', JSON.stringify({ func: input.func, fileType: input.fileType, subDir: 'web' }));
    const path = UPLOAD_PATHS[input.mode];
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(deviceHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && input.onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let envelope: Envelope<UploadOutput>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadOutput>;
      } catch {
        reject(reported(path, new NetworkError(`HTTP ${xhr.status} without a JSON body`)));
        return;
      }
      resolve(tracked(path, envelope));
    };
    xhr.onerror = () => reject(reported(path, new NetworkError('network error')));
    xhr.ontimeout = () => reject(reported(path, new NetworkError('upload timed out', true)));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** `POST /api/task/{type}`: one input file as imgUrl, plus the feature's own fields. */
export function submitTask(input: SubmitInput, signal?: AbortSignal) {
  return postJson<{ taskId?: string; taskList?: string[] }>(`/api/task/${input.funcType}`, { imgUrl: input.fileUrls[0], ...input.params }, signal);
}

/** `POST /api/task/{type}/status` with the ids comma-joined, held by the server up to `waitMs` (a long poll). */
export function queryTasks(input: QueryInput, signal?: AbortSignal) {
  return postJson<{ result: unknown }>(
    `/api/task/${input.funcType}/status`,
    { taskId: input.taskIds.join(','), waitMs: input.waitMs } satisfies StatusRequest,
    signal,
  );
}

export function cancelTasks(taskIds: string[]): void {
  if (taskIds.length === 0) return;
  void postJson('/api/task/cancel', { taskId: taskIds.join(',') } satisfies StatusRequest).catch(() => undefined);
}

/**
 * Downloads a result file as a Blob; any failure rejects (the machine turns it into DOWNLOAD_FAILED).
 * A thrown fetch is tracked as a network error, a non-OK answer as a failed call with DOWNLOAD_FAILED.
 */
export async function downloadResult(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (err) {
    throw reported(url, err, signal);
  }
  if (!response.ok) {
    const message = `download failed: HTTP ${response.status}`;
    trackFailedCall({ url, errorCode: ResultCode.DOWNLOAD_FAILED, errorMsg: message });
    throw new Error(message);
  }
  try {
    return await response.blob();
  } catch (err) {
    throw reported(url, err, signal);
  }
}
