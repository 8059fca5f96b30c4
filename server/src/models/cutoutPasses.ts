/**
 * Geometry of the two IS-Net passes of a cut-out (issue 15): how large the first pass runs for a
 * photo, where the subject is, and whether a second, zoomed-in pass on the subject's box is worth
 * its time. Plain arithmetic on masks, no model and no sharp, so it is tested on its own.
 */
import { DEFAULT_GUARD, type GuardOptions } from './cutoutGuard';

/** Tunables of the cut-out; defaults chosen on the tuning composites of bench:removebg-quality. */
export interface CutoutOptions {
  /**
   * The first pass sees the photo at its own pixel count, but at least this many pixels… (for
   * photos smaller than minPassPixels / firstPassUpscale², see firstPassUpscale)
   */
  minPassPixels: number;
  /** …a photo smaller than that is seen enlarged by this factor (linear), so its time follows its size… */
  firstPassUpscale: number;
  /** …and seen again at minPassPixels when that smaller pass is this unsure (share of its subject-ish pixels). */
  firstPassFallbackShare: number;
  /** …and at most this many (IS-Net was trained at 1024²). */
  maxPassPixels: number;
  /** Run the second pass on the subject's box. */
  secondPass: boolean;
  /** The second pass may enlarge the crop up to this factor (linear) over the photo's own pixels… */
  maxCropUpscale: number;
  /** …and sees at least this many pixels (IS-Net fails on small inputs: a tree vanished at 288×352). */
  minSecondPassPixels: number;
  /** Second pass only when the crop is at most this share of the photo (a subject filling the frame gains nothing). */
  maxCropShare: number;
  /** …and runs only when it sees the subject at least this much larger than the first pass did. */
  minZoom: number;
  /** Margin around the subject's box, as a share of its long side. */
  margin: number;
  /** Components of the first-pass mask smaller than this share of the largest are not the subject. */
  minComponentShare: number;
  /** Outside the second passes' crops, drop what the first pass found (stray blobs in busy scenes). */
  clearOutsideCrop: boolean;
  /** At most this many second passes, one per group of subject parts (largest groups first). */
  maxSecondPasses: number;
  /** Subject parts closer than this share of a part's long side form one group (one crop). */
  groupGap: number;
  /**
   * Inside a crop: 'unsure' takes the second pass only where the first is unsure (alpha in
   * [unsureLo, unsureHi] or within edgeBand of its edges, cutoutMerge.ts); 'replace' takes the
   * second pass everywhere; 'max' keeps whichever pass saw more subject.
   */
  mergeMode: 'replace' | 'max' | 'unsure';
  /** The first pass's alpha band (0..255) that counts as unsure. */
  unsureLo: number;
  unsureHi: number;
  /** Near the first pass's edges the second pass decides, this far (in first-pass pixels). */
  edgeBand: number;
  /** In 'unsure' mode, the second pass's share where the first is unsure (1: replace, 0.5: the mean of both). */
  secondPassWeight: number;
  /**
   * A group's second pass runs only when at least this share of its first-pass subject is unsure,
   * or (either suffices) when the background around it is at least minBackgroundBusyness busy.
   */
  minUnsureShare: number;
  /** Mean luminance step of the crop's background (cutoutMerge.ts backgroundBusyness); 0 lets every group pass. */
  minBackgroundBusyness: number;
  /** The guard on the extra passes (cutoutGuard.ts); null merges them unchecked (benches only). */
  guard: GuardOptions | null;
  /**
   * A picture that looks drawn (illustration.ts) keeps the single pass: no second pass is planned. Off:
   * the pixel statistics did not tell the issue-32 tuning paintings from photos, and called the kite and
   * rocket photos drawn (bench/removebg/heldout32/illustrationStats.ts), which would cost the kite's people.
   */
  illustrationSinglePass: boolean;
}

