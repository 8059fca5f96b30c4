/**
 * Measures a finished ID photo the way a checker would, independently of how it was made: the
 * face mesh is found again on the output (chin, eyes), the crown is the first row from the top,
 * in a band of columns over the face, that differs from the plain background colour. Used by the
 * tests and by bench/idphoto to report head-height ratio, top margin and eye tilt.
 */
import sharp from 'sharp';
import { detectFaces } from '../models/human/faceLandmarks';
import { parseHex } from './render';

/** A pixel differs from the background when a channel is this far off (JPEG noise stays below it). */
const BG_DIFF = 40;

export interface OutputMeasure {
  width: number;
  height: number;
  density: number | undefined;
  faces: number;
  /** Head height (crown to chin) as % of the height. */
  headPercent: number;
  /** Gap above the crown, % of the height. */
  topPercent: number;
  /** Eye line above the bottom, % of the height. */
  eyePercent: number;
  /** Angle of the eye line, degrees (0 = level). */
  eyeTiltDeg: number;
  /** Mean colour of the two top corner patches (the bottom ones usually hold the shoulders). */
  cornerColor: [number, number, number];
}

export async function measureIdPhoto(jpeg: Buffer, background: string): Promise<OutputMeasure> {
  const meta = await sharp(jpeg).metadata();
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const faces = await detectFaces(new Uint8Array(data.buffer, data.byteOffset, data.length), W, H);
  if (faces.length === 0) throw new Error('no face found in the output');
  const f = faces[0];
  const bg = parseHex(background);
  const cx = (f.eyes[0].x + f.eyes[1].x) / 2;
  const faceW = Math.hypot(f.mesh[234].x - f.mesh[454].x, f.mesh[234].y - f.mesh[454].y);
  const differs = (x: number, y: number) => {
    const o = (y * W + x) * 3;
    return Math.max(Math.abs(data[o] - bg[0]), Math.abs(data[o + 1] - bg[1]), Math.abs(data[o + 2] - bg[2])) > BG_DIFF;
  };
  let crown = H;
  for (let x = Math.round(cx - 0.2 * faceW); x <= Math.round(cx + 0.2 * faceW); x++) {
    if (x < 0 || x >= W) continue;
    for (let y = 0; y < f.forehead.y; y++) {
      // Two differing rows in a row: a lone JPEG artefact does not count.
      if (differs(x, y) && y + 1 < H && differs(x, y + 1)) {
        crown = Math.min(crown, y);
        break;
      }
    }
  }
  const eyeY = (f.eyes[0].y + f.eyes[1].y) / 2;
  const corner = [0, 0, 0] as [number, number, number];
  const patch = 6;
  for (const [x0, y0] of [
    [0, 0],
    [W - patch, 0],
  ]) {
    for (let y = y0; y < y0 + patch; y++)
      for (let x = x0; x < x0 + patch; x++) for (let c = 0; c < 3; c++) corner[c] += data[(y * W + x) * 3 + c] / (2 * patch * patch);
  }
  return {
    width: W,
    height: H,
    density: meta.density,
    faces: faces.length,
    headPercent: ((f.chin.y - crown) / H) * 100,
    topPercent: (crown / H) * 100,
    eyePercent: ((H - eyeY) / H) * 100,
    eyeTiltDeg: f.rollDeg,
    cornerColor: corner.map(Math.round) as [number, number, number],
  };
}
