import { useEffect, useEffectEvent } from 'react';

function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.matches('input, textarea, select');
}

/** '?' opens the shortcut help (not while typing, not from inside an open dialog). */
export function useHelpKey(onHelp: () => void): void {
  const open = useEffectEvent(onHelp);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing) return;
      if (isTyping(document.activeElement) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
