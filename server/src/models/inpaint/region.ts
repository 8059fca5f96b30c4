import sharp from 'sharp';
import type { BinaryMask, Raster } from './raster';

/** A rectangle in pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Bounding box of the fill pixels (the mask is known to be non-empty). */
export function maskBounds(mask: BinaryMask): Box {
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/**
 * The part of the photo a fill needs: the mask's box plus context on every side (at least `minMargin`
 * pixels, or the box's longer side). Filling only this region keeps a small erase on a 12 MP photo as fast
 * as on a thumbnail, and nearby texture is what the fill should copy anyway.
 */
export function contextRegion(bounds: Box, width: number, height: number, minMargin = 64): Box {
  // Isotropic: a long thin mask (a wire, a border strip) gets context as deep as it is long.
  const margin = Math.max(minMargin, bounds.w, bounds.h);
  const mx = margin;
  const my = margin;
  const x = Math.max(0, bounds.x - mx);
  const y = Math.max(0, bounds.y - my);
  const x1 = Math.min(width, bounds.x + bounds.w + mx);
  const y1 = Math.min(height, bounds.y + bounds.h + my);
  return { x, y, w: x1 - x, h: y1 - y };
}

export function cropRaster(r: Raster, box: Box): Raster {
  const c = r.channels;
  const data = Buffer.alloc(box.w * box.h * c);
  for (let y = 0; y < box.h; y++) r.data.copy(data, y * box.w * c, ((box.y + y) * r.width + box.x) * c, ((box.y + y) * r.width + box.x + box.w) * c);
  return { data, width: box.w, height: box.h, channels: c };
}

export function cropMask(m: BinaryMask, box: Box): BinaryMask {
  const data = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++) data.set(m.data.subarray((box.y + y) * m.width + box.x, (box.y + y) * m.width + box.x + box.w), y * box.w);
  return { data, width: box.w, height: box.h };
}

/** Scales a raster to width×height (high-quality kernel). */
export async function resizeRaster(r: Raster, width: number, height: number): Promise<Raster> {
  const data = await sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { data, width, height, channels: r.channels };
}

/** Scales a mask down; a pixel stays "fill" when any part of it was, so nothing to erase is lost. */
export async function resizeMask(m: BinaryMask, width: number, height: number): Promise<BinaryMask> {
  const src = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.length);
  const scaled = await sharp(src, { raw: { width: m.width, height: m.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const data = new Uint8Array(scaled.length);
  for (let i = 0; i < scaled.length; i++) data[i] = scaled[i] > 0 ? 255 : 0;
  return { data, width, height };
}

/** Writes `filled` (a region's pixels) into a copy of `base` at `box`, only where `mask` (full size) is set. */
export function pasteMasked(base: Raster, filled: Raster, box: Box, mask: BinaryMask): Buffer {
  const out = Buffer.from(base.data);
  const c = base.channels;
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const gi = (box.y + y) * base.width + box.x + x;
      if (!mask.data[gi]) continue;
      filled.data.copy(out, gi * c, (y * box.w + x) * c, (y * box.w + x + 1) * c);
    }
  }
  return out;
}

/**
 * Fills several regions (each with its own mask) and returns their pixels in the same order. `avoid`, when the caller
 * gave one, is the region's part of a full-size mask of pixels the fill should not copy from (other objects).
 */
export type RasterFill = (items: Array<{ raster: Raster; mask: BinaryMask; avoid?: BinaryMask }>) => Promise<Buffer[]>;

/** The most separate regions filled one by one; beyond this one region around everything is cheaper. */
export const MAX_REGIONS = 8;

