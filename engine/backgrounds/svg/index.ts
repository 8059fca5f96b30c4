/** One entry point: a background definition → an SVG document of the requested pixel size. */
import type { BackgroundDef } from '../types';
import { bokehSvg } from './bokeh';
import { geometricSvg } from './geometric';
import { linearSvg, meshSvg, radialSvg, studioSvg } from './gradients';
import { landscapeSvg } from './landscape';
import { roomSvg } from './room';

export { noiseSvg } from './noise';
export { linearSvg } from './gradients';

/**
 * The SVG of a background at `width` × `height` pixels. Deterministic: the same definition and size
 * always give the same document (seeded randomness), so thumbnails and full renders match.
 * @example backgroundSvg(backgroundById('studio-white')!, 800, 600)
 */
export function backgroundSvg(def: BackgroundDef, width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  switch (def.kind) {
    case 'studio':
      return studioSvg(def.params, w, h);
    case 'linear':
      return linearSvg(def.params, w, h);
    case 'radial':
      return radialSvg(def.params, w, h);
    case 'mesh':
      return meshSvg(def.params, w, h);
    case 'bokeh':
      return bokehSvg(def.params, w, h);
    case 'geometric':
      return geometricSvg(def.params, w, h);
    case 'landscape':
      return landscapeSvg(def.params, w, h);
    case 'room':
      return roomSvg(def.params, w, h);
  }
}
