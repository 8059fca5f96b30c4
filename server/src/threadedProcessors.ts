import { runProcessorOnThread } from './heavy/heavyPool';
import { isGenerativeTaskType } from '../../engine/spec/generation';
import { isLightTaskType } from './queue/lightTasks';
import { PROCESSORS, PROCESSORS_MODULE, type Processor, type ProcessorOutput } from './processors';

/**
 * The real processors, each run on the heavy-work thread pool: the same code as PROCESSORS,
 * but the decoding, models and per-pixel loops never hold up the event loop.
 */
export const THREADED_PROCESSORS: Partial<Record<string, Processor>> = Object.fromEntries(
  Object.keys(PROCESSORS).map((type) => [
    type,
    // Generative types only wait on a remote server (issue 19): they stay on the event loop, keeping their `unavailable`.
    // Light types (the bulk resizer) are sharp pipelines, which run on libuv's threads anyway: the hop to a
    // heavy thread would only copy the photo and its result twice.
    isGenerativeTaskType(type) || isLightTaskType(type)
      ? PROCESSORS[type as keyof typeof PROCESSORS]!
      : async (ctx: Parameters<Processor>[0]) => {
          const out = await runProcessorOnThread<ProcessorOutput>(PROCESSORS_MODULE, type, ctx);
          // Structured clone turns the Buffer into a Uint8Array.
          return { ...out, body: Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength) };
        },
  ]),
);
