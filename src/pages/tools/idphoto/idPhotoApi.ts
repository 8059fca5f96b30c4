/**
 * The ID photo pages' free calls (issue 29, "What to build" 1): once a paid `idphoto` task has analysed a
 * portrait, another country, colour, output or head position is a free re-render of the stored cut-out
 * (POST /api/idphoto/render), and the analysis' advice is read with POST /api/idphoto/portrait. The photo
 * is named by the SHA-256 of its bytes (the same hash a project uses as the portrait's asset id).
 */
import { parseAdvice, problemFromMessage, type IdPhotoAdvice, type IdPhotoProblem } from '../../../../engine/idphoto/checks';
import { normaliseAdjust, type IdPhotoAdjust } from '../../../../engine/idphoto/layout';
import type { IdPhotoOutput } from '../../../../engine/idphoto/params';
import { hashBlob } from '../../../../engine/assets/AssetStore';
import { postJsonRaw } from '../../../api/http';

export interface FreeRenderRequest {
  templateId: string;
  bgColor: string;
  adjust: IdPhotoAdjust;
  output: IdPhotoOutput;
}

export type FreeRenderAnswer =
  | { ok: true; blob: Blob; advice: IdPhotoAdvice[]; adjust: IdPhotoAdjust; moved: boolean }
  /** `problem` 'analysisGone': the photo must be analysed again (a paid task); others: the template refuses it. */
  | { ok: false; problem: IdPhotoProblem | null; message: string };

/** The hex SHA-256 of a photo, its name for the free calls. */
export const photoHashOf = (photo: Blob): Promise<string> => hashBlob(photo);

async function failure(response: Response): Promise<FreeRenderAnswer> {
  let message = `HTTP ${response.status}`;
  try {
    const envelope = (await response.json()) as { msg?: string };
    message = envelope.msg ?? message;
  } catch {
    // not an envelope: keep the status
  }
  return { ok: false, problem: problemFromMessage(message), message };
}

/** A free re-render; never throws for an answer of the server (network errors reject). */
export async function renderFree(photoHash: string, request: FreeRenderRequest, signal?: AbortSignal): Promise<FreeRenderAnswer> {
  const response = await postJsonRaw('/api/idphoto/render', { photoHash, ...request }, signal);
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return failure(response);
  let adjust = request.adjust;
  try {
    adjust = normaliseAdjust(JSON.parse(response.headers.get('x-idphoto-adjust') ?? 'null') as Partial<IdPhotoAdjust>);
  } catch {
    // keep the asked adjustment
  }
  return {
    ok: true,
    blob: await response.blob(),
    advice: parseAdvice(response.headers.get('x-idphoto-advice') ?? ''),
    adjust,
    moved: response.headers.get('x-idphoto-moved') === '1',
  };
}

/** The advice of an analysed photo, or null when it has none stored. */
export async function portraitAdvice(photoHash: string, signal?: AbortSignal): Promise<IdPhotoAdvice[] | null> {
  const response = await postJsonRaw('/api/idphoto/portrait', { photoHash }, signal);
  if (!response.ok) return null;
  const envelope = (await response.json()) as { data?: { advice?: unknown } };
  return parseAdvice(envelope.data?.advice);
}
