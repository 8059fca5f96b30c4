/**
 * Mutable state shared by the live stage's pointer handlers for the gesture under way (kept out of
 * React state: it changes on every pointer move and nothing renders from it directly).
 */
export interface GestureState {
  /** Space is held: a drag pans instead of moving layers. */
  spaceHeld: boolean;
  /** The next layer drag must not start (its press toggled it out of the selection). */
  cancelNextDrag: boolean;
  /** A pan, pinch or marquee is under way. */
  busy: 'pan' | 'pinch' | 'marquee' | null;
}

export function createGestureState(): GestureState {
  return { spaceHeld: false, cancelNextDrag: false, busy: null };
}

/**
 * Runs `onEscape` on Escape until the returned function is called; it goes first (capture) and
 * swallows the key, so Escape cancels the gesture instead of also clearing the selection.
 */
export function listenForEscape(onEscape: () => void): () => void {
  const listener = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onEscape();
  };
  window.addEventListener('keydown', listener, true);
  return () => window.removeEventListener('keydown', listener, true);
}
