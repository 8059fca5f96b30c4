/**
 * The smooth base for text removal, chosen per hole from what predicts the hole's own surroundings best.
 *
 * Near a removed glyph the band a few pixels inside the mask is where a smudge shows, and no smooth fill wins there on
 * every photo: Telea (fast marching) follows edges best, Navier-Stokes carries isophotes further, the membrane is the
 * best mean-square guess on soft gradients; their mean is often closer than either. So each is also run on the mask
 * grown by VALIDATION_PX, which makes the ring of real pixels around each hole predictable, and per hole (connected
 * part of the mask) the mix of the three that predicts that ring best (mean absolute error) fills the hole. This is a
 * check on known pixels of the same photo, not a threshold tuned on other photos.
 */
import type { BinaryMask, Raster } from './raster';
import { type FloatImage, harmonicFill } from './smooth';
import { runTelea } from './telea';

/** Width of the ring of real pixels each hole's candidates are judged on (as wide as the band the bench measures). */
export const VALIDATION_PX = 6;
/** Neighbourhood radius of the Telea and Navier-Stokes fills (as the 'fast' fill's). */
const RADIUS = 5;
/** Weights of Telea, Navier-Stokes and the membrane in each candidate mix. */
export const SMOOTH_MIXES: ReadonlyArray<readonly [number, number, number]> = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [0.5, 0.5, 0],
  [0.5, 0, 0.5],
  [1 / 3, 1 / 3, 1 / 3],
  [0.75, 0.25, 0],
  [0.75, 0, 0.25],
];

/**
 * Every pixel within `steps` (4-connected steps) of the hole, labelled with the part it was reached from (0 = farther
 * away; hole pixels keep their own label).
 */
export function ringLabels(labels: Int32Array, w: number, h: number, steps: number): Int32Array {
  const out = Int32Array.from(labels);
  let frontier: number[] = [];
  for (let i = 0; i < labels.length; i++) if (labels[i]) frontier.push(i);
  for (let s = 0; s < steps && frontier.length; s++) {
    const next: number[] = [];
    for (const i of frontier) {
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < (h - 1) * w ? i + w : -1]) {
        if (j < 0 || out[j]) continue;
        out[j] = out[i];
        next.push(j);
      }
    }
    frontier = next;
  }
  return out;
}

/** Telea, Navier-Stokes and membrane fills of `hole` (1 = fill), as float images. */
async function candidates(raster: Raster, hole: Uint8Array): Promise<FloatImage[]> {
  const mask: BinaryMask = { data: Uint8Array.from(hole, (v) => (v ? 255 : 0)), width: raster.width, height: raster.height };
  const asFloat = (data: Buffer): FloatImage => ({ data: Float32Array.from(data), width: raster.width, height: raster.height, channels: raster.channels });
  const membrane = asFloat(raster.data);
  harmonicFill(membrane, hole);
  return [asFloat(await runTelea(raster, mask, RADIUS, 'telea')), asFloat(await runTelea(raster, mask, RADIUS, 'ns')), membrane];
}

/**
 * The smooth fill of `hole` (1 = fill) whose mix of Telea, Navier-Stokes and the membrane is chosen per part (`labels`,
 * `count`: bestFill's labelParts) by how well it predicts the VALIDATION_PX ring of real pixels around that part when
 * the mask is grown over it. Known pixels are the raster's.
 */
export async function chosenSmoothFill(raster: Raster, hole: Uint8Array, labels: Int32Array, count: number): Promise<FloatImage> {
  const { width: w, height: h, channels: c } = raster;
  const reach = ringLabels(labels, w, h, VALIDATION_PX);
  const grown = Uint8Array.from(reach, (v) => (v ? 1 : 0));
  const real = await candidates(raster, hole);
  const judged = await candidates(raster, grown);
  const err = new Float64Array((count + 1) * SMOOTH_MIXES.length);
  for (let i = 0; i < reach.length; i++) {
    if (!reach[i] || hole[i]) continue;
    for (let m = 0; m < SMOOTH_MIXES.length; m++) {
      const [a, b, e] = SMOOTH_MIXES[m];
      let sum = 0;
      for (let k = 0; k < c; k++)
        sum += Math.abs(a * judged[0].data[i * c + k] + b * judged[1].data[i * c + k] + e * judged[2].data[i * c + k] - raster.data[i * c + k]);
      err[reach[i] * SMOOTH_MIXES.length + m] += sum;
    }
  }
  const choice = new Int32Array(count + 1);
  for (let l = 1; l <= count; l++) {
    let best = 0;
    for (let m = 1; m < SMOOTH_MIXES.length; m++) if (err[l * SMOOTH_MIXES.length + m] < err[l * SMOOTH_MIXES.length + best]) best = m;
    choice[l] = best;
  }
  const out: FloatImage = { data: Float32Array.from(raster.data), width: w, height: h, channels: c };
  for (let i = 0; i < labels.length; i++) {
    if (!hole[i]) continue;
    const [a, b, e] = SMOOTH_MIXES[choice[labels[i]]];
    for (let k = 0; k < c; k++) out.data[i * c + k] = a * real[0].data[i * c + k] + b * real[1].data[i * c + k] + e * real[2].data[i * c + k];
  }
  return out;
}