export const DEFAULT_CUTOUT_OPTIONS: CutoutOptions = {
  // Tuning split: first passes below ~0.8 MP lost whole subjects (a tree on dark grey: IoU 0.86 →
  // 0.01 at 640×480 and 0.00 at 736×544; busy scenes 0.84 → 0.47 at 896×608), while ~0.8–1 MP with
  // the photo's shape kept matched or beat main's stretched 1024². A second pass over a crop that
  // was nearly the whole photo hurt (squirrel on a busy field 0.94 → 0.55). Hence these floors,
  // which cost the speed-up small photos could have had (issue 15, item 4 trades against item 3).
  minPassPixels: 1024 * 768,
  firstPassUpscale: 1.6,
  firstPassFallbackShare: 0.4,
  maxPassPixels: 1024 * 1024,
  // On since the kite photo (issue 15): a first pass at the photo's shape saw its two people at
  // about 2× and left one of them half transparent (mean alpha 0.60 on the torso); a second pass
  // per subject group brings it to 0.80 and the people's outlines back. Only for subjects that
  // fill a small part of the frame (maxCropShare 0.2): on the tuning composites crops up to half
  // the frame lost (a cement mixer on a busy photo 0.82 → 0.77; earlier a portrait 0.99 → 0.81),
  // while small subjects gained (a mantis at 0.7 % of the frame 0.79 → 0.87, a tree 0.87 → 0.90).
  secondPass: true,
  maxCropUpscale: 2,
  minSecondPassPixels: 768 * 768,
  maxCropShare: 0.2,
  minZoom: 1.3,
  margin: 0.12,
  minComponentShare: 0.1,
  clearOutsideCrop: true,
  maxSecondPasses: 2,
  groupGap: 0.5,
  // Tuning split (bench/removebg/tuneMerge.ts, 35 composites, cached passes): merging only where the
  // first pass is unsure ('unsure') did not stop the flat losses (a cement mixer small on flat 0.935
  // → 0.732 'unsure', 0.668 'replace'); running the pass only where it is needed did: when the first
  // pass is unsure over ≥ 45 % of the group's subject or the backdrop is busy (mean step ≥ 4), with
  // 'replace' inside the crop. Mean IoU all 0.8145 first pass only, 0.8197 always 'replace',
  // 0.8205 gated (6 second passes instead of 17); flat 0.9372 → 0.9327 always, 0.9372 gated.
  mergeMode: 'replace',
  unsureLo: 26,
  unsureHi: 229,
  edgeBand: 3,
  secondPassWeight: 1,
  minUnsureShare: 0.45,
  minBackgroundBusyness: 4,
  guard: DEFAULT_GUARD,
  illustrationSinglePass: false,
};

export interface Size {
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rounds to a multiple of 32 (IS-Net halves the map five times), at least 64. */
const to32 = (v: number) => Math.max(64, Math.round(v / 32) * 32);

/**
 * The model input size for an image of `width`×`height` seen with a budget of `pixels`: the same
 * shape, sides multiples of 32. A 0.2 MP photo runs at ~0.2 MP instead of 1024² (5× less work).
 */
export function passSize(width: number, height: number, pixels: number): Size {
  const s = Math.sqrt(pixels / (width * height));
  return { width: to32(width * s), height: to32(height * s) };
}

/**
 * Pixel budget of the first pass for a photo: its own pixels between minPassPixels and
 * maxPassPixels; a photo so small that minPassPixels would enlarge it more than
 * firstPassUpscale (linear) is seen at that enlargement instead.
 */
export function firstPassPixels(photo: Size, o: CutoutOptions): number {
  const pixels = photo.width * photo.height;
  return Math.min(o.maxPassPixels, Math.max(pixels, Math.min(o.minPassPixels, pixels * o.firstPassUpscale ** 2)));
}

interface Component {
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Connected components (8-connected) of the mask's subject pixels (≥ 128), with area and box. */
function components(mask: Uint8Array, width: number, height: number): Component[] {
  const label = new Int32Array(mask.length).fill(-1);
  const stack = new Int32Array(mask.length);
  const comps: Component[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] < 128 || label[start] >= 0) continue;
    const id = comps.length;
    const c = { area: 0, x0: width, y0: height, x1: -1, y1: -1 };
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      c.area++;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      // 8-connected: thin diagonal parts (legs, stems) stay one component.
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] >= 128 && label[q] < 0) {
            label[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    comps.push(c);
  }
  return comps;
}

