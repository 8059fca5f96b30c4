/**
 * Drawing a brush mask from its edit list (strokeHistory.ts) on a canvas. The mask canvas holds opaque white
 * where the mask is and transparency elsewhere, so it can be tinted for display (source-in) and flattened on
 * black for export (white = erase, the server's convention).
 */
import type { MaskEdit, StrokeOp } from './strokeHistory';

/** Loaded detected masks, by the `source` key of their MaskOp; white-on-transparent (see maskSourceFromImage). */
export type MaskSources = ReadonlyMap<string, CanvasImageSource>;

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Draws one stroke: paint adds white, erase cuts the mask away. */
export function drawStroke(ctx: Ctx, stroke: StrokeOp): void {
  ctx.save();
  ctx.globalCompositeOperation = stroke.mode === 'paint' ? 'source-over' : 'destination-out';
  ctx.fillStyle = '#fff';
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = stroke.size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const [first, ...rest] = stroke.points;
  if (rest.length === 0) {
    // A click without a drag paints a dot.
    ctx.beginPath();
    ctx.arc(first[0], first[1], stroke.size / 2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Redraws the whole mask from `edits` (already cut at the last Clear) on a cleared canvas. `selection` is the
 * object selection of the edits' taps (white where selected, transparent elsewhere): it is drawn once, where
 * the first tap stands, so it joins what was painted before and later strokes still add to or cut from it.
 */
export function drawEdits(
  ctx: Ctx,
  edits: readonly MaskEdit[],
  sources: MaskSources,
  width: number,
  height: number,
  selection: CanvasImageSource | null = null,
): void {
  ctx.clearRect(0, 0, width, height);
  let selectionDrawn = false;
  for (const edit of edits) {
    if (edit.kind === 'stroke') drawStroke(ctx, edit);
    else if (edit.kind === 'mask') {
      const source = sources.get(edit.source);
      if (source) ctx.drawImage(source, 0, 0, width, height);
    } else if (edit.kind === 'tap') {
      if (selection && !selectionDrawn) ctx.drawImage(selection, 0, 0, width, height);
      selectionDrawn = true;
    } else {
      ctx.clearRect(0, 0, width, height);
      selectionDrawn = false;
    }
  }
}

/** Shows `mask` tinted in `color` on `display` (the overlay's opacity is set by CSS). */
export function tintMask(display: CanvasRenderingContext2D, mask: CanvasImageSource, color: string, width: number, height: number): void {
  display.save();
  display.clearRect(0, 0, width, height);
  display.globalCompositeOperation = 'source-over';
  display.drawImage(mask, 0, 0, width, height);
  display.globalCompositeOperation = 'source-in';
  display.fillStyle = color;
  display.fillRect(0, 0, width, height);
  display.restore();
}

function makeCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * Turns a black/white mask image (from a detector) into white-on-transparent: brightness becomes alpha, so
 * drawing it only ever adds to the mask.
 */
export function maskSourceFromImage(image: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas');
  ctx.drawImage(image, 0, 0, width, height);
  const pixels = ctx.getImageData(0, 0, width, height);
  const d = pixels.data;
  for (let i = 0; i < d.length; i += 4) {
    const v = Math.max(d[i], d[i + 1], d[i + 2]) * (d[i + 3] / 255);
    d[i] = 255;
    d[i + 1] = 255;
    d[i + 2] = 255;
    d[i + 3] = v >= 128 ? 255 : 0;
  }
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

/** The mask as the server wants it: a PNG of the photo's size, white = erase, black = keep. */
export function renderMaskCanvas(
  edits: readonly MaskEdit[],
  sources: MaskSources,
  width: number,
  height: number,
  selection: CanvasImageSource | null = null,
): HTMLCanvasElement {
  const mask = makeCanvas(width, height);
  const mctx = mask.getContext('2d');
  const out = makeCanvas(width, height);
  const octx = out.getContext('2d');
  if (!mctx || !octx) throw new Error('no 2D canvas');
  drawEdits(mctx, edits, sources, width, height, selection);
  octx.fillStyle = '#000';
  octx.fillRect(0, 0, width, height);
  octx.drawImage(mask, 0, 0);
  return out;
}

export function canvasToPngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the mask could not be encoded'))), 'image/png');
  });
}
