/**
 * The ID photo maker end to end: analyse the portrait, place the head in the template's bands,
 * render over the allowed colour, encode at the exact size with the DPI (and under the size limit),
 * optionally lay copies on a print sheet. US templates get no retouching: only the background changes.
 */
import { MAX_UPSCALE, innerBand, placeHead, type IdPhotoPlacement } from '../../../engine/idphoto/layout';
import type { IdPhotoParams } from '../../../engine/idphoto/params';
import { analysePortrait, problem, type PortraitAnalysis } from './analysePortrait';
import { encodeSheet, renderSheet } from './printSheet';
import { encodeJpeg, renderIdPhoto } from './render';

export interface IdPhotoResult {
  body: Buffer;
  width: number;
  height: number;
  placement: IdPhotoPlacement;
  analysis: PortraitAnalysis;
  quality: number;
}

/** The smallest head (source px) a template accepts: its smallest head height over the largest enlargement. */
export function minSourceHead(params: Pick<IdPhotoParams, 'template'>): number {
  return ((innerBand(params.template.headPercent)[0] / 100) * params.template.pixelHeight) / MAX_UPSCALE;
}

/** Makes the ID photo (or its print sheet) from an encoded portrait. */
export async function makeIdPhoto(input: Buffer, params: IdPhotoParams, onProgress: (f: number) => void = () => undefined): Promise<IdPhotoResult> {
  const { template } = params;
  const analysis = await analysePortrait(input, { minSourceHead: minSourceHead(params), onProgress: (f) => onProgress(0.85 * f) });
  const placement = placeHead(template, analysis.head, params.adjust);
  if (placement.scale > MAX_UPSCALE) throw problem('photoTooSmall', `would need ${placement.scale.toFixed(2)}× enlargement`);
  const photo = await renderIdPhoto(analysis.cutout, analysis.upright, placement, params.bgColor);
  onProgress(0.92);
  if (params.output !== 'photo') {
    const sheet = renderSheet(params.output, photo.rgb, photo.width, photo.height, template.dpi);
    const body = await encodeSheet(sheet.rgb, sheet.width, sheet.height, template.dpi);
    onProgress(1);
    return { body, width: sheet.width, height: sheet.height, placement, analysis, quality: 92 };
  }
  const { body, quality } = await encodeJpeg(photo.rgb, photo.width, photo.height, template.dpi, template.maxFileKB ? template.maxFileKB * 1000 : undefined);
  onProgress(1);
  return { body, width: photo.width, height: photo.height, placement, analysis, quality };
}
