/**
 * Canvas keyboard shortcuts on window keydown, active while the canvas or the page body has focus
 * (and Mod-combos also from toolbar buttons), never while typing in a field, inside a dialog or
 * during IME composition.
 */
import { type RefObject, useEffect, useEffectEvent } from 'react';
import type { Editor } from '../../../engine/Editor';
import { runShortcut, type ShortcutContext } from './shortcutActions';
import { findShortcut } from './shortcuts';

function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.matches('input, textarea, select, [role="textbox"], [role="combobox"]');
}

/** Whether a key event is meant for the canvas. */
export function isCanvasKeyTarget(event: KeyboardEvent, container: HTMLElement | null): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const active = document.activeElement;
  if (isEditable(active)) return false;
  if (active?.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return false;
  if (!active || active === document.body || (container && container.contains(active))) return true;
  // Arrows, Enter and Escape belong to the focused control; Mod-combos (undo…) work from anywhere.
  return event.ctrlKey || event.metaKey;
}

export function useCanvasKeyboard(editor: Editor, container: RefObject<HTMLElement | null>, context: ShortcutContext): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isCanvasKeyTarget(event, container.current)) return;
    const shortcut = findShortcut(event);
    if (shortcut && runShortcut(editor, shortcut.action, context)) event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
