import type { TaskType } from '../../../engine/spec/taskTypes';
import type { Processor } from './processor';
import { removebgProcessor } from './processors/removebg';

export type { Processor, ProcessorContext, ProcessorOutput } from './processor';

/** Task types this server runs now; the others answer SERVICE_UNAVAILABLE until their issue lands. */
export const PROCESSORS: Partial<Record<TaskType, Processor>> = {
  removebg: removebgProcessor,
  bgblur: (ctx) => import('./processors/bgblur').then((m) => m.bgblurProcessor(ctx)),
  aiextend: (ctx) => import('./processors/aiextend').then((m) => m.aiextendProcessor(ctx)),
  changebg: (ctx) => import('./processors/changebg').then((m) => m.changebgProcessor(ctx)),
  removeWatermark: (ctx) => import('./processors/removeWatermark').then((m) => m.removeWatermarkProcessor(ctx)),
  descratch: (ctx) => import('./processors/descratch').then((m) => m.descratchProcessor(ctx)),
  picenhance: (ctx) => import('./processors/picenhance').then((m) => m.picenhanceProcessor(ctx)),
  elimination: (ctx) => import('./processors/elimination').then((m) => m.eliminationProcessor(ctx)),
  lama: (ctx) => import('./processors/lama').then((m) => m.lamaProcessor(ctx)),
  // The bulk resizer of batch editing (engine/spec/batch.ts, tool `resize`).
  batchEdit: (ctx) => import('./processors/batchResize').then((m) => m.batchResizeProcessor(ctx)),
};
