import type { TaskType } from '../../../engine/spec/taskTypes';
import type { Processor } from '../tasks/processor';
import { removebgProcessor } from './removebg';
import { generativeProcessors } from '../comfy/generativeProcessors';
import { withLearnedFill } from './learnedFill';

export type { Processor, ProcessorContext, ProcessorOutput } from '../tasks/processor';

/** This registry's own URL: a heavy-work thread imports it from here (threadedProcessors.ts). */
export const PROCESSORS_MODULE = new URL('./index.ts', import.meta.url);

/**
 * The map from task type to processor, and nothing else: params, costs and result kinds are the task table's
 * (engine/spec/tasks). Task types this server runs now; the others answer SERVICE_UNAVAILABLE until their issue lands.
 */
export const PROCESSORS: Partial<Record<TaskType, Processor>> = {
  removebg: removebgProcessor,
  bgblur: (ctx) => import('./bgblur').then((m) => m.bgblurProcessor(ctx)),
  // The eraser and extender use the learned ComfyUI workflow when COMFYUI_URL is set, their classical fill otherwise.
  aiextend: withLearnedFill('aiextend', (ctx) => import('./aiextend').then((m) => m.aiextendProcessor(ctx))),
  changebg: (ctx) => import('./changebg').then((m) => m.changebgProcessor(ctx)),
  removeWatermark: (ctx) => import('./removeWatermark').then((m) => m.removeWatermarkProcessor(ctx)),
  descratch: (ctx) => import('./descratch').then((m) => m.descratchProcessor(ctx)),
  picenhance: (ctx) => import('./picenhance').then((m) => m.picenhanceProcessor(ctx)),
  elimination: withLearnedFill('elimination', (ctx) => import('./elimination').then((m) => m.eliminationProcessor(ctx))),
  lama: withLearnedFill('lama', (ctx) => import('./lama').then((m) => m.lamaProcessor(ctx))),
  textExtract: (ctx) => import('./textExtract').then((m) => m.textExtractProcessor(ctx)),
  sealExtract: (ctx) => import('./sealExtract').then((m) => m.sealExtractProcessor(ctx)),
  productIdentify: (ctx) => import('./productIdentify').then((m) => m.productIdentifyProcessor(ctx)),
  imageTagger: (ctx) => import('./productIdentify').then((m) => m.productIdentifyProcessor(ctx)),
  // Generative types (issue 19) run on ComfyUI / AUTOMATIC1111 and answer 1000003 without one.
  ...generativeProcessors(),
  idphoto: (ctx) => import('./idphoto').then((m) => m.idphotoProcessor(ctx)),
  headExtract: (ctx) => import('./headExtract').then((m) => m.headExtractProcessor(ctx)),
  // The bulk resizer of batch editing (engine/spec/batch.ts, tool `resize`).
  batchEdit: (ctx) => import('./batchResize').then((m) => m.batchResizeProcessor(ctx)),
};
