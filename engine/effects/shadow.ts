/**
 * Layer shadow geometry and limits (SPEC §3 Shadow, §5, §9).
 *
 * Units of the stored ShadowParams (what the panel sliders edit; every mapping below is linear and clamped):
 * - xOffset, yOffset: -100..100 → an offset factor -0.5..0.5 (SHADOW_OFFSET_FACTOR_MAX) of the layer size √(w·h)
 *   (one size for both axes so a 45° offset stays 45° on a wide text layer). Screen axes: +x right, +y down.
 * - blur: 0..100 → a blur level 0..4 (SHADOW_BLUR_MAX) on the 5-level blur chain of the 1024 px base texture; level L is
 *   a Gaussian σ of 8·L px on that texture (level 4 = σ 32 = the SPEC maximum blur radius), i.e. 8·L·long/1024 layer px.
 * - opacity: 0..100 (default 100), multiplied with the colour's own alpha.
 * - shapeLength: 0..100 → a length factor 0..5 (SHAPE_LENGTH_MAX) of the layer height; the default 20 is factor 1.
 * - shapeAngle: degrees, the 3D shadow's direction on the ground: 0 straight back (up the screen), 90 to the right,
 *   ±180 towards the viewer (down the screen); within 10° of sideways it is held at 80°/100° so the shadow keeps depth.
 * - shapeGradient: 0..100, how much the 3D shadow fades towards its far end (100 = fully transparent there).
 */
import { SHADOW_BLUR_MAX, SHADOW_OFFSET_FACTOR_MAX, SHADOW_SHAPE_LENGTH_MAX, TEXT_SHADOW_PRESET } from '../doc/defaults';
import type { ShadowParams } from '../doc/types';

export { SHADOW_BLUR_MAX, SHADOW_OFFSET_FACTOR_MAX, TEXT_SHADOW_PRESET };
/** SPEC §9: shape length max 5 (as a factor of the layer height). */
export const SHAPE_LENGTH_MAX = SHADOW_SHAPE_LENGTH_MAX;
/** SPEC §9: 5 blur levels of the shadow base texture. */
export const SHADOW_BLUR_LEVELS = 5;
/** SPEC §9: the shadow base texture is 1024 px on its long side. */
export const SHADOW_BASE_TEXTURE_SIDE = 1024;
/** SPEC §9: shadow texture width cap. */
export const SHADOW_TEXTURE_MAX_WIDTH = 1920;
/** SPEC §9: the projected (3D) shadow is blurred on a texture 500 px on its long side … */
export const PROJECTION_BLUR_BASE = 500;
/** … sampled with a stride of at least 1 px. */
export const PROJECTION_MIN_STRIDE = 1;
/** SPEC §9 "3D perspective field of view 45 degrees". */
export const SHADOW_FOV_DEGREES = 45;
/** Gaussian σ (px on the base texture) per blur level. */
export const SHADOW_SIGMA_PER_LEVEL = 8;

export type ShadowPresetId = 'soft' | 'hard' | 'long' | 'floating' | 'perspective';
/** Panel presets, in display order; apply with applyShadowPreset. */
export const SHADOW_PRESETS: ReadonlyArray<{ id: ShadowPresetId; params: Partial<ShadowParams> }> = Object.freeze([
  { id: 'soft', params: { xOffset: 4, yOffset: 8, blur: 50, opacity: 50, is3DShadow: false } },
  { id: 'hard', params: { xOffset: 6, yOffset: 6, blur: 0, opacity: 100, is3DShadow: false } },
  { id: 'long', params: { xOffset: 24, yOffset: 24, blur: 10, opacity: 60, is3DShadow: false } },
  { id: 'floating', params: { xOffset: 0, yOffset: 20, blur: 75, opacity: 40, is3DShadow: false } },
  { id: 'perspective', params: { xOffset: 0, yOffset: 0, blur: 25, opacity: 60, is3DShadow: true, shapeAngle: 45, shapeLength: 20, shapeGradient: 60 } },
]);

/** `base` with the preset applied, enabled and its presetId set. Throws for an unknown id. */
export function applyShadowPreset(base: ShadowParams, id: ShadowPresetId): ShadowParams {
  const preset = SHADOW_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`Unknown shadow preset: ${String(id)}`);
  return { ...base, ...preset.params, presetId: id, enabled: true };
}

const clamp = (v: number, lo: number, hi: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : 0);

