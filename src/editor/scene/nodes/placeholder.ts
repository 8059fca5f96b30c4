/**
 * The broken-picture mark an image layer shows when its picture cannot be loaded: a framed
 * mountain with a tear, drawn once per aspect ratio into a small canvas that the layer's Konva.Image
 * shows over its grey fill (so the layer stays one node, selectable, movable and deletable).
 */
const LONG_SIDE = 256;
const cache = new Map<string, HTMLCanvasElement>();

export const PLACEHOLDER_LOADING_FILL = '#ececf0';
export const PLACEHOLDER_BROKEN_FILL = '#d4d4d8';

/** A transparent canvas with the mark centred, of the layer's aspect ratio (w/h). */
export function brokenImageMark(w: number, h: number): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null;
  const aspect = Math.min(20, Math.max(0.05, w / Math.max(1e-6, h)));
  const key = aspect.toFixed(2);
  const known = cache.get(key);
  if (known) return known;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(aspect >= 1 ? LONG_SIDE : LONG_SIDE * aspect);
  canvas.height = Math.round(aspect >= 1 ? LONG_SIDE / aspect : LONG_SIDE);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const side = Math.max(8, Math.min(canvas.width, canvas.height) * 0.3);
  const x = (canvas.width - side) / 2;
  const y = (canvas.height - side) / 2;
  ctx.lineWidth = Math.max(1, side / 16);
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#71717a';
  ctx.strokeRect(x, y, side, side);
  ctx.beginPath();
  ctx.moveTo(x + side * 0.12, y + side * 0.8);
  ctx.lineTo(x + side * 0.4, y + side * 0.45);
  ctx.lineTo(x + side * 0.58, y + side * 0.65);
  ctx.stroke();
  // The tear: cut through the frame with the fill colour.
  ctx.strokeStyle = PLACEHOLDER_BROKEN_FILL;
  ctx.lineWidth *= 2.5;
  ctx.beginPath();
  ctx.moveTo(x + side * 0.55, y - side * 0.05);
  ctx.lineTo(x + side * 0.45, y + side * 0.35);
  ctx.lineTo(x + side * 0.62, y + side * 0.5);
  ctx.lineTo(x + side * 0.5, y + side * 1.05);
  ctx.stroke();
  cache.set(key, canvas);
  return canvas;
}
