/** The eraser's tool keys: B picks the brush, S "Select object" (not while typing, not with a modifier). */
import { useEffect, useEffectEvent } from 'react';
import type { EraserTool } from '../../../tools/eraser/eraserModes';

const KEYS: Readonly<Record<string, EraserTool>> = { b: 'brush', s: 'select' };

function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.matches('input[type="text"], input[type="search"], input[type="email"], input:not([type]), textarea, select');
}

/** Calls `onTool` on B or S while `enabled`. */
export function useToolKeys(onTool: (tool: EraserTool) => void, enabled: boolean): void {
  const choose = useEffectEvent(onTool);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing) return;
      const tool = KEYS[event.key.toLowerCase()];
      if (!tool || isTyping(document.activeElement)) return;
      event.preventDefault();
      choose(tool);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
