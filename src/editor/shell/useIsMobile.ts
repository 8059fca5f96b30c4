import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../engine/spec/limits';

/** Below the mobile breakpoint (SPEC §9: width < 768 px) the side panels become a bottom sheet. */
const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
