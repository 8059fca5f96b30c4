/**
 * Lazy font previews for a scrolling list: a row's font is loaded only when the row comes into
 * view (one IntersectionObserver for the whole list), so opening the picker does not download
 * 150 fonts. Rows show the system font until theirs is ready.
 */
import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
import { fontEntry } from '../../engine/fonts/catalogue';
import { SCRIPT_SAMPLES } from './fontFilter';
import { ensureFontsFor, isFontLoaded } from './fontLoader';

export type PreviewState = 'idle' | 'loaded' | 'failed';

export function useFontPreviews(rootRef: RefObject<HTMLElement | null>) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const failed = useRef(new Set<string>());
  const inFlight = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const waiting = useRef(new Set<Element>());

  const start = useCallback((fontName: string) => {
    if (!fontName || isFontLoaded(fontName) || inFlight.current.has(fontName) || failed.current.has(fontName)) return;
    inFlight.current.add(fontName);
    const entry = fontEntry(fontName);
    // CJK names are in Latin letters; the sample needs the family's own-script subsets too.
    const sample = `${entry?.family ?? ''}${(entry && SCRIPT_SAMPLES[entry.category]) ?? ''}`;
    ensureFontsFor(sample, fontName)
      .catch(() => failed.current.add(fontName)) // loadFont has already logged it with the font id
      .finally(() => {
        inFlight.current.delete(fontName);
        rerender();
      });
  }, []);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // Rows stay observed: after clearFonts a row that scrolls back into view loads again.
          if (entry.isIntersecting) start((entry.target as HTMLElement).dataset.fontName ?? '');
        }
      },
      { root: rootRef.current, rootMargin: '160px 0px' },
    );
    observer.current = io;
    // Rows attach their refs before effects run: observe the ones that came first.
    for (const el of waiting.current) io.observe(el);
    waiting.current.clear();
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, [rootRef, start]);

  /** Callback ref for a row carrying `data-font-name`. */
  const observe = useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    if (observer.current) observer.current.observe(el);
    else waiting.current.add(el);
    return () => {
      observer.current?.unobserve(el);
      waiting.current.delete(el);
    };
  }, []);

  const stateOf = useCallback((fontName: string): PreviewState => (isFontLoaded(fontName) ? 'loaded' : failed.current.has(fontName) ? 'failed' : 'idle'), []);

  return { observe, stateOf };
}
