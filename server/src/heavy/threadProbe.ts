/**
 * Small functions for heavyPool.test.ts: they run on a heavy-work thread and report which
 * thread that was. Not used by the server.
 */
import { threadId } from 'node:worker_threads';
import { ApiError } from '../envelope';

/** Spins the CPU for `ms` milliseconds (a stand-in for a model's synchronous run), then names the thread. */
export function spin(ms: number): { threadId: number } {
  const end = Date.now() + ms;
  let x = 0;
  while (Date.now() < end) x += Math.sqrt(x + 1);
  return { threadId: x >= 0 ? threadId : -1 };
}

/** Fails the way a processor reports bad input. */
export function refuse(code: number, message: string): never {
  throw new ApiError(code, message);
}
