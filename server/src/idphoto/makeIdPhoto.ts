/**
 * The ID photo maker end to end: analyse the portrait (or reuse its stored analysis), check it against
 * the template's rules, place the head in the template's bands without leaving the photo, render over the
 * allowed colour, encode at the exact size with the DPI (and under the size limit), optionally lay copies
 * on a print sheet. US templates get no retouching: only the background changes.
 *
 * `renderStored` is the part that needs no model: the free re-render of POST /api/idphoto/render
 * (another country, colour, output or head position of a photo already analysed).
 */
import { refusingAdvice, type IdPhotoAdvice } from '../../../engine/idphoto/checks';
import { MAX_UPSCALE, innerBand, type IdPhotoAdjust, type IdPhotoPlacement } from '../../../engine/idphoto/layout';
import type { IdPhotoParams } from '../../../engine/idphoto/params';
import type { FileStorage } from '../storage/storage';
import { analysePortrait, problem } from './analysePortrait';
import { fitPlacement, type Overflow } from './fit';
import { loadPortrait, ownedPortraitId, photoHash, savePortrait, toStored, type StoredPortrait } from './portraitStore';
import { encodeSheet, renderSheet } from './printSheet';
import { encodeJpeg, renderIdPhoto } from './render';

export interface IdPhotoResult {
  body: Buffer;
  width: number;
  height: number;
  placement: IdPhotoPlacement;
  /** The adjustment used: the asked one, or the nearest that keeps the frame on the photo. */
  adjust: IdPhotoAdjust;
  /** True when the asked head size or position was changed to keep the frame on the photo. */
  moved: boolean;
  overflow: Overflow;
  portrait: StoredPortrait;
  /** Findings that did not refuse the photo for this template (shown as advice). */
  advice: IdPhotoAdvice[];
  quality: number;
}

/** The smallest head (source px) a template accepts: its smallest head height over the largest enlargement. */
export function minSourceHead(params: Pick<IdPhotoParams, 'template'>): number {
  return ((innerBand(params.template.headPercent)[0] / 100) * params.template.pixelHeight) / MAX_UPSCALE;
}

/** Renders an analysed portrait for a template, colour, adjustment and output; no model runs here. */
export async function renderStored(portrait: StoredPortrait, params: IdPhotoParams): Promise<IdPhotoResult> {
  const { template } = params;
  const refused = refusingAdvice(template, portrait.advice);
  if (refused) throw problem(refused);
  const headPx = portrait.head.chinY - portrait.head.crownY;
  const needed = minSourceHead(params);
  if (headPx < needed) throw problem('photoTooSmall', `head ${Math.round(headPx)} px, needs ${Math.round(needed)} px`);
  const alpha = alphaPlane(portrait);
  const fitted = fitPlacement(template, portrait.head, params.adjust, portrait.upright, alpha, portrait.k);
  if (!fitted) throw problem('bodyCut');
  const { placement } = fitted;
  if (placement.scale > MAX_UPSCALE) throw problem('photoTooSmall', `would need ${placement.scale.toFixed(2)}× enlargement`);
  const photo = await renderIdPhoto(portrait.cutout, portrait.upright, placement, params.bgColor, portrait.k);
  const base = { placement, adjust: fitted.adjust, moved: fitted.moved, overflow: fitted.overflow, portrait, advice: portrait.advice };
  if (params.output !== 'photo') {
    const sheet = renderSheet(params.output, photo.rgb, photo.width, photo.height, template.dpi);
    const body = await encodeSheet(sheet.rgb, sheet.width, sheet.height, template.dpi);
    return { ...base, body, width: sheet.width, height: sheet.height, quality: 92 };
  }
  const { body, quality } = await encodeJpeg(photo.rgb, photo.width, photo.height, template.dpi, template.maxFileKB ? template.maxFileKB * 1000 : undefined);
  return { ...base, body, width: photo.width, height: photo.height, quality };
}

const alphaCache = new WeakMap<StoredPortrait, { data: Uint8Array; width: number; height: number }>();
function alphaPlane(p: StoredPortrait) {
  let plane = alphaCache.get(p);
  if (!plane) {
    const data = new Uint8Array(p.cutout.width * p.cutout.height);
    for (let i = 0, j = 3; i < data.length; i++, j += 4) data[i] = p.cutout.data[j];
    plane = { data, width: p.cutout.width, height: p.cutout.height };
    alphaCache.set(p, plane);
  }
  return plane;
}

/**
 * Makes the ID photo (or its print sheet) from an encoded portrait. With `storage`, the analysis is
 * read from there when this photo was analysed before, and stored after a new analysis, so later
 * changes of template, colour, output or position are free re-renders.
 */
export async function makeIdPhoto(
  input: Buffer,
  params: IdPhotoParams,
  onProgress: (f: number) => void = () => undefined,
  storage?: FileStorage,
  owner?: string | null,
): Promise<IdPhotoResult> {
  const hash = storage ? ownedPortraitId(owner, photoHash(input)) : '';
  let portrait = storage ? await loadPortrait(storage, hash).catch(() => null) : null;
  if (!portrait) {
    const analysis = await analysePortrait(input, { minSourceHead: minSourceHead(params), onProgress: (f) => onProgress(0.85 * f) });
    portrait = await toStored(analysis);
    if (storage) await savePortrait(storage, hash, portrait);
  }
  onProgress(0.9);
  const result = await renderStored(portrait, params);
  onProgress(1);
  return result;
}
