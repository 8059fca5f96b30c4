/**
 * The free re-render behind POST /api/idphoto/render, run on a heavy-work thread: the stored portrait
 * (portraitStore.ts, read on the event loop and handed over as bytes) cropped for other params. No
 * model runs; an unusable param or a photo the template refuses fails with its SPEC §8 code.
 */
import { ResultCode } from '../../../engine/spec/errors';
import { parseIdPhotoParams } from '../../../engine/idphoto/params';
import type { IdPhotoAdjust } from '../../../engine/idphoto/layout';
import { ApiError } from '../envelope';
import { problem } from './analysePortrait';
import { renderStored } from './makeIdPhoto';
import { decodePortrait } from './portraitStore';

export interface FreeRender {
  body: Uint8Array;
  contentType: string;
  width: number;
  height: number;
  /** Advice that did not refuse the photo for this template. */
  advice: string[];
  /** The adjustment used, and whether it differs from the asked one (the frame had to stay on the photo). */
  adjust: IdPhotoAdjust;
  moved: boolean;
  /** Where the head sits in the photo, percent of the height (the edit page draws it). */
  headPercent: number;
  topPercent: number;
}

/** Renders `raw` params (templateId, bgColor, adjust, output) from stored portrait files. */
export async function renderFromFiles(json: Uint8Array, png: Uint8Array, raw: Record<string, unknown>): Promise<FreeRender> {
  const parsed = parseIdPhotoParams(raw);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  const portrait = await decodePortrait(json, png);
  if (!portrait) throw problem('analysisGone', 'the stored analysis cannot be read');
  const r = await renderStored(portrait, parsed.value);
  return {
    body: r.body,
    contentType: 'image/jpeg',
    width: r.width,
    height: r.height,
    advice: r.advice,
    adjust: r.adjust,
    moved: r.moved,
    headPercent: r.placement.headPercent,
    topPercent: r.placement.topPercent,
  };
}
