import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

/** Real photos shipped for tests (scikit-image sample data, public domain / CC0; see NOTICE.md). */
export const PHOTOS = {
  astronaut: path.join(PROJECT_ROOT, 'tests/assets/photos/astronaut.jpg'),
  chelsea: path.join(PROJECT_ROOT, 'tests/assets/photos/chelsea.jpg'),
  coffee: path.join(PROJECT_ROOT, 'tests/assets/photos/coffee.jpg'),
  /** Debian darknet data: a kite and two small people on a beach (small subjects). */
  kite: path.join(PROJECT_ROOT, 'tests/assets/photos/kite.jpg'),
};

export const readPhoto = (name: keyof typeof PHOTOS): Promise<Buffer> => readFile(PHOTOS[name]);

/** Mean of a single-channel image over a rectangle. */
export function meanInRect(alpha: Uint8Array, width: number, rect: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) for (let x = rect.x; x < rect.x + rect.w; x++) sum += alpha[y * width + x];
  return sum / (rect.w * rect.h);
}
