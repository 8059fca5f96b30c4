/**
 * Pure helpers of the scene's effect rendering: cache keys, preview sizes, how a blend mode is drawn.
 * No DOM, no Konva: unit-tested in canvasEffects.test.ts.
 */
import { W3C_COMPOSITE_OP } from '../../../engine/effects/blendModes';
import type { AdjustParams, BlendParams, FilterParams, Layer, Rect } from '../../../engine/doc/types';

/** Longest side of a live (preview) effect render, in pixels. Export renders at full resolution. */
export const PREVIEW_MAX_SIDE = 2048;
/** Longest side of any effect render (export of huge pictures): the GPU texture limit of most devices. */
export const EFFECT_MAX_SIDE = 8192;

export interface Size {
  width: number;
  height: number;
}

/** JSON with object keys sorted, so equal parameters give equal keys whatever their key order. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

/** Cache key of a layer's (or the project's) adjust + filter parameters. */
export function effectParamsKey(params: { adjustParams: AdjustParams | null; filterParams: FilterParams | null }): string {
  return stableKey({ a: params.adjustParams ?? null, f: params.filterParams ?? null });
}

/** `size` scaled down (up too, with `grow`) so its longest side is at most `maxSide`; at least 1×1. */
export function fitLongSide(size: Size, maxSide: number, grow = false): Size {
  const long = Math.max(size.width, size.height, 1);
  const scale = Math.max(1, maxSide) / long;
  if (!grow && scale >= 1) return { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * Longest side an effect render of a picture gets. Export: the picture's own pixels (full
 * resolution, capped at EFFECT_MAX_SIDE). Live: what the screen can show — the layer's size ×
 * device pixel ratio, rounded up to a power of √2 so a resize re-renders only every ~41 %, never
 * more than PREVIEW_MAX_SIDE nor the picture itself. A vector picture (an SVG sticker) has no
 * pixels of its own: it renders at the size it is drawn (× the export scale in exports).
 */
export function effectLongSide(natural: Size, rect: Pick<Rect, 'w' | 'h'>, pixelRatio: number, preview: boolean, vector = false): number {
  const drawnLong = Math.max(1, Math.abs(rect.w), Math.abs(rect.h)) * Math.max(preview ? 1 : 1e-3, pixelRatio);
  const naturalLong = vector ? Math.ceil(drawnLong) : Math.max(1, natural.width, natural.height);
  if (!preview) return Math.min(naturalLong, EFFECT_MAX_SIDE);
  const stepped = Math.SQRT2 ** Math.ceil(Math.log(drawnLong) / Math.log(Math.SQRT2));
  return Math.min(vector ? Math.ceil(stepped) : naturalLong, PREVIEW_MAX_SIDE, Math.ceil(stepped));
}

/** Whether an image URL names a vector picture (drawn sharp at any size). */
export function isVectorUrl(url: string | null): boolean {
  return !!url && (/\.svg(?:[?#]|$)/i.test(url) || url.startsWith('data:image/svg'));
}

/** A crop rectangle given in the picture's natural pixels, in the pixels of a resized copy. */
export function scaleCrop(crop: { x: number; y: number; width: number; height: number }, natural: Size, shown: Size) {
  const sx = shown.width / Math.max(1, natural.width);
  const sy = shown.height / Math.max(1, natural.height);
  return { x: crop.x * sx, y: crop.y * sy, width: crop.width * sx, height: crop.height * sy };
}

export interface BlendPlan {
  /** The canvas composite operation the layer's node is drawn with. */
  compositeOp: GlobalCompositeOperation;
  /** True for the modes a canvas lacks (LinearBurn, Divide …): pre-blended against the backdrop. */
  needsBackdrop: boolean;
  /** Blend opacity 0..1 (default 1); multiplies the layer's own opacity. */
  opacity: number;
}

const NORMAL_PLAN: BlendPlan = Object.freeze({ compositeOp: 'source-over', needsBackdrop: false, opacity: 1 }) as BlendPlan;

/**
 * How a layer's blend parameters are drawn: the 16 W3C modes (and BaseMerge/Normal as
 * source-over) by the canvas itself; the other modes with source-over of a pre-blended copy.
 */
export function blendPlan(params: BlendParams | null | undefined): BlendPlan {
  if (!params) return NORMAL_PLAN;
  const raw = Number(params.opacity);
  const opacity = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 1;
  const op = W3C_COMPOSITE_OP[params.mode];
  if (op) return op === 'source-over' && opacity === 1 ? NORMAL_PLAN : { compositeOp: op, needsBackdrop: false, opacity };
  return { compositeOp: 'source-over', needsBackdrop: true, opacity };
}

/** Whether a layer's blend mode needs the pixels below it (a pre-blended copy). */
export function needsBackdrop(layer: Pick<Layer, 'blendParams'>): boolean {
  return blendPlan(layer.blendParams).needsBackdrop;
}

/** Indexes (in `layers`) of the visible layers drawn with a backdrop blend. */
export function backdropLayerIndexes(layers: readonly Pick<Layer, 'blendParams' | 'visible'>[]): number[] {
  return layers.flatMap((layer, i) => (layer.visible !== false && needsBackdrop(layer) ? [i] : []));
}

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A number naming an object for as long as it lives (cache keys made of immutable objects). */
export function objectId(value: object): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = nextId++;
    ids.set(value, id);
  }
  return id;
}

/** A key naming layers by identity: layers are immutable, so an edit to any gives a new key. */
export function layersKey(layers: readonly object[]): string {
  return layers.map((layer) => objectId(layer)).join(',');
}

/** Size of a full-canvas render (backdrop, canvas-wide effects): the scene's own pixels, and
 * live at most PREVIEW_MAX_SIDE on the long side. */
export function sceneRenderSize(scene: { canvasW: number; canvasH: number; pixelRatio: number; preview: boolean }): Size {
  const full = { width: Math.max(1, Math.round(scene.canvasW * scene.pixelRatio)), height: Math.max(1, Math.round(scene.canvasH * scene.pixelRatio)) };
  return scene.preview ? fitLongSide(full, PREVIEW_MAX_SIDE) : full;
}
