/**
 * Task type `lama`: the eraser's "refine" path, named after the LaMa model other services run for it.
 * Same params as `elimination` (`maskUrl` required); always the best classical fill (models/inpaint/bestFill.ts).
 *
 * No LaMa/MI-GAN weights ship in npm or Debian (models-restoration.md §2). When COMFYUI_URL is set, a learned
 * inpainting workflow on that server (LoadImage + mask → VAEEncodeForInpaint → KSampler → VAEDecode, or a LaMa
 * custom node) would be the better fill; it is not implemented here, so the classical fill is used either way
 * (noted once in the log). It never falls back to the quick Telea fill: a "refine" that silently gave the quick
 * fill would not be what the user asked for.
 */
import { processConfig } from '../../config/processConfig';
import type { Processor } from '../processor';
import { erase } from './elimination';

let notedComfy = false;

export const lamaProcessor: Processor = async (ctx) => {
  if (processConfig().process.comfyConfigured && !notedComfy) {
    notedComfy = true;
    console.warn('lama: COMFYUI_URL is set, but learned inpainting through ComfyUI is not implemented yet; using the classical fill');
  }
  return erase(ctx, 'best', false);
};
