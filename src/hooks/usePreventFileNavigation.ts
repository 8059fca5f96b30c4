import { useEffect } from 'react';

/**
 * A file dropped just outside the drop zone would make the browser open it and
 * leave the page, losing the user's work; swallow such drops on this page.
 */
export function usePreventFileNavigation(): void {
  useEffect(() => {
    const swallow = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);
}
