/**
 * The eraser page's own server calls (besides the task itself): uploading the photo and the mask, asking a
 * detector for a mask suggestion, and the quick Telea preview. Failures throw EraserCallError with the
 * server's result code and message, so the page can toast them.
 */
import { ResultCode } from '../../../engine/spec/errors';
import type { TaskType } from '../../../engine/spec/taskTypes';
import type { Envelope } from '../../../machines/taskFlow.types';
import { uploadFiles } from '../../api/apiClient';
import { postJsonRaw } from '../../api/http';
import { DETECT_PATHS, type DetectKind } from './eraserModes';

export class EraserCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Uploads one file with the single upload (SPEC §7) and returns its URL. */
export async function uploadOne(file: Blob, func: TaskType, fileType: string, signal?: AbortSignal): Promise<string> {
  const envelope = await uploadFiles({ mode: 'single', files: [file], func, fileType, onProgress: () => undefined }, signal);
  const url = envelope.data?.fileUrl;
  if (envelope.resultCode !== ResultCode.SUCCESS || !url) throw new EraserCallError(envelope.resultCode, envelope.msg ?? 'upload failed');
  return url;
}

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await postJsonRaw(path, body, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new EraserCallError(ResultCode.NETWORK_ERROR, err instanceof Error ? err.message : 'network error');
  }
}

async function envelopeOf<T>(response: Response): Promise<Envelope<T>> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    // A 404 page or a proxy error: the route is not there (e.g. a server without that detector).
    throw new EraserCallError(response.status === 404 ? ResultCode.SERVICE_UNAVAILABLE : ResultCode.SERVER_ERROR, `HTTP ${response.status}`);
  }
}

export interface DetectedMask {
  /** URL of a black/white PNG of the photo's size (white = found), or null when nothing was found. */
  maskUrl: string | null;
}

/**
 * Asks a detector for a mask suggestion. The subject detector answers `maskUrl: null` when nothing stands
 * out; the text and scratch detectors answer an all-black mask with `boxes: []`: both count as "nothing found".
 */
export async function detectMask(kind: DetectKind, imgUrl: string, signal?: AbortSignal): Promise<DetectedMask> {
  const response = await post(DETECT_PATHS[kind], { imgUrl }, signal);
  const envelope = await envelopeOf<{ maskUrl?: string | null; boxes?: unknown[] }>(response);
  if (envelope.resultCode !== ResultCode.SUCCESS) throw new EraserCallError(envelope.resultCode, envelope.msg ?? 'detection failed');
  const data = envelope.data ?? {};
  const nothing = !data.maskUrl || (Array.isArray(data.boxes) && data.boxes.length === 0);
  return { maskUrl: nothing ? null : (data.maskUrl ?? null) };
}

/** A quick Telea fill of the painted area (POST /api/inpaint/preview), as a PNG blob. */
export async function previewFill(imgUrl: string, maskData: string, signal?: AbortSignal): Promise<Blob> {
  const response = await post('/api/inpaint/preview', { imgUrl, maskData }, signal);
  if (response.ok && response.headers.get('content-type')?.startsWith('image/')) return response.blob();
  const envelope = await envelopeOf<unknown>(response);
  throw new EraserCallError(envelope.resultCode, envelope.msg ?? 'preview failed');
}
