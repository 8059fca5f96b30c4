import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onFile` when the user pastes a file anywhere on the page (Ctrl/Cmd+V).
 * Plain text pastes are left alone so typing into form fields still works.
 */
export function usePasteImage(onFile: (file: File) => void): void {
  const handle = useEffectEvent(onFile);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      const file = files.find((f) => f.type.startsWith('image/')) ?? files[0];
      if (!file) return;
      event.preventDefault();
      handle(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);
}
