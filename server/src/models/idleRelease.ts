/**
 * Lets a loaded model go after a while without use (MODEL_IDLE_RELEASE_S, server/src/config.ts), so a server that
 * cut out one photo an hour ago does not keep the session's weights resident (issue 15, item 4: the server's RSS
 * with the remover loaded). The next use loads it again (the cost the README names), so the default is long
 * enough that a session in steady use is never dropped.
 */

export interface IdleRelease {
  /** Call when a use of the model ends: restarts the countdown. */
  touch(): void;
  /** Stops the countdown (the model was released or failed to load). */
  cancel(): void;
}

/**
 * A countdown of `idleMs` after the last {@link IdleRelease.touch}; when it runs out `release` is called once
 * (until the next touch). 0 or less never releases. The timer does not keep the process (or thread) alive.
 */
export function idleRelease(idleMs: number, release: () => void): IdleRelease {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    touch() {
      cancel();
      if (!(idleMs > 0)) return;
      timer = setTimeout(() => {
        timer = null;
        release();
      }, idleMs);
      timer.unref?.();
    },
    cancel,
  };
}
