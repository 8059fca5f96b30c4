import type { TaskType } from '../../../engine/spec/taskTypes';
import type { Processor } from './processor';
import { removebgProcessor } from './processors/removebg';
import { generativeProcessors } from '../comfy/generativeProcessors';
import { withLearnedFill } from '../comfy/learnedFill';

export type { Processor, ProcessorContext, ProcessorOutput } from './processor';

/**
 * The map from task type to processor, and nothing else: params, costs and result kinds are the task table's
 * (engine/spec/tasks). Task types this server runs now; the others answer SERVICE_UNAVAILABLE until their issue lands.
 */
export const PROCESSORS: Partial<Record<TaskType, Processor>> = {
  removebg: removebgProcessor,
  bgblur: (ctx) => import('./processors/bgblur').then((m) => m.bgblurProcessor(ctx)),
  // The eraser and extender use the learned ComfyUI workflow when COMFYUI_URL is set, their classical fill otherwise.
  aiextend: withLearnedFill('aiextend', (ctx) => import('./processors/aiextend').then((m) => m.aiextendProcessor(ctx))),
  changebg: (ctx) => import('./processors/changebg').then((m) => m.changebgProcessor(ctx)),
  removeWatermark: (ctx) => import('./processors/removeWatermark').then((m) => m.removeWatermarkProcessor(ctx)),
  descratch: (ctx) => import('./processors/descratch').then((m) => m.descratchProcessor(ctx)),
  picenhance: (ctx) => import('./processors/picenhance').then((m) => m.picenhanceProcessor(ctx)),
  elimination: withLearnedFill('elimination', (ctx) => import('./processors/elimination').then((m) => m.eliminationProcessor(ctx))),
  lama: withLearnedFill('lama', (ctx) => import('./processors/lama').then((m) => m.lamaProcessor(ctx))),
  textExtract: (ctx) => import('./processors/textExtract').then((m) => m.textExtractProcessor(ctx)),
  sealExtract: (ctx) => import('./processors/sealExtract').then((m) => m.sealExtractProcessor(ctx)),
  productIdentify: (ctx) => import('./processors/productIdentify').then((m) => m.productIdentifyProcessor(ctx)),
  imageTagger: (ctx) => import('./processors/productIdentify').then((m) => m.productIdentifyProcessor(ctx)),
  // Generative types (issue 19) run on ComfyUI / AUTOMATIC1111 and answer 1000003 without one.
  ...generativeProcessors(),
  idphoto: (ctx) => import('./processors/idphoto').then((m) => m.idphotoProcessor(ctx)),
  headExtract: (ctx) => import('./processors/headExtract').then((m) => m.headExtractProcessor(ctx)),
  // The bulk resizer of batch editing (engine/spec/batch.ts, tool `resize`).
  batchEdit: (ctx) => import('./processors/batchResize').then((m) => m.batchResizeProcessor(ctx)),
};
