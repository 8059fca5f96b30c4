/**
 * The document types of SPEC §3: Project, Layer, the four layer values and the effect parameter objects.
 * Plain data, JSON-serialisable; `schema.ts` validates it, `migrations.ts` upgrades older versions.
 * Field names are the SPEC's, including its spellings (`fixedOpatity`).
 */
import type { LAYER_VALUE_SOURCES } from '../spec/kinds';
import type { AdjustKey } from './adjustRegistry';

export type ProjectType = 'project' | 'cutouts';
/** A layer's value type (SPEC §3). */
export type LayerValueType = 'img' | 'color' | 'text' | 'colorfulText' | 'shape';
/** Where a layer's value came from: none, the original upload, a resource, or a GPU (model) result. */
export type LayerValueSource = (typeof LAYER_VALUE_SOURCES)[number];
/** Layer kinds (numeric): 0 user image, 1 texture, 2 background resource, 3 sticker, 4 text, 5 shape (our addition). */
export type LayerKindValue = 0 | 1 | 2 | 3 | 4 | 5;

/** Position and size in canvas pixels; `angle` in degrees, clockwise, about the rect's centre. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  angle: number;
}

/** Image value: `uri` is an asset reference (`asset:<id>`), a same-origin path or a remote URL. */
export interface ImageValue {
  name: string;
  uri: string;
  /** 1 local, 2 remote. */
  type: 1 | 2;
  /** Only an image whose value has canChange true may be replaced. */
  canChange: boolean;
  /** Crop in source-image pixels; null shows the whole image. */
  cropRect: { x: number; y: number; w: number; h: number } | null;
}

/** Shape kinds (our addition to SPEC §3): a line runs through the middle of its box, left to right. */
export type ShapeKind = 'rect' | 'ellipse' | 'line';

/** A vector shape (our addition to SPEC §3): drawn in the layer's box, turned and flipped with it. */
export interface ShapeValue {
  kind: ShapeKind;
  /** Fill colour (`#RRGGBBAA`), '' = no fill (a line has none). */
  fill: string;
  /** Outline colour, '' = no outline. */
  stroke: string;
  /** Outline width (a line's thickness) in canvas pixels. */
  strokeWidth: number;
  /** Corner radius of a rectangle in canvas pixels. */
  radius: number;
}

/** A colour value: a `#RRGGBB` / `#RRGGBBAA` string (see `color.ts`). */
export interface ColorValue {
  color: string;
}

/** Text gravity: 0 left, 1 center, 2 right. */
export type Gravity = 0 | 1 | 2;

export interface TextValue {
  text: string;
  fontSize: number;
  lineSpacing: number;
  letterSpacing: number;
  /** Font catalogue name (SPEC §3 fontName), e.g. "Pacifico"; '' is the default system sans-serif. */
  fontName: string;
  fontCategoryName: string;
  gravity: Gravity;
  textColor: string;
  fillTextureName: string;
  resType: string;
  /** Arc bend, -100..100; 0 is straight text. */
  curve: number;
  fillImageUrl: string;
  textBoardW: number;
  textBoardH: number;
  textMaxW: number;
  /** Text background colour, '' or a hex colour. */
  backgroundColor: string;
  colorfulTextStyleId: string;
  colorfulTextStylePro: boolean;
}

/** One stroke or custom shadow drawn above or below a colourful text (SPEC §3). */
export interface ColorfulTextEffectLayer {
  kind: 'stroke' | 'shadow';
  offsetX: number;
  offsetY: number;
  opacity: number;
  color: string;
  width: number;
  blur: number;
  gradientColors: string[];
  gradientAngle: number;
  perRowGradient: boolean;
  inner: boolean;
}

export interface ColorfulTextAttributes {
  fontSize: number;
  fontFileName: string;
  fontCategoryName: string;
  colorStr: string;
  wordSpacing: number;
  alignment: Gravity;
  opacity: number;
  lineSpacing: number;
  backgroundColor: string;
  layersAbove: ColorfulTextEffectLayer[];
  layersBelow: ColorfulTextEffectLayer[];
  gradient?: { colors: string[]; angle: number; perRow: boolean };
}

export interface ColorfulTextItemRect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface ColorfulTextTextItem {
  kind: 'text';
  text: string;
  attributes: ColorfulTextAttributes;
  isDefTextContent: boolean;
  rect: ColorfulTextItemRect;
  opacity: number;
}
export interface ColorfulTextStickerItem {
  kind: 'sticker';
  resName: string;
  rect: ColorfulTextItemRect;
  opacity: number;
}

