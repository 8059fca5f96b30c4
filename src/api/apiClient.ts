import type { Envelope, QueryInput, SubmitInput, UploadInput, UploadOutput } from '../../machines/taskFlow.types';

/** Upload calls give up after this long (text.uploadErrorTimeout). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Thrown when a call never got an envelope back: offline, timed out, or a non-JSON answer. */
export class NetworkError extends Error {
  constructor(message: string, readonly timedOut = false) {
    super(message);
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    throw new NetworkError(`HTTP ${response.status} without a JSON body`);
  }
}

async function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : 'network error');
  }
  return readEnvelope<T>(response);
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
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATHS[input.mode]);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    const token = localStorage.getItem('authToken');
    if (token) xhr.setRequestHeader('X-Auth-Token', token);
    xhr.upload.onprogress = (e) => e.lengthComputable && input.onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope<UploadOutput>);
      } catch {
        reject(new NetworkError(`HTTP ${xhr.status} without a JSON body`));
      }
    };
    xhr.onerror = () => reject(new NetworkError('network error'));
    xhr.ontimeout = () => reject(new NetworkError('upload timed out', true));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** `POST /api/task/{type}`: one input file as imgUrl, plus the feature's own fields. */
export function submitTask(input: SubmitInput, signal?: AbortSignal) {
  return postJson<{ taskId?: string; taskList?: string[] }>(`/api/task/${input.funcType}`, { imgUrl: input.fileUrls[0], ...input.params }, signal);
}

/** `POST /api/task/{type}/status` with the ids comma-joined. */
export function queryTasks(input: QueryInput, signal?: AbortSignal) {
  return postJson<{ result: unknown }>(`/api/task/${input.funcType}/status`, { taskId: input.taskIds.join(',') }, signal);
}

export function cancelTasks(taskIds: string[]): void {
  if (taskIds.length === 0) return;
  void postJson('/api/task/cancel', { taskId: taskIds.join(',') }).catch(() => undefined);
}

/** Downloads a result file as a Blob; any failure rejects (the machine turns it into DOWNLOAD_FAILED). */
export async function downloadResult(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`download failed: HTTP ${response.status}`);
  return response.blob();
}
