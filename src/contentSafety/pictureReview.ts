import { JPEG_QUALITY, PICTURE_REVIEW_MAX_SIDE } from '../../engine/spec/limits';
import type { Envelope, UploadInput, UploadOutput } from '../../machines/taskFlow.types';
import { uploadFiles } from '../api/apiClient';
import { deviceHeaders } from '../api/deviceId';

/** SPEC §4: picture review status 2 means rejected; anything else passes. */
export const PICTURE_REVIEW_REJECTED = 2;
/** Envelope code of a successful call (SPEC §3). */
const SUCCESS = 100;

export interface PictureReviewResult {
  compliant: boolean;
}

/** Everything `reviewPicture` talks to; tests replace any of it. */
export interface PictureReviewDeps {
  /** Re-encodes a picture as JPEG, scaled so the longest side is at most `maxSide`. */
  toJpeg?: (file: Blob, maxSide: number, quality: number) => Promise<Blob>;
  /** The single upload (default: apiClient's uploadFiles). */
  upload?: (input: UploadInput, signal?: AbortSignal) => Promise<Envelope<UploadOutput>>;
  /** `fetch` used for the review call. */
  fetch?: typeof fetch;
  /** Where failures are logged (default console.warn). */
  log?: (message: string, detail?: unknown) => void;
  signal?: AbortSignal;
}

/** Size that fits inside `maxSide` on the longest side, aspect kept; smaller sizes come back unchanged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Browser JPEG encoder: decodes with createImageBitmap (EXIF orientation applied), draws on white
 * (JPEG has no transparency; white is what the server's reviewer assumes too), encodes at `quality`.
 */
export async function browserToJpeg(file: Blob, maxSide: number, quality: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
    const draw = (ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, width, height);
    };
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2D canvas context');
      draw(ctx);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas context');
    draw(ctx);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
    );
  } finally {
    bitmap.close();
  }
}

/** Uploads the JPEG and returns its fileUrl; any failure is an Error. */
async function uploadJpeg(jpeg: Blob, deps: PictureReviewDeps): Promise<string> {
  const upload = deps.upload ?? uploadFiles;
  const input: UploadInput = { mode: 'single', files: [jpeg], func: 'contentReview', fileType: 'jpg', onProgress: () => undefined };
  const reply = await upload(input, deps.signal);
  const fileUrl = reply.data?.fileUrl;
  if (reply.resultCode !== SUCCESS || !fileUrl) throw new Error(`upload answered ${reply.resultCode}${reply.msg ? ` (${reply.msg})` : ''}`);
  return fileUrl;
}

/** `POST /api/pic-review {imgUrl}`; the envelope's data.status, or an Error for any failure. */
async function requestReview(imgUrl: string, deps: PictureReviewDeps): Promise<unknown> {
  const doFetch = deps.fetch ?? fetch;
  const response = await doFetch('/api/pic-review', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...deviceHeaders() },
    body: JSON.stringify({ imgUrl }),
    signal: deps.signal,
  });
  let reply: Envelope<{ status?: unknown }>;
  try {
    reply = (await response.json()) as Envelope<{ status?: unknown }>;
  } catch {
    throw new Error(`HTTP ${response.status} without a JSON body`);
  }
  if (reply?.resultCode !== SUCCESS) throw new Error(`review answered ${reply?.resultCode}${reply?.msg ? ` (${reply.msg})` : ''}`);
  return reply.data?.status;
}

/**
 * Picture review (SPEC §5): the picture is scaled to at most 1080 px on its longest side, uploaded
 * as a JPG (quality 0.9) and reviewed by the server.
 * - preparing or uploading fails (decode error, network, non-100 code): not compliant, since a
 *   picture that never reached the reviewer must not pass;
 * - the review call fails (network, non-JSON, non-100 code): compliant, logged;
 * - status 2: not compliant; any other status: compliant.
 * The caller checks the enablePicReview flag before calling.
 * @example if (!(await reviewPicture(file)).compliant) fail(CONTENT_REVIEW_PICTURE_NON_COMPLIANCE)
 */
export async function reviewPicture(file: Blob, deps: PictureReviewDeps = {}): Promise<PictureReviewResult> {
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  let fileUrl: string;
  try {
    const jpeg = await (deps.toJpeg ?? browserToJpeg)(file, PICTURE_REVIEW_MAX_SIDE, JPEG_QUALITY);
    fileUrl = await uploadJpeg(jpeg, deps);
  } catch (err) {
    log('picture review: the upload failed, so the picture is rejected', err);
    return { compliant: false };
  }
  let status: unknown;
  try {
    status = await requestReview(fileUrl, deps);
  } catch (err) {
    log('picture review: the review call failed, so the picture is accepted', err);
    return { compliant: true };
  }
  return { compliant: Number(status) !== PICTURE_REVIEW_REJECTED };
}