/** A colourful text style (SPEC §3 colourful text material). */
export interface ColorfulTextMaterial {
  colorfulId: string;
  width: number;
  height: number;
  items: Array<ColorfulTextTextItem | ColorfulTextStickerItem>;
  /** Pro-only style (SPEC §6). */
  pro?: boolean;
  /** i18n-free display name. */
  name?: string;
}

/** The value of a colourful-text layer: the style and the user's text that replaces the default text items. */
export interface ColorfulTextValue {
  material: ColorfulTextMaterial;
  text: string;
}

export type LayerValue =
  | { valueType: 'img'; img: ImageValue }
  | { valueType: 'color'; color: ColorValue }
  | { valueType: 'text'; text: TextValue }
  | { valueType: 'colorfulText'; colorfulText: ColorfulTextValue }
  | { valueType: 'shape'; shape: ShapeValue };

/** Filter (SPEC §3); the lookup form adds lutName. */
export interface FilterParams {
  categoryName: string;
  uid: string;
  strength: number;
  lutName?: string;
  combination?: Partial<AdjustParams>;
}
export const BLEND_MODES = [
  'BaseMerge',
  'Normal',
  'Multiply',
  'Darken',
  'Lighten',
  'ColorBurn',
  'LinearBurn',
  'ColorDodge',
  'LinearDodge',
  'Screen',
  'Overlay',
  'HardLight',
  'Difference',
  'Exclusion',
  'SoftLight',
  'VividLight',
  'LinearLight',
  'PinLight',
  'HardMix',
  'Subtract',
  'Divide',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
  'DarkerColor',
  'LighterColor',
] as const;
export type BlendMode = (typeof BLEND_MODES)[number];
export interface BlendParams {
  mode: BlendMode;
  opacity: number;
}
/** Outline types: 0 none, 1 solid type 1, 2 dot type 1, 3 dash type 1, 4 solid type 2 (double), 5 dash type 2. */
export type OutlineType = 0 | 1 | 2 | 3 | 4 | 5;
export interface OutlineParams {
  type: OutlineType;
  size: number;
  color: string;
  smooth: number;
  blur: number;
  distance: number;
  enabled: boolean;
}
export interface ShadowParams {
  presetId: string;
  enabled: boolean;
  xOffset: number;
  yOffset: number;
  blur: number;
  opacity: number;
  color: string;
  shapeAngle: number;
  shapeLength: number;
  shapeGradient: number;
  is3DShadow: boolean;
}
export interface ReflectionParams {
  enabled: boolean;
  scope: number;
  opacity: number;
  distance: number;
  angle: number;
  y_min: number;
  y_max: number;
  rotation: number;
  innerOpacity: number;
  fixedOffset: number;
  fixedOpatity: number;
  fixedScope: number;
  radians: number;
}
export interface PGrainParams {
  size: number;
  amount: number;
  highlights: number;
  roughness: number;
}
/** Adjustments (SPEC §3): one number per row of the adjustment table (engine/doc/adjustRegistry.ts) and pgrain. */
export type AdjustParams = Record<AdjustKey, number> & { pgrain: PGrainParams };

/** A layer (SPEC §3). `index` is its z-order (0 = bottom, the background layer). */
export interface Layer {
  layerId: string;
  /** Layer kind (numeric). */
  type: LayerKindValue;
  valueType: LayerValueType;
  valueSource: LayerValueSource;
  value: LayerValue;
  index: number;
  /** Display name in the layers panel (our addition; '' = derived from the value). */
  name: string;
  visible: boolean;
  locked: boolean;
  flipH: boolean;
  flipV: boolean;
  /** A tint colour over an image/sticker ('' = none). */
  overColor: string;
  rect: Rect;
  resId: string;
  resType: string;
  resNeedPro: boolean;
  /** 0..100, default 100. */
  opacity: number;
  mask: { name: string; uri: string } | null;
  filterParams: FilterParams | null;
  blendParams: BlendParams | null;
  outlineParams: OutlineParams | null;
  shadowParams: ShadowParams | null;
  adjustParams: AdjustParams | null;
  reflectionParams: ReflectionParams | null;
}

/** A project document (SPEC §3). `layers` are kept sorted by `index`; layers[0] is `bgLayer`. */
export interface Project {
  schemaVersion: number;
  type: ProjectType;
  projectId: string;
  /** Our own display name. */
  name: string;
  platform: 'web';
  version: string;
  templateId: string;
  canvasSizeId: string;
  canvasW: number;
  canvasH: number;
  exportW: number;
  exportH: number;
  layers: Layer[];
  idPhotoParams: Record<string, unknown> | null;
  aibgParams: Record<string, unknown> | null;
  aibgRecords: unknown[];
  filterParams: FilterParams | null;
  adjustParams: AdjustParams | null;
}
