/** Small library thumbnails for the picker, rendered once per process and kept in memory. */
import sharp from 'sharp';
import { backgroundById } from '../../../engine/backgrounds/catalogue';
import { renderBackground } from './render';

/** 4:3 at twice the grid's CSS size (120 × 90), so thumbnails stay sharp on high-density screens. */
export const THUMB_WIDTH = 240;
export const THUMB_HEIGHT = 180;

const cache = new Map<string, Promise<Buffer>>();

/**
 * The PNG thumbnail of a library background, or null for an unknown id. Concurrent requests for the same id
 * share one render.
 */
export function backgroundThumbnail(id: string): Promise<Buffer> | null {
  const def = backgroundById(id);
  if (!def) return null;
  let pending = cache.get(id);
  if (!pending) {
    pending = renderBackground(def, THUMB_WIDTH, THUMB_HEIGHT, { grain: false }).then(({ data }) =>
      // A quantised palette keeps each thumbnail to a few kilobytes; dithering hides the steps in gradients.
      sharp(data, { raw: { width: THUMB_WIDTH, height: THUMB_HEIGHT, channels: 4 } })
        .removeAlpha()
        .png({ palette: true, quality: 90, dither: 1, compressionLevel: 9 })
        .toBuffer(),
    );
    // A failed render is not cached, so the next request tries again.
    pending.catch(() => cache.delete(id));
    cache.set(id, pending);
  }
  return pending;
}
