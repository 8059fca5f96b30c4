/** Studio sweeps and the gradient kinds: linear, radial and soft colour clouds ("mesh"). */
import type { LinearParams, MeshParams, RadialParams, StudioParams } from '../types';
import { frame, glow, linearRect, mix, n, paint, stops, vignette } from './util';

/**
 * A seamless paper sweep: the wall darkens a little towards the top, curves softly into the floor at
 * `horizon`, a spotlight brightens the area behind the subject and its pool lands on the floor.
 */
export function studioSvg(p: StudioParams, width: number, height: number): string {
  const h = Math.min(0.92, Math.max(0.3, p.horizon));
  const sweep = 0.07; // half the height of the curve, as a fraction of the image
  const wall = linearRect(
    'wall',
    [
      { color: mix(p.wall, '#000000', 0.1), offset: 0 },
      { color: p.wall, offset: Math.max(0, h - 0.25) },
      { color: mix(p.wall, p.floor, 0.35), offset: h - sweep },
      { color: mix(p.wall, p.floor, 0.8), offset: h + sweep * 0.6 },
      { color: p.floor, offset: Math.min(1, h + sweep * 1.6) },
      { color: mix(p.floor, '#000000', 0.08), offset: 1 },
    ],
    180,
    width,
    height,
  );
  const short = Math.min(width, height);
  const spot = `<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" ${paint(p.light, 'stop-color', 0.55)}/><stop offset="0.6" ${paint(p.light, 'stop-color', 0.18)}/><stop offset="1" ${paint(p.light, 'stop-color', 0)}/></radialGradient>`;
  const spotBody = `<ellipse cx="${n(width / 2)}" cy="${n(height * h * 0.72)}" rx="${n(width * 0.62)}" ry="${n(height * h * 0.8)}" fill="url(#spot)"/>`;
  const pool = `<ellipse cx="${n(width / 2)}" cy="${n(height * (h + (1 - h) * 0.45))}" rx="${n(Math.max(width * 0.45, short * 0.4))}" ry="${n(height * (1 - h) * 0.55)}" fill="url(#spot)" opacity="0.7"/>`;
  const vig = vignette('vig', width, height, p.vignette);
  return frame(width, height, wall.defs + spot + vig.defs, wall.body + spotBody + pool + vig.body);
}

export function linearSvg(p: LinearParams, width: number, height: number): string {
  const rect = linearRect('g', p.stops, p.angle, width, height);
  return frame(width, height, rect.defs, rect.body);
}

export function radialSvg(p: RadialParams, width: number, height: number): string {
  const r = (Math.hypot(width, height) / 2) * p.r;
  const defs = `<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="${n(p.cx * width)}" cy="${n(p.cy * height)}" r="${n(r)}">${stops(p.stops)}</radialGradient>`;
  return frame(width, height, defs, `<rect width="${width}" height="${height}" fill="url(#g)"/>`);
}

/** Soft colour clouds: each blob is a radial fade, so overlapping blobs blend like a mesh gradient. */
export function meshSvg(p: MeshParams, width: number, height: number): string {
  const short = Math.min(width, height);
  let defs = '';
  let body = `<rect width="${width}" height="${height}" ${paint(p.base)}/>`;
  p.blobs.forEach((blob, i) => {
    const disc = glow(`b${i}`, blob.x * width, blob.y * height, blob.r * short, blob.color, blob.opacity ?? 0.85, 0.1);
    defs += disc.defs;
    body += disc.body;
  });
  return frame(width, height, defs, body);
}
