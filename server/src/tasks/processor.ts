import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import type { FileStorage } from '../storage/storage';

/*
 * The contract between the job runner and a task type's processor. Processors import this file,
 * never the registry (processors.ts), so the registry can import every processor without a cycle.
 */

/** What a processor gets: the stored input, a progress callback and a cancellation check. */
export interface ProcessorContext {
  taskId: string;
  params: Record<string, unknown>;
  storage: FileStorage;
  /** The account or device the task belongs to (null for work no one owns). */
  owner?: string | null;
  onProgress(fraction: number): void;
  /** Throws when the user cancelled meanwhile, so long work stops at the next stage. */
  checkCancelled(): Promise<void>;
}

export interface ProcessorOutput {
  body: Buffer;
  contentType: string;
  extension: string;
  /**
   * Facts about how the result was made, carried as the result URL's query (`?fill=learned`): the page reads them
   * from the URL it downloads, and no database column is needed. Keys and values are plain words.
   */
  resultQuery?: Record<string, string>;
}

export type Processor = ((ctx: ProcessorContext) => Promise<ProcessorOutput>) & {
  /**
   * Optional: why the type cannot run now (e.g. no generation server configured), or null. When it
   * gives a reason, submit answers SERVICE_UNAVAILABLE with it before anything is charged or queued.
   */
  unavailable?: () => string | null;
};

/** Reads the task's input image, failing with PRE_PROCESS_FAILED when it has gone. */
export async function readInput(ctx: ProcessorContext): Promise<Buffer> {
  const key = ctx.params.inputKey;
  if (typeof key !== 'string') throw new ApiError(ResultCode.PARAMS_INVALID, 'task has no input file');
  const file = await ctx.storage.get(key);
  if (!file) throw new ApiError(ResultCode.PRE_PROCESS_FAILED, 'the input file no longer exists');
  return file.body;
}