/**
 * Quadrant 1..4 from the offset signs, like math quadrants with the screen's y pointing down:
 * 1 right-up (x ≥ 0, y < 0), 2 left-up (x < 0, y < 0), 3 left-down (x < 0, y ≥ 0), 4 right-down (x ≥ 0, y ≥ 0).
 * Zero counts as positive, so (0, 0) is quadrant 4.
 */
export function shadowQuadrant(xOffset: number, yOffset: number): 1 | 2 | 3 | 4 {
  if (yOffset < 0) return xOffset >= 0 ? 1 : 2;
  return xOffset >= 0 ? 4 : 3;
}

/**
 * Shadow base texture size: the long side 1024, the other scaled with the aspect ratio, both rounded DOWN to a multiple
 * of 8 and at least 8 (SPEC §9). A degenerate size gives 8×8.
 */
export function shadowBaseTextureSize(w: number, h: number): { width: number; height: number } {
  if (!(w > 0 && h > 0)) return { width: 8, height: 8 };
  const scale = SHADOW_BASE_TEXTURE_SIDE / Math.max(w, h);
  const down8 = (v: number) => Math.max(8, Math.floor(v / 8) * 8);
  return { width: down8(w * scale), height: down8(h * scale) };
}

/** The offset factor -0.5..0.5 for a stored offset -100..100. */
export function shadowOffsetFactor(value: number): number {
  return clamp((value / 100) * SHADOW_OFFSET_FACTOR_MAX, -SHADOW_OFFSET_FACTOR_MAX, SHADOW_OFFSET_FACTOR_MAX);
}

/** Shadow offset in layer pixels: each offset factor times the layer size √(w·h). */
export function shadowOffsetPx(params: Pick<ShadowParams, 'xOffset' | 'yOffset'>, layerW: number, layerH: number): { x: number; y: number } {
  const size = Math.sqrt(Math.max(0, layerW) * Math.max(0, layerH));
  return { x: shadowOffsetFactor(params.xOffset) * size, y: shadowOffsetFactor(params.yOffset) * size };
}

/** Blur level 0..4 for a stored blur 0..100. */
export function shadowBlurLevel(blur: number): number {
  return clamp((blur / 100) * SHADOW_BLUR_MAX, 0, SHADOW_BLUR_MAX);
}

/** Shadow blur as a Gaussian σ in layer pixels (σ on the base texture scaled back to the layer's long side). */
export function shadowBlurPx(blur: number, layerW: number, layerH: number): number {
  return shadowBlurLevel(blur) * SHADOW_SIGMA_PER_LEVEL * (Math.max(layerW, layerH, 0) / SHADOW_BASE_TEXTURE_SIDE);
}

/** The length factor 0..5 for a stored shapeLength 0..100. */
export function shapeLengthFactor(shapeLength: number): number {
  return clamp((shapeLength / 100) * SHAPE_LENGTH_MAX, 0, SHAPE_LENGTH_MAX);
}

/** Projected-shadow blur stride: the layer's long side over PROJECTION_BLUR_BASE, at least 1 px. */
export function projectionBlurStride(layerW: number, layerH: number): number {
  return Math.max(PROJECTION_MIN_STRIDE, Math.round(Math.max(layerW, layerH) / PROJECTION_BLUR_BASE));
}

/** What a flat (2D) shadow needs: offset and σ in layer px, canvas `shadowBlur` (= 2σ), colour and opacity 0..1. */
export function shadowStyle(params: ShadowParams, layerW: number, layerH: number) {
  const offset = shadowOffsetPx(params, layerW, layerH);
  const sigma = shadowBlurPx(params.blur, layerW, layerH);
  return { offsetX: offset.x, offsetY: offset.y, sigma, canvasShadowBlur: 2 * sigma, color: params.color, opacity: clamp(params.opacity / 100, 0, 1) };
}

/**
 * SPEC §5: a shadow shows only when its params exist, it is enabled and its opacity is non-zero.
 */
export function isShadowActive(params: ShadowParams | null | undefined): boolean {
  return !!params && params.enabled && params.opacity > 0;
}