/** The components at least `minShare` of the largest one: a stray blob in a busy background is not the subject. */
function keptComponents(mask: Uint8Array, width: number, height: number, minShare: number): Component[] {
  const comps = components(mask, width, height);
  if (comps.length === 0) return [];
  const largest = Math.max(...comps.map((c) => c.area));
  return comps.filter((c) => c.area >= minShare * largest);
}

const toBox = (c: Component): Box => ({ x: c.x0, y: c.y0, width: c.x1 - c.x0 + 1, height: c.y1 - c.y0 + 1 });

/**
 * The subject's bounding box in a mask (0..255, ≥128 is subject): the union of the connected
 * components at least `minShare` of the largest one, so a stray blob in a busy background does
 * not stretch the box over the whole photo. Null when nothing is subject.
 */
export function subjectBox(mask: Uint8Array, width: number, height: number, minShare: number): Box | null {
  const kept = keptComponents(mask, width, height, minShare);
  if (kept.length === 0) return null;
  return toBox({
    area: 0,
    x0: Math.min(...kept.map((c) => c.x0)),
    y0: Math.min(...kept.map((c) => c.y0)),
    x1: Math.max(...kept.map((c) => c.x1)),
    y1: Math.max(...kept.map((c) => c.y1)),
  });
}

/**
 * The subject's parts grouped by distance, largest group (by subject area) first: parts whose
 * boxes, each grown by `gap` × its long side, touch are one group. A photo of a kite high up and
 * two people on the beach gives two groups, so each can be seen up close by its own second pass
 * instead of one crop that spans the whole scene and zooms in on nothing.
 */
export function subjectGroups(mask: Uint8Array, width: number, height: number, minShare: number, gap: number): Array<Box & { area: number }> {
  const groups = keptComponents(mask, width, height, minShare).map((c) => ({ ...c, g: gap * Math.max(c.x1 - c.x0 + 1, c.y1 - c.y0 + 1) }));
  // Merge until no two grown boxes touch (few components, so quadratic is fine).
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++) {
      for (let j = i + 1; j < groups.length && !merged; j++) {
        const a = groups[i],
          b = groups[j];
        const g = Math.max(a.g, b.g);
        if (a.x0 - g <= b.x1 && b.x0 - g <= a.x1 && a.y0 - g <= b.y1 && b.y0 - g <= a.y1) {
          const u = { area: a.area + b.area, x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), g: 0 };
          u.g = gap * Math.max(u.x1 - u.x0 + 1, u.y1 - u.y0 + 1);
          groups.splice(j, 1);
          groups[i] = u;
          merged = true;
        }
      }
    }
  }
  return groups.sort((a, b) => b.area - a.area).map((c) => ({ ...toBox(c), area: c.area }));
}

export interface SecondPassPlan {
  /** The crop in photo pixels. */
  crop: Box;
  /** The model input size for the crop. */
  size: Size;
  /** How much larger the second pass sees the subject than the first did (linear). */
  zoom: number;
}

/**
 * Decides the second pass: the subject's box (found at the first pass's size `pass`) mapped to
 * the photo, grown by the margin, clipped; run when the zoom gained is at least `minZoom`.
 */
