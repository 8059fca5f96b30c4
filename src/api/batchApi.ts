/**
 * The batch editing calls of `engine/spec/batch.ts`: create, add photos, start, poll, override,
 * retry, cancel, replace a result, and the download addresses. Every reply that is not a success
 * rejects with an Error carrying the SPEC §8 `code` (the machines read it with `codeOf`).
 */
import { ResultCode } from '../../engine/spec/errors';
import type {
  AddItemsReply,
  BatchItemStatus,
  BatchListReply,
  BatchSettings,
  BatchSettingsOverride,
  BatchStatus,
  BatchToolId,
  CreateBatchRequest,
  DownloadLinkReply,
  DownloadLinkRequest,
  ItemOverrideRequest,
  ReplaceResultRequest,
  RetryRequest,
} from '../../engine/spec/batch';
import type { Envelope } from '../../machines/taskFlow.types';
import { reportReply } from './serverReplies';
import { trackFailedCall } from './analytics';
import { UPLOAD_TIMEOUT_MS } from './apiClient';
import { deviceHeaders } from './deviceId';

/** A refused batch call: `code` is the envelope's result code (or -1000 when no envelope came back). */
export class BatchApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function unwrap<T>(path: string, envelope: Envelope<T> | null): T {
  const code = Number(envelope?.resultCode ?? ResultCode.NETWORK_ERROR);
  reportReply(code, path);
  if (code !== ResultCode.SUCCESS || envelope?.data == null) {
    trackFailedCall({ url: path, errorCode: code, errorMsg: String(envelope?.msg ?? '') });
    throw new BatchApiError(String(envelope?.msg ?? 'batch call failed'), code);
  }
  return envelope.data;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...deviceHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    throw new BatchApiError(err instanceof Error ? err.message : 'network error', ResultCode.NETWORK_ERROR);
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new BatchApiError(`HTTP ${response.status} without a JSON body`, ResultCode.NETWORK_ERROR);
  }
  return unwrap(path, envelope);
}

const base = (batchId: string) => `/api/batch/${encodeURIComponent(batchId)}`;

export const createBatch = (tool: BatchToolId, settings: BatchSettings) =>
  call<BatchStatus>('POST', '/api/batch', { tool, settings } satisfies CreateBatchRequest);
export const getBatch = (batchId: string, signal?: AbortSignal) => call<BatchStatus>('GET', base(batchId), undefined, signal);
export const listBatches = () => call<BatchListReply>('GET', '/api/batch');
export const startBatch = (batchId: string) => call<BatchStatus>('POST', `${base(batchId)}/start`, {});
export const cancelBatch = (batchId: string) => call<BatchStatus>('POST', `${base(batchId)}/cancel`, {});
export const retryItems = (batchId: string, itemIds?: string[]) =>
  call<BatchStatus>('POST', `${base(batchId)}/retry`, (itemIds ? { itemIds } : {}) satisfies RetryRequest);
export const setItemOverride = (batchId: string, itemId: string, override: BatchSettingsOverride | null) =>
  call<BatchItemStatus>('POST', `${base(batchId)}/items/${encodeURIComponent(itemId)}/settings`, { override } satisfies ItemOverrideRequest);
export const replaceItemResult = (batchId: string, itemId: string, fileUrl: string) =>
  call<BatchItemStatus>('POST', `${base(batchId)}/items/${encodeURIComponent(itemId)}/result`, { fileUrl } satisfies ReplaceResultRequest);

/**
 * A short-lived link that downloads the ZIP (no `itemId`) or one result without the owner's headers, so a
 * plain `<a download>` navigation can fetch it and the browser streams it to disk (never into page memory).
 */
export const batchDownloadLink = (batchId: string, itemId?: string) =>
  call<DownloadLinkReply>('POST', `${base(batchId)}/download-link`, (itemId ? { itemId } : {}) satisfies DownloadLinkRequest);

/**
 * Adds photos to a batch (`POST /api/batch/:id/items`, field `file`), with upload progress
 * (XMLHttpRequest, the only browser API that reports it). When every photo has a key, they go in the
 * `keys` field (JSON, in file order): the server adds a photo whose key it has seen only once.
 */
export function addBatchItems(
  batchId: string,
  files: Array<{ file: Blob; name: string; key?: string }>,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AddItemsReply> {
  const path = `${base(batchId)}/items`;
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (files.length > 0 && files.every((f) => f.key)) form.append('keys', JSON.stringify(files.map((f) => f.key)));
    for (const f of files) form.append('file', f.file, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(deviceHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(unwrap(path, JSON.parse(xhr.responseText) as Envelope<AddItemsReply>));
      } catch (err) {
        reject(err instanceof BatchApiError ? err : new BatchApiError(`HTTP ${xhr.status} without a JSON body`, ResultCode.NETWORK_ERROR));
      }
    };
    xhr.onerror = () => reject(new BatchApiError('network error', ResultCode.NETWORK_ERROR));
    xhr.ontimeout = () => reject(new BatchApiError('upload timed out', ResultCode.NETWORK_ERROR));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** The file name of a `Content-Disposition: attachment` header (RFC 6266 `filename*` first). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}
