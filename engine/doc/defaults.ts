/**
 * Default values of SPEC §3 and §9 for layers and their effect parameters.
 * Every factory returns a fresh object, so callers may spread and patch it without sharing state.
 */
import type { AdjustParams, BlendParams, FilterParams, OutlineParams, ReflectionParams, ShadowParams, TextValue } from './types';
import { ADJUST_KEYS, type AdjustKey } from './adjustRegistry';
import { TextGravity } from '../spec/kinds';

/** Layer opacity, 0..100 (SPEC §9). */
export const DEFAULT_LAYER_OPACITY = 100;
/** Filter strength, 0..100 (SPEC §9). */
export const DEFAULT_FILTER_STRENGTH = 100;
/** Blend opacity, 0..1 (SPEC §9). */
export const DEFAULT_BLEND_OPACITY = 1;
/** Outline size (SPEC §9). */
export const DEFAULT_OUTLINE_SIZE = 20;
/** Shadow opacity (SPEC §9). */
export const DEFAULT_SHADOW_OPACITY = 100;
/** Shadow shape length (SPEC §9). */
export const DEFAULT_SHADOW_SHAPE_LENGTH = 20;
/** SPEC §9 shadow limits: offset factor, shape length and blur maxima. */
export const SHADOW_OFFSET_FACTOR_MAX = 0.5;
export const SHADOW_SHAPE_LENGTH_MAX = 5;
export const SHADOW_BLUR_MAX = 4;
/** Text shadow preset (SPEC §9). */
export const TEXT_SHADOW_PRESET = { opacity: 40, blur: 12 } as const;
/** The background layer's colour in a new project. */
export const DEFAULT_BACKGROUND_COLOR = '#FFFFFFFF';
/** Outline colours are 8-digit hex (SPEC §3). */
export const DEFAULT_OUTLINE_COLOR = '#FFFFFFFF';
export const DEFAULT_SHADOW_COLOR = '#000000FF';
/** Offset of a duplicated or pasted layer, in canvas pixels. */
export const DUPLICATE_OFFSET = 20;
/** Default text size in canvas pixels. */
export const DEFAULT_FONT_SIZE = 80;
export const DEFAULT_TEXT_COLOR = '#000000FF';

/** All adjustments 0 (unchanged, SPEC §3). */
export function defaultAdjustParams(): AdjustParams {
  const zeros = Object.fromEntries(ADJUST_KEYS.map((key) => [key, 0])) as Record<AdjustKey, number>;
  return { ...zeros, pgrain: { size: 0, amount: 0, highlights: 0, roughness: 0 } };
}

/** Outline off, size 20. */
export function defaultOutlineParams(): OutlineParams {
  return { type: 0, size: DEFAULT_OUTLINE_SIZE, color: DEFAULT_OUTLINE_COLOR, smooth: 0, blur: 0, distance: 0, enabled: false };
}

/** Shadow off, opacity 100, shape length 20. */
export function defaultShadowParams(): ShadowParams {
  return {
    presetId: '',
    enabled: false,
    xOffset: 0,
    yOffset: 0,
    blur: 0,
    opacity: DEFAULT_SHADOW_OPACITY,
    color: DEFAULT_SHADOW_COLOR,
    shapeAngle: 0,
    shapeLength: DEFAULT_SHADOW_SHAPE_LENGTH,
    shapeGradient: 0,
    is3DShadow: false,
  };
}

/** Reflection off. */
export function defaultReflectionParams(): ReflectionParams {
  return {
    enabled: false,
    scope: 0,
    opacity: 0,
    distance: 0,
    angle: 0,
    y_min: 0,
    y_max: 0,
    rotation: 0,
    innerOpacity: 0,
    fixedOffset: 0,
    fixedOpatity: 0,
    fixedScope: 0,
    radians: 0,
  };
}

/** Normal blending at opacity 1. */
export function defaultBlendParams(): BlendParams {
  return { mode: 'Normal', opacity: DEFAULT_BLEND_OPACITY };
}

/** No filter chosen, strength 100. */
export function defaultFilterParams(): FilterParams {
  return { categoryName: '', uid: '', strength: DEFAULT_FILTER_STRENGTH };
}

/** A plain text value: default system font, black, centred, straight. */
export const DEFAULT_TEXT_VALUE: Readonly<TextValue> = Object.freeze({
  text: '',
  fontSize: DEFAULT_FONT_SIZE,
  lineSpacing: 0,
  letterSpacing: 0,
  fontName: '',
  fontCategoryName: '',
  gravity: TextGravity.CENTER,
  textColor: DEFAULT_TEXT_COLOR,
  fillTextureName: '',
  resType: '',
  curve: 0,
  fillImageUrl: '',
  textBoardW: 0,
  textBoardH: 0,
  textMaxW: 0,
  backgroundColor: '',
  colorfulTextStyleId: '',
  colorfulTextStylePro: false,
});
