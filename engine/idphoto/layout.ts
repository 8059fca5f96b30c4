/**
 * Where the head goes in an ID photo: from the measured crown, chin and eyes of an upright
 * (roll-corrected) photo to the scale and offset that put the head height and the top margin
 * inside the template's bands. Plain arithmetic shared by the server (the crop) and the edit page
 * (the band it draws, the limits of its sliders).
 */
import { type IdPhotoTemplate, type PercentBand } from './template';

/** Measured head of an upright photo, in its pixels. */
export interface HeadMeasure {
  /** Top of the hair (from the person mask). */
  crownY: number;
  /** Lowest chin point (face mesh). */
  chinY: number;
  /** Horizontal centre of the face (between the eyes). */
  centreX: number;
  /** Eye line. */
  eyeY: number;
}

/**
 * The user's adjustments (edit page), each 0..1 inside the allowed band, plus a horizontal shift.
 * `headSize` 0 = smallest allowed head, 1 = largest; `topMargin` 0 = least allowed gap above the
 * head, 1 = most; `shiftX` moves the head sideways, a fraction of the photo's width (±0.15).
 */
export interface IdPhotoAdjust {
  headSize: number;
  topMargin: number;
  shiftX: number;
}

export const DEFAULT_ADJUST: IdPhotoAdjust = { headSize: 0.5, topMargin: 0.5, shiftX: 0 };
/** The largest sideways shift, a fraction of the width: beyond it the face is visibly off-centre. */
export const MAX_SHIFT_X = 0.15;
/**
 * Bands are used only in their inner part (this fraction trimmed at each end), so the measured
 * result stays inside the official band even with a pixel or two of measuring noise.
 */
export const BAND_SAFETY = 0.1;
/** A photo may be enlarged at most this much: more and the result is visibly blurred ("photo too small"). */
export const MAX_UPSCALE = 2.5;

/** The usable part of a band (percent), BAND_SAFETY trimmed at each end. */
export function innerBand(band: PercentBand): [number, number] {
  const trim = (band[1] - band[0]) * BAND_SAFETY;
  return [band[0] + trim, band[1] - trim];
}

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);
const lerp = (band: readonly [number, number], t: number) => band[0] + (band[1] - band[0]) * clamp01(t);

/** Clamps an adjustment to its legal range; anything not a number falls back to the default. */
export function normaliseAdjust(a: Partial<IdPhotoAdjust> | null | undefined): IdPhotoAdjust {
  const shift = Number(a?.shiftX);
  return {
    headSize: clamp01(Number(a?.headSize ?? DEFAULT_ADJUST.headSize)),
    topMargin: clamp01(Number(a?.topMargin ?? DEFAULT_ADJUST.topMargin)),
    shiftX: Number.isFinite(shift) ? Math.max(-MAX_SHIFT_X, Math.min(MAX_SHIFT_X, shift)) : 0,
  };
}

/** The placement: output = (source − origin) × scale, at the template's pixel size. */
export interface IdPhotoPlacement {
  scale: number;
  /** Source coordinates of the output's top-left corner. */
  originX: number;
  originY: number;
  outWidth: number;
  outHeight: number;
  /** Where the head lands in the output, percent of its height. */
  headPercent: number;
  topPercent: number;
  /** Eye line above the bottom edge, percent. */
  eyePercent: number;
}

/**
 * Scale and origin that put `head` into the template's bands with the user's adjustments. When the
 * template also bounds the eye line (US), the top margin is moved inside its band as far as needed
 * to bring the eyes into theirs.
 */
export function placeHead(template: IdPhotoTemplate, head: HeadMeasure, adjust: IdPhotoAdjust = DEFAULT_ADJUST): IdPhotoPlacement {
  const a = normaliseAdjust(adjust);
  const H = template.pixelHeight;
  const W = template.pixelWidth;
  const headBand = innerBand(template.headPercent);
  let headPct = lerp(headBand, a.headSize);
  const sourceHead = Math.max(1, head.chinY - head.crownY);
  const topBand = innerBand(template.topPercent);
  let topPct = lerp(topBand, a.topMargin);
  if (template.eyePercent) {
    // Eye line above the bottom = 100 − top − eyeShare × head, eyeShare = (eye − crown) / (chin − crown).
    const eyeShare = (head.eyeY - head.crownY) / sourceHead;
    const eyeBand = innerBand(template.eyePercent);
    const eyeAt = () => 100 - topPct - eyeShare * headPct;
    if (eyeAt() < eyeBand[0]) {
      topPct = Math.max(topBand[0], 100 - eyeBand[0] - eyeShare * headPct);
      // Still too low (much hair above the eyes): a smaller head, as far as its band allows.
      if (eyeAt() < eyeBand[0]) headPct = Math.max(headBand[0], (100 - eyeBand[0] - topPct) / eyeShare);
    } else if (eyeAt() > eyeBand[1]) {
      topPct = Math.min(topBand[1], 100 - eyeBand[1] - eyeShare * headPct);
      if (eyeAt() > eyeBand[1]) headPct = Math.min(headBand[1], (100 - eyeBand[1] - topPct) / eyeShare);
    }
  }
  const headPx = (headPct / 100) * H;
  const scale = headPx / sourceHead;
  const topPx = (topPct / 100) * H;
  const centreOut = W / 2 + a.shiftX * W;
  const originX = head.centreX - centreOut / scale;
  const originY = head.crownY - topPx / scale;
  const eyePercent = 100 - ((topPx + (head.eyeY - head.crownY) * scale) / H) * 100;
  return { scale, originX, originY, outWidth: W, outHeight: H, headPercent: (headPx / H) * 100, topPercent: topPct, eyePercent };
}
