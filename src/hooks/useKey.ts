import { useEffect, useEffectEvent } from 'react';

/** Runs `handler` on a window keydown of `key` while `enabled` (e.g. Escape cancels a running task). */
export function useKey(key: string, handler: () => void, enabled = true): void {
  const handle = useEffectEvent(handler);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === key && !event.defaultPrevented) handle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [key, enabled]);
}