export function planSecondPass(box: Box | null, pass: Size, photo: Size, o: CutoutOptions): SecondPassPlan | null {
  if (!o.secondPass || !box) return null;
  const sx = photo.width / pass.width;
  const sy = photo.height / pass.height;
  const bx = box.x * sx;
  const by = box.y * sy;
  const bw = box.width * sx;
  const bh = box.height * sy;
  const m = o.margin * Math.max(bw, bh) + 2 * Math.max(sx, sy);
  const x0 = Math.max(0, Math.floor(bx - m));
  const y0 = Math.max(0, Math.floor(by - m));
  const x1 = Math.min(photo.width, Math.ceil(bx + bw + m));
  const y1 = Math.min(photo.height, Math.ceil(by + bh + m));
  const crop = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  if (crop.width < 8 || crop.height < 8) return null;
  const cropPixels = crop.width * crop.height;
  if (cropPixels > o.maxCropShare * photo.width * photo.height) return null;
  const budget = Math.min(o.maxPassPixels, Math.max(o.minSecondPassPixels, cropPixels * o.maxCropUpscale ** 2));
  const size = passSize(crop.width, crop.height, budget);
  // Linear scale at which each pass sees the photo (geometric mean of the two axes).
  const firstScale = Math.sqrt((pass.width * pass.height) / (photo.width * photo.height));
  const secondScale = Math.sqrt((size.width * size.height) / cropPixels);
  const zoom = secondScale / firstScale;
  return zoom >= o.minZoom ? { crop, size, zoom } : null;
}

/**
 * The second passes of a cut-out: one per subject group (`subjectGroups`, largest first, at most
 * `maxSecondPasses`) that is small enough in the frame and gains enough zoom (`planSecondPass`).
 */
export function planSecondPasses(groups: Box[], pass: Size, photo: Size, o: CutoutOptions): SecondPassPlan[] {
  const plans: SecondPassPlan[] = [];
  for (const box of groups) {
    if (plans.length >= o.maxSecondPasses) break;
    const plan = planSecondPass(box, pass, photo, o);
    if (plan) plans.push(plan);
  }
  return plans;
}

/** Sets alpha to 0 outside every one of `crops` (what the first pass found away from the subject). */
export function clearOutsideCrops(alpha: Uint8Array, photo: Size, crops: Box[]): void {
  const { width, height } = photo;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!crops.some((c) => x >= c.x && x < c.x + c.width && y >= c.y && y < c.y + c.height)) alpha[y * width + x] = 0;
    }
  }
}

/**
 * Blends the second pass's alpha (already at the crop's photo size) into the full-size alpha:
 * the second pass inside the crop, faded into the first pass over `feather` px along crop
 * edges that are not the photo's edges; outside the crop the first pass is cleared or kept.
 */
export function mergeSecondPass(
  alpha: Uint8Array,
  photo: Size,
  crop: Box,
  cropAlpha: Uint8Array,
  feather: number,
  clearOutside: boolean,
  mode: 'replace' | 'max' = 'replace',
): void {
  const { width, height } = photo;
  const f = Math.max(1, feather);
  const left = crop.x > 0,
    top = crop.y > 0;
  const right = crop.x + crop.width < width,
    bottom = crop.y + crop.height < height;
  for (let y = 0; y < height; y++) {
    const inY = y >= crop.y && y < crop.y + crop.height;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!inY || x < crop.x || x >= crop.x + crop.width) {
        if (clearOutside) alpha[i] = 0;
        continue;
      }
      const cx = x - crop.x,
        cy = y - crop.y;
      let d = Infinity;
      if (left) d = Math.min(d, cx);
      if (top) d = Math.min(d, cy);
      if (right) d = Math.min(d, crop.width - 1 - cx);
      if (bottom) d = Math.min(d, crop.height - 1 - cy);
      const w = d >= f ? 1 : d / f;
      const outside = clearOutside ? 0 : alpha[i];
      const second = mode === 'max' ? Math.max(cropAlpha[cy * crop.width + cx], alpha[i]) : cropAlpha[cy * crop.width + cx];
      alpha[i] = Math.round(w * second + (1 - w) * outside);
    }
  }
}
