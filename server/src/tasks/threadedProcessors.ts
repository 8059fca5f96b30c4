import { runProcessorOnThread } from '../heavy/heavyPool';
import { PROCESSORS, type Processor, type ProcessorOutput } from './processors';

/**
 * The real processors, each run on the heavy-work thread pool: the same code as PROCESSORS,
 * but the decoding, models and per-pixel loops never hold up the event loop.
 */
export const THREADED_PROCESSORS: Partial<Record<string, Processor>> = Object.fromEntries(
  Object.keys(PROCESSORS).map((type) => [
    type,
    async (ctx) => {
      const out = await runProcessorOnThread<ProcessorOutput>(type, ctx);
      // Structured clone turns the Buffer into a Uint8Array.
      return { ...out, body: Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength) };
    },
  ]),
);
