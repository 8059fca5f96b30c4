import { useEffect, useEffectEvent } from 'react';

/** Asks the browser to confirm leaving the page while `hasUnsaved()` is true (the text is the browser's own). */
export function useBeforeUnload(hasUnsaved: () => boolean): void {
  const check = useEffectEvent(hasUnsaved);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check()) return;
      event.preventDefault();
      // Older browsers still need returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