/** Bounding boxes of the 8-connected blobs of the mask (one pass of union-find over the rows). */
export function blobBounds(mask: BinaryMask): Box[] {
  const { width: w, height: h, data } = mask;
  const labels = new Int32Array(w * h).fill(-1);
  const parent: number[] = [];
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!data[i]) continue;
      let label = -1;
      // Already visited neighbours: left, and the three above.
      const neighbours = [x > 0 ? i - 1 : -1, y > 0 && x > 0 ? i - w - 1 : -1, y > 0 ? i - w : -1, y > 0 && x < w - 1 ? i - w + 1 : -1];
      for (const n of neighbours) {
        if (n < 0 || labels[n] < 0) continue;
        if (label < 0) label = labels[n];
        else union(label, labels[n]);
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = labels[y * w + x];
      if (l < 0) continue;
      const root = find(l);
      const b = boxes.get(root);
      if (!b) boxes.set(root, { x0: x, y0: y, x1: x, y1: y });
      else {
        if (x < b.x0) b.x0 = x;
        if (x > b.x1) b.x1 = x;
        if (y > b.y1) b.y1 = y;
      }
    }
  }
  return [...boxes.values()].map((b) => ({ x: b.x0, y: b.y0, w: b.x1 - b.x0 + 1, h: b.y1 - b.y0 + 1 }));
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const unite = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
};

/**
 * The regions to fill: each blob with its context, overlapping ones merged (so no pixel is filled twice),
 * at most MAX_REGIONS (else one region around all of them). Two small holes in opposite corners then cost two
 * small fills instead of one fill of the whole photo.
 */
export function fillRegions(mask: BinaryMask): Box[] {
  let regions = blobBounds(mask).map((b) => contextRegion(b, mask.width, mask.height));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < regions.length; i++) {
      for (let j = i + 1; j < regions.length; j++) {
        if (!overlaps(regions[i], regions[j])) continue;
        regions[i] = unite(regions[i], regions[j]);
        regions.splice(j, 1);
        merged = true;
        break outer;
      }
    }
  }
  if (regions.length > MAX_REGIONS) regions = [contextRegion(maskBounds(mask), mask.width, mask.height)];
  return regions;
}

/** A region cut out for filling, scaled down to the pixel budget when bigger (scale < 1). */
async function prepareRegion(raster: Raster, mask: BinaryMask, box: Box, maxPixels: number, avoid?: BinaryMask) {
  let region = cropRaster(raster, box);
  let regionMask = cropMask(mask, box);
  let regionAvoid = avoid ? cropMask(avoid, box) : undefined;
  const scale = Math.min(1, Math.sqrt(maxPixels / (box.w * box.h)));
  if (scale < 1) {
    const sw = Math.max(1, Math.round(box.w * scale));
    const sh = Math.max(1, Math.round(box.h * scale));
    region = await resizeRaster(region, sw, sh);
    regionMask = await resizeMask(regionMask, sw, sh);
    if (regionAvoid) regionAvoid = await resizeMask(regionAvoid, sw, sh);
  }
  return { box, scale, raster: region, mask: regionMask, avoid: regionAvoid };
}

/**
 * Fills `mask` (full size, already dilated) in `raster`, running `fill` once on the regions around the mask's
 * blobs only ({@link fillRegions}), each scaled down to at most `maxPixels` when bigger. Pixels outside the mask
 * are never changed. `avoid` (full size, optional) travels with each region to the fill ({@link RasterFill}).
 */
export async function fillInRegion(raster: Raster, mask: BinaryMask, fill: RasterFill, maxPixels: number, avoid?: BinaryMask): Promise<Buffer> {
  const prepared = [];
  for (const box of fillRegions(mask)) prepared.push(await prepareRegion(raster, mask, box, maxPixels, avoid));
  const filled = await fill(prepared.map((p) => ({ raster: p.raster, mask: p.mask, ...(p.avoid ? { avoid: p.avoid } : {}) })));
  let out: Raster = raster;
  for (const [i, p] of prepared.entries()) {
    let pixels: Raster = { ...p.raster, data: filled[i] };
    if (p.scale < 1) pixels = await resizeRaster(pixels, p.box.w, p.box.h);
    out = { ...out, data: pasteMasked(out, pixels, p.box, mask) };
  }
  return out.data;
}
