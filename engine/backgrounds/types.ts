/**
 * Types of the background library: procedurally drawn, original backgrounds (project licence).
 * A definition is pure data; `svg/` turns it into an SVG at any size, the server rasterises it.
 */

/** Library categories, in the order the picker shows them; each has a label `changebg.categories.<id>`. */
export const BACKGROUND_CATEGORIES = ['studio', 'gradient', 'pastel', 'nature', 'texture', 'bokeh', 'geometric', 'scene'] as const;
export type BackgroundCategory = (typeof BACKGROUND_CATEGORIES)[number];

/** A colour stop: `#RRGGBB` (or `#RRGGBBAA`) at `offset` 0..1. Plain strings spread evenly. */
export type Stop = string | { color: string; offset: number };

/** A seamless studio sweep: a wall that curves into the floor, lit by a soft spot. */
export interface StudioParams {
  wall: string;
  floor: string;
  /** Colour of the soft spotlight behind the subject. */
  light: string;
  /** Where the wall meets the floor, 0 (top) .. 1 (bottom). */
  horizon: number;
  /** Darkening of the corners, 0..1. */
  vignette: number;
}

/** A CSS-like linear gradient: `angle` in degrees, 0 = towards the top, 90 = towards the right. */
export interface LinearParams {
  stops: Stop[];
  angle: number;
}

/** A radial gradient centred at (cx, cy) (0..1) with radius `r` as a fraction of the half diagonal. */
export interface RadialParams {
  stops: Stop[];
  cx: number;
  cy: number;
  r: number;
}

/** Soft colour clouds over a base colour ("mesh gradient"). x, y in 0..1, r relative to the short side. */
export interface MeshParams {
  base: string;
  blobs: Array<{ x: number; y: number; r: number; color: string; opacity?: number }>;
}

/** Out-of-focus light discs over a gradient. */
export interface BokehParams {
  background: LinearParams;
  colors: string[];
  count: number;
  seed: number;
  /** Disc radius range as a fraction of the short side. */
  size: [number, number];
  /** Disc opacity range 0..1. */
  opacity: [number, number];
  /** Where the discs gather: a horizontal band (0..1 from the top), so the centre stays calmer. */
  band?: [number, number];
}

export type GeometricPattern = 'triangles' | 'circles' | 'stripes' | 'waves' | 'dots' | 'blocks' | 'arcs';

/** A pattern of shapes coloured from `palette` over `background`. */
export interface GeometricParams {
  pattern: GeometricPattern;
  background: string;
  palette: string[];
  seed: number;
  density?: number;
}

/** One silhouette layer of a landscape: base height `y` (0..1 from the top), wave `amp` and `freq`. */
export interface LandLayer {
  color: string;
  y: number;
  amp: number;
  freq: number;
  shape?: 'hills' | 'peaks' | 'waves';
  opacity?: number;
}

/** Abstract landscape: sky gradient, optional sun, silhouette layers from back to front. */
export interface LandscapeParams {
  sky: Stop[];
  sun?: { x: number; y: number; r: number; color: string; glow?: number };
  layers: LandLayer[];
  seed: number;
}

export type FloorKind = 'plain' | 'wood' | 'tiles' | 'marble';

/** A room corner for product shots: wall, floor (kind), optional window light, optional podium. */
export interface RoomParams {
  wall: string;
  floor: string;
  horizon: number;
  floorKind: FloorKind;
  /** Secondary floor colour (wood grain, tile grout, marble veins). */
  floorAccent?: string;
  /** Soft daylight patches falling across the wall from the left or right. */
  window?: { side: 'left' | 'right'; color: string; opacity: number };
  baseboard?: string;
  podium?: { color: string; shape: 'cylinder' | 'steps' | 'arch'; width: number };
  /** Plants or a frame silhouette on the wall give the "room" cue without any photo. */
  decor?: 'plant' | 'frame' | 'shelf';
  decorColor?: string;
}

/**
 * Noise laid over the drawing (paper fibre, grain, mottling, marble veins). Rendered from SVG feTurbulence:
 * `tile` overlays come from a small seamless tile repeated (fine grain); others are drawn small and stretched.
 */
export interface NoiseOverlay {
  color: string;
  /** Base frequency relative to a 512 px square: 0.5 = fine fibre, 0.01 = large clouds. */
  freq: number;
  octaves: number;
  type: 'fractalNoise' | 'turbulence';
  seed: number;
  /** Final alpha = clamp(noise · contrast + bias) · opacity, optionally raised to `exponent`. */
  contrast: number;
  bias: number;
  opacity: number;
  exponent?: number;
  tile?: boolean;
  /** Squash the noise horizontally (wood, brushed metal) by this factor. */
  stretchX?: number;
}

/** Touches applied after rasterising: blur (fraction of the short side), noise overlays, film grain. */
export interface Finish {
  blur?: number;
  /** Render at this fraction of the final size and scale up: cheap and naturally soft for blurry art. */
  renderScale?: number;
  overlays?: NoiseOverlay[];
  /** Monochrome film grain 0..1 (a few percent hides gradient banding). */
  grain?: number;
}

interface Base<K extends string, P> {
  /** Stable id, `kebab-case`; documents and params refer to it. */
  id: string;
  category: BackgroundCategory;
  /** i18n key of the display name. */
  nameKey: string;
  kind: K;
  params: P;
  finish?: Finish;
}

export type BackgroundDef =
  | Base<'studio', StudioParams>
  | Base<'linear', LinearParams>
  | Base<'radial', RadialParams>
  | Base<'mesh', MeshParams>
  | Base<'bokeh', BokehParams>
  | Base<'geometric', GeometricParams>
  | Base<'landscape', LandscapeParams>
  | Base<'room', RoomParams>;