export interface Point {
  x: number;
  y: number;
}
export interface ProjectedShadow {
  /** Row-major 3×3 homography rect → quad: x' = (m0·x + m1·y + m2)/(m6·x + m7·y + m8), y' = (m3·x + m4·y + m5)/(…). */
  matrix: number[];
  /** The shadow's corners: images of the layer's top-left, top-right, bottom-right, bottom-left. */
  quad: [Point, Point, Point, Point];
  /** Canvas setTransform(a, b, c, d, e, f) approximation: the contact line and the far edge's centre exact, no taper. */
  affine: [number, number, number, number, number, number];
  /** Opacity 0..1 at the contact line and at the far end (shapeGradient fade). */
  opacityNear: number;
  opacityFar: number;
  /** Perspective scale of the far edge (1 = no foreshortening). */
  farScale: number;
}

/** Solves the 8 unknowns of the homography mapping src[i] → dst[i] (Gaussian elimination, partial pivoting). */
export function homography(src: readonly Point[], dst: readonly Point[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = src[i];
    const { x: u, y: v } = dst[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-12) throw new Error('Degenerate shadow quad');
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let c = col; c < 9; c++) a[r][c] -= f * a[col][c];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

/** Applies a row-major 3×3 homography to a point. */
export function applyHomography(m: readonly number[], p: Point): Point {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

/** shapeAngle kept at least 10° away from sideways (±90°), in radians. */
function groundAngle(deg: number): number {
  let d = (((((Number.isFinite(deg) ? deg : 0) + 180) % 360) + 360) % 360) - 180;
  if (Math.abs(d) > 80 && Math.abs(d) <= 90) d = Math.sign(d) * 80;
  else if (Math.abs(d) > 90 && Math.abs(d) < 100) d = Math.sign(d) * 100;
  return (d * Math.PI) / 180;
}

/**
 * The 3D (projected) shadow of a layer standing on its bottom edge (rect in the layer's unrotated frame, canvas px).
 * Approximation: the silhouette is laid on the ground from the contact line (bottom edge, fixed) in direction shapeAngle,
 * length shapeLengthFactor × h. A camera with a 45° vertical field of view framing the layer height (focal length
 * f = (h/2)/tan 22.5°) foreshortens the far edge by s = f/(f + depth), depth = length·cos(angle) (≥ −f/2): the far edge's
 * centre is bottomCentre + s·length·(sin angle, −cos angle) and its width is s·w. The matrix maps the layer rect onto that
 * trapezoid exactly (rows in between follow the ground plane's perspective).
 */
export function projectedShadowTransform(
  params: Pick<ShadowParams, 'shapeAngle' | 'shapeLength' | 'shapeGradient' | 'opacity'>,
  rect: { x: number; y: number; w: number; h: number },
  fovDegrees = SHADOW_FOV_DEGREES,
): ProjectedShadow {
  const { x, y, w, h } = rect;
  const theta = groundAngle(params.shapeAngle);
  const length = shapeLengthFactor(params.shapeLength) * h;
  const f = h / 2 / Math.tan(((fovDegrees / 2) * Math.PI) / 180);
  const depth = Math.max(length * Math.cos(theta), -f / 2);
  const s = f / (f + depth);
  const bottom = y + h;
  const cx = x + w / 2;
  // At least a sliver of height so the homography stays solvable when the length is 0.
  const dx = s * length * Math.sin(theta);
  const dy = -s * length * Math.cos(theta) || -1e-6 * Math.max(1, h);
  const quad: ProjectedShadow['quad'] = [
    { x: cx + dx - (s * w) / 2, y: bottom + dy },
    { x: cx + dx + (s * w) / 2, y: bottom + dy },
    { x: x + w, y: bottom },
    { x, y: bottom },
  ];
  const src = [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: bottom },
    { x, y: bottom },
  ];
  const matrix = homography(src, quad);
  // x' = x + (bottom − y)·dx/h ; y' = bottom + (bottom − y)·dy/h
  const affine: ProjectedShadow['affine'] = [1, 0, -dx / h, -dy / h, (bottom * dx) / h, bottom * (1 + dy / h)];
  const opacityNear = clamp(params.opacity / 100, 0, 1);
  const opacityFar = opacityNear * (1 - clamp(params.shapeGradient / 100, 0, 1));
  return { matrix, quad, affine, opacityNear, opacityFar, farScale: s };
}

/** The contract's short form: projectedShadowTransform's matrix for the unit rect (0, 0, 1, 1). */
export function projectedShadowMatrix(shapeAngle: number, shapeLength: number, fovDegrees = SHADOW_FOV_DEGREES): number[] {
  const p = { shapeAngle, shapeLength, shapeGradient: 0, opacity: 100 };
  return projectedShadowTransform(p, { x: 0, y: 0, w: 1, h: 1 }, fovDegrees).matrix;
}
