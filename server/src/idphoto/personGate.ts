/**
 * Keeps only the person whose face we crop: IS-Net marks every salient thing, and in a photo cut
 * from a group the neighbours' shoulders would otherwise stay in the ID photo. The alpha is
 * thresholded on a small grid, the component under the eye centre is flood-filled, grown a little,
 * and everything outside it is cleared (alpha and the RGBA copy's alpha).
 */
import type { Plane } from './upright';

/** The grid the components are found on (longer side). */
const GRID = 256;
const ON = 64;

export function mainPersonGate(alpha: Plane, seed: { x: number; y: number }, rgba?: Buffer): void {
  const { width, height } = alpha;
  const step = Math.max(1, Math.max(width, height) / GRID);
  const gw = Math.ceil(width / step);
  const gh = Math.ceil(height / step);
  const on = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const x = Math.min(width - 1, Math.floor((gx + 0.5) * step));
      const y = Math.min(height - 1, Math.floor((gy + 0.5) * step));
      on[gy * gw + gx] = alpha.data[y * width + x] >= ON ? 1 : 0;
    }
  }
  const sx = Math.min(gw - 1, Math.max(0, Math.floor(seed.x / step)));
  const sy = Math.min(gh - 1, Math.max(0, Math.floor(seed.y / step)));
  if (!on[sy * gw + sx]) return; // the matte missed the face itself: keep everything rather than nothing
  const keep = new Uint8Array(gw * gh);
  const stack = [sy * gw + sx];
  keep[sy * gw + sx] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % gw;
    const y = (i - x) / gw;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ]) {
      if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
      const j = ny * gw + nx;
      if (on[j] && !keep[j]) {
        keep[j] = 1;
        stack.push(j);
      }
    }
  }
  // Grow by two cells so the soft edge (alpha below ON) of the kept person stays.
  const grown = new Uint8Array(keep);
  for (let pass = 0; pass < 2; pass++) {
    const src = new Uint8Array(grown);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        if (src[y * gw + x]) continue;
        if ((x > 0 && src[y * gw + x - 1]) || (x < gw - 1 && src[y * gw + x + 1]) || (y > 0 && src[(y - 1) * gw + x]) || (y < gh - 1 && src[(y + 1) * gw + x]))
          grown[y * gw + x] = 1;
      }
    }
  }
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.floor(y / step));
    for (let x = 0; x < width; x++) {
      if (grown[gy * gw + Math.min(gw - 1, Math.floor(x / step))]) continue;
      const i = y * width + x;
      alpha.data[i] = 0;
      if (rgba) rgba[i * 4 + 3] = 0;
    }
  }
}
