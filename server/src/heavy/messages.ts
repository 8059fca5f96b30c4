/** Messages between the event loop and a heavy-work thread (heavyPool.ts ↔ heavyThread.ts). */

/** Work sent to a thread. */
export type HeavyRequest =
  /** Runs the real processor of a task type, from the registry at `module` (its `PROCESSORS`), with storage, progress and cancellation relayed. */
  | { id: number; kind: 'processor'; module: string; type: string; taskId: string; params: Record<string, unknown>; owner?: string | null }
  /** Calls `fn(...args)` exported by `module` (a file URL); args and result are structured-cloned. */
  | { id: number; kind: 'call'; module: string; fn: string; args: unknown[] };

/** What a thread says while it works on request `id`. */
export type HeavyEvent =
  | { id: number; type: 'progress'; value: number }
  | { id: number; type: 'ask'; rid: number; op: 'checkCancelled' | 'storage.get' | 'storage.put' | 'storage.exists' | 'storage.delete'; args: unknown[] }
  /** `ms`: the thread's own time on the job (`total`) and the part spent waiting for the event loop's answers (`asks`). */
  | { id: number; type: 'done'; result: unknown; ms?: { total: number; asks: number } }
  | { id: number; type: 'error'; error: SerializedError };

/** The event loop's answer to an `ask`. */
export interface HeavyAnswer {
  rid: number;
  result?: unknown;
  error?: SerializedError;
}

/** An error that crosses the thread boundary: ApiErrors keep their SPEC code, cancellation stays cancellation. */
export interface SerializedError {
  message: string;
  apiCode?: number;
  httpStatus?: number;
  cancelled?: boolean;
}
