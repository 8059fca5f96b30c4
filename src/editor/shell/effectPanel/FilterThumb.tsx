/** One filter's live preview: drawn when it scrolls into view (queued), from the thumbnail cache when possible. */
import { useEffect, useRef } from 'react';
import type { FilterDef } from '../../../../engine/effects/filters';
import { cachedFilterThumbnail, peekFilterThumbnail, type Pixels } from './filterThumbs';
import { enqueueThumbnail } from './thumbQueue';
import type { ThumbnailSource } from './useThumbnailSource';

function draw(canvas: HTMLCanvasElement, pixels: Pixels): void {
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  const image = new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height);
  canvas.getContext('2d')?.putImageData(image, 0, 0);
}

/** `filter` null draws the source itself ("None"). */
export function FilterThumb({ source, filter }: { source: ThumbnailSource; filter: FilterDef | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    if (!filter) {
      draw(element, source.pixels);
      return;
    }
    const ready = peekFilterThumbnail(source.key, filter.uid);
    if (ready) {
      draw(element, ready);
      return;
    }
    let cancel: (() => void) | null = null;
    const start = () => {
      cancel ??= enqueueThumbnail(() => draw(element, cachedFilterThumbnail(source.key, source.pixels, filter)));
    };
    // Lazily: only cells on screen (or about to be) cost a LUT bake.
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => cancel?.();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: '120px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [source, filter]);
  return <canvas ref={canvas} className="fx-filter__thumb" aria-hidden="true" />;
}
