/**
 * Keeps the editor page from scrolling: while the editor is open the document itself cannot
 * scroll (a wheel over the tool rail or a panel's end no longer slides the toolbar under the
 * site header), and the shell is pinned from the bottom of whatever sits above it to the bottom
 * of the viewport. Only the canvas pans, and panels scroll inside themselves.
 */
import { useLayoutEffect, type RefObject } from 'react';

/** Class on <html> while an editor is open (see editor.css). */
export const PAGE_LOCK_CLASS = 'ed-page-locked';

/**
 * Locks page scrolling while mounted and keeps `--ed-top` (on the shell) at the placeholder's top,
 * i.e. the height of the site header and any notice above the editor.
 * @param placeholder an in-flow element where the shell would start without being pinned
 * @param shell the pinned shell whose `--ed-top` is set
 */
export function usePageLock(placeholder: RefObject<HTMLElement | null>, shell: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.add(PAGE_LOCK_CLASS);
    window.scrollTo(0, 0);
    const place = () => {
      const top = placeholder.current?.getBoundingClientRect().top ?? 0;
      shell.current?.style.setProperty('--ed-top', `${Math.max(0, Math.round(top + window.scrollY))}px`);
      // Something (focus, an anchor) may still scroll a locked page; put it back.
      if (window.scrollY) window.scrollTo(0, 0);
    };
    place();
    const observer = new ResizeObserver(place);
    // The header and notices above the editor change height on resize, language or menu changes.
    for (let box = placeholder.current?.parentElement; box && box !== document.body; box = box.parentElement) {
      for (let node = box.previousElementSibling; node; node = node.previousElementSibling) observer.observe(node);
    }
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      root.classList.remove(PAGE_LOCK_CLASS);
      observer.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [placeholder, shell]);
}
