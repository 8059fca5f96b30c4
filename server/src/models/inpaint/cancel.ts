/** What a fill needs of its task: progress, and whether the user cancelled (a processor context has both). */
export interface CancelTicks {
  onProgress(fraction: number): void;
  checkCancelled(): Promise<void>;
}

/**
 * Runs `work` (which gets an AbortSignal) while polling ctx.checkCancelled every `intervalMs`: a user's cancel
 * aborts the signal, so a long fill stops at its next round instead of running to the end. The progress creeps from
 * `from` towards `to`, since the fills report none.
 */
export async function withCancelTicker<T>(
  ctx: CancelTicks,
  from: number,
  to: number,
  work: (signal: AbortSignal) => Promise<T>,
  intervalMs = 1000,
): Promise<T> {
  const controller = new AbortController();
  let progress = from;
  const timer = setInterval(() => {
    progress += (to - progress) * 0.1;
    ctx.onProgress(progress);
    ctx.checkCancelled().catch((err: unknown) => controller.abort(err instanceof Error ? err : new Error('task cancelled')));
  }, intervalMs);
  try {
    return await work(controller.signal);
  } finally {
    clearInterval(timer);
  }
}
