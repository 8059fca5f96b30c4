/**
 * Asynchronous effect work of one scene (effect renders, backdrop blends, outline tracing). The
 * export renderer waits until the scene is idle before it reads the stage, so an export never
 * shows an effect half done; the live stage does not wait (it shows the previous result meanwhile).
 */
import { useEffect } from 'react';
import { useScene } from '../sceneContext';

export interface WorkTracker {
  /** Registers one piece of work; call the returned function once, when its result is on screen. */
  begin(): () => void;
  /** Resolves once no work is pending, checked across two macrotasks (work that finishes often
   * starts dependent work in the very next React commit). Gives up after `timeoutMs`. */
  whenIdle(timeoutMs?: number): Promise<void>;
  readonly pending: number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createWorkTracker(): WorkTracker {
  let pending = 0;
  let wake: (() => void) | null = null;
  return {
    begin() {
      pending += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
        if (pending === 0 && wake) wake();
      };
    },
    async whenIdle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let quietChecks = 0;
      while (quietChecks < 2) {
        if (Date.now() > deadline) {
          console.warn(`effects: ${pending} effect render(s) still pending after ${timeoutMs} ms; exporting without them`);
          return;
        }
        if (pending > 0) {
          quietChecks = 0;
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 250);
          });
          wake = null;
          continue;
        }
        await nextTask();
        quietChecks += pending === 0 ? 1 : 0;
      }
    },
    get pending() {
      return pending;
    },
  };
}

/** Keeps one piece of the scene's work registered while `busy` is true (ends after the commit
 * that clears it, i.e. once its result is in the Konva tree). */
export function useBusyWhile(busy: boolean): void {
  const { work } = useScene();
  useEffect(() => (busy && work ? work.begin() : undefined), [busy, work]);
}
