/**
 * A layer's pixels in its local frame (see localFrame.ts): the layer's top Konva node drawn from
 * a detached clone with no position, rotation, flip, opacity, shadow or blend mode, at `scale`
 * pixels per content unit. What outline, 3D shadow, reflection and backdrop blends start from.
 */
import Konva from 'konva';
import type { BoxSize } from './localFrame';

/** SPEC §9 outline texture cap; also bounds every other raster made from a layer. */
export const RASTER_MAX_SIDE = 4096;

export interface LayerRaster {
  canvas: HTMLCanvasElement;
  /** The content box in content units (the node's offset × 2). */
  box: BoxSize;
  /** canvas pixels per content unit. */
  scale: number;
}

const NEUTRAL = {
  x: 0,
  y: 0,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  skewX: 0,
  skewY: 0,
  offsetX: 0,
  offsetY: 0,
  opacity: 1,
  visible: true,
  listening: false,
  draggable: false,
  globalCompositeOperation: 'source-over',
  shadowEnabled: false,
} as const;

/** The content box of a layer node (nodes are centred with offset = half their box). */
export function contentBox(node: Konva.Node): BoxSize {
  return { width: Math.max(1e-3, Math.abs(node.offsetX() * 2)), height: Math.max(1e-3, Math.abs(node.offsetY() * 2)) };
}

/** Pixels per content unit for a box: `wanted`, but the longer side never over `maxSide`. */
export function rasterScale(box: BoxSize, wanted: number, maxSide = RASTER_MAX_SIDE): number {
  return Math.max(1e-3, Math.min(wanted, maxSide / Math.max(1e-3, box.width, box.height)));
}

export function rasterizeNode(node: Konva.Node, wantedScale: number): LayerRaster | null {
  const box = contentBox(node);
  const scale = rasterScale(box, wantedScale);
  const clone = node.clone(NEUTRAL) as Konva.Node;
  try {
    // A text group's shapes carry the layer's flat shadow themselves: the raster is the shape alone.
    if (clone instanceof Konva.Container) for (const shape of clone.find('Shape')) shape.setAttrs({ shadowEnabled: false });
    const canvas = clone.toCanvas({ x: 0, y: 0, width: box.width, height: box.height, pixelRatio: scale, imageSmoothingEnabled: true });
    if (!canvas.width || !canvas.height) return null;
    return { canvas, box, scale };
  } finally {
    clone.destroy();
  }
}

/** The alpha channel of a raster (what contour tracing and silhouettes use). */
export function rasterAlpha(raster: LayerRaster): { alpha: Uint8Array; width: number; height: number } {
  const { canvas } = raster;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2D canvas context unavailable');
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const alpha = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0, j = 3; i < alpha.length; i++, j += 4) alpha[i] = data[j];
  return { alpha, width: canvas.width, height: canvas.height };
}
