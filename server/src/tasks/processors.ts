import { ResultCode } from '../../../engine/spec/errors';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { ApiError } from '../envelope';
import { removeBackground } from '../models/removeBackground';
import type { FileStorage } from '../storage/storage';

/** What a processor gets: the stored input, a progress callback and a cancellation check. */
export interface ProcessorContext {
  taskId: string;
  params: Record<string, unknown>;
  storage: FileStorage;
  onProgress(fraction: number): void;
  /** Throws when the user cancelled meanwhile, so long work stops at the next stage. */
  checkCancelled(): Promise<void>;
}

export interface ProcessorOutput {
  body: Buffer;
  contentType: string;
  extension: string;
}

export type Processor = (ctx: ProcessorContext) => Promise<ProcessorOutput>;

/** Reads the task's input image, failing with PRE_PROCESS_FAILED when it has gone. */
export async function readInput(ctx: ProcessorContext): Promise<Buffer> {
  const key = ctx.params.inputKey;
  if (typeof key !== 'string') throw new ApiError(ResultCode.PARAMS_INVALID, 'task has no input file');
  const file = await ctx.storage.get(key);
  if (!file) throw new ApiError(ResultCode.PRE_PROCESS_FAILED, 'the input file no longer exists');
  return file.body;
}

const removebg: Processor = async (ctx) => {
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const { png } = await removeBackground(input, ctx.onProgress);
  return { body: png, contentType: 'image/png', extension: 'png' };
};

/** Task types this server runs now; the others answer SERVICE_UNAVAILABLE until their issue lands. */
export const PROCESSORS: Partial<Record<TaskType, Processor>> = {
  removebg,
  bgblur: (ctx) => import('./processors/bgblur').then((m) => m.bgblurProcessor(ctx)),
  aiextend: (ctx) => import('./processors/aiextend').then((m) => m.aiextendProcessor(ctx)),
  changebg: (ctx) => import('./processors/changebg').then((m) => m.changebgProcessor(ctx)),
  removeWatermark: (ctx) => import('./processors/removeWatermark').then((m) => m.removeWatermarkProcessor(ctx)),
  descratch: (ctx) => import('./processors/descratch').then((m) => m.descratchProcessor(ctx)),
  picenhance: (ctx) => import('./processors/picenhance').then((m) => m.picenhanceProcessor(ctx)),
  elimination: (ctx) => import('./processors/elimination').then((m) => m.eliminationProcessor(ctx)),
  lama: (ctx) => import('./processors/lama').then((m) => m.lamaProcessor(ctx)),
};
