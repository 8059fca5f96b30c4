/**
 * Press-and-hold comparison: pointer down on the Compare button (or Space/Enter on it, or the
 * backslash key anywhere outside a text field) shows the original until released. Losing the
 * window's focus also releases it, so the flag can never stick on.
 */
import { useEffect, type KeyboardEvent, type PointerEvent } from 'react';
import { setComparing } from '../../canvas/compareStore';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Whether the focused element takes typed characters (a backslash typed there is text, not a command). */
export function takesText(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element.matches('textarea, select, [role="textbox"], [role="combobox"]')) return true;
  return element instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(element.type);
}

/**
 * True for the compare key: a backslash by character (layouts differ in where it is: on a German
 * keyboard it is AltGr+ß, which reports Ctrl+Alt, while the key at code "Backslash" types "#").
 * Cmd/Ctrl+\ without Alt stay free for other shortcuts.
 */
export function isCompareKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  if (event.metaKey || (event.ctrlKey && !event.altKey)) return false;
  return event.key === '\\';
}

/** The backslash key held anywhere in the editor (not while typing, not in a dialog) compares. */
export function useCompareKey(): void {
  useEffect(() => {
    // The physical key that started it: its keyup ends it even if AltGr was let go first and it now reads "ß".
    let heldCode: string | null = null;
    const down = (event: globalThis.KeyboardEvent) => {
      if (!isCompareKey(event) || event.isComposing || event.defaultPrevented) return;
      if (takesText(document.activeElement) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      heldCode = event.code;
      setComparing(true);
    };
    const up = (event: globalThis.KeyboardEvent) => {
      if (heldCode === null || (event.code !== heldCode && event.key !== '\\')) return;
      heldCode = null;
      setComparing(false);
    };
    const release = () => {
      heldCode = null;
      setComparing(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', release);
      release();
    };
  }, []);
}

/** Handlers for the Compare button: held by pointer or by Space/Enter. */
export function useHoldToCompare() {
  useEffect(() => () => setComparing(false), []);
  const release = () => setComparing(false);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      // Keeps pointerup coming to the button even when the finger slides off it.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setComparing(true);
    },
    onPointerUp: release,
    onPointerCancel: release,
    onLostPointerCapture: release,
    onBlur: release,
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      setComparing(true);
    },
    onKeyUp(event: KeyboardEvent<HTMLElement>) {
      if (event.key === ' ' || event.key === 'Enter') release();
    },
    // Touch browsers open a context menu on a long press; holding is the whole point here.
    onContextMenu(event: { preventDefault(): void }) {
      event.preventDefault();
    },
  };
}
