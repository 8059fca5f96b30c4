/**
 * Task type `lama`: the eraser's "refine" path, named after the LaMa model other services run for it.
 * Same params as `elimination` (`maskUrl` required).
 *
 * No LaMa/MI-GAN weights ship in npm or Debian (models-restoration.md §2). With COMFYUI_URL set the registry runs the
 * LaMa workflow on that server first (processors/learnedFill.ts, result URL `?fill=learned`); this processor is what answers
 * without one, or when that server cannot do it: always the best classical fill (models/inpaint/bestFill.ts), never the
 * quick Telea fill (a "refine" that silently gave the quick fill would not be what the user asked for).
 */
import type { Processor } from '../tasks/processor';
import { erase } from './elimination';

export const lamaProcessor: Processor = async (ctx) => erase(ctx, 'best');
