/**
 * Pure edits behind the filter, blend, shadow, outline and reflection controls: what an effect starts as
 * when first switched on, and how a preset or a percent slider maps onto the stored numbers.
 */
import { DEFAULT_FILTER_STRENGTH, defaultBlendParams, defaultOutlineParams, defaultReflectionParams, defaultShadowParams } from '../doc/defaults';
import type { FilterDef } from './filters';
import type { BlendParams, FilterParams, Layer, OutlineParams, OutlineType, ReflectionParams, ShadowParams } from '../doc/types';
import { REFLECTION_ON_DEFAULTS, reflectionDerivedFields } from './reflection';
import { TEXT_SHADOW_PRESET, applyShadowPreset, type ShadowPresetId } from './shadow';

/** The stored params for a newly chosen filter: its category, lookup name, strength 100 and any combination adjustments. */
export function filterParamsFor(filter: Pick<FilterDef, 'uid' | 'lutName' | 'categoryName' | 'combination'>): FilterParams {
  const params: FilterParams = { categoryName: filter.categoryName, uid: filter.uid, lutName: filter.lutName, strength: DEFAULT_FILTER_STRENGTH };
  if (filter.combination) params.combination = { ...filter.combination };
  return params;
}

/** Blend opacity is stored 0..1 and shown 0..100 %. */
export function blendOpacityPercent(params: BlendParams | null): number {
  return Math.round((params?.opacity ?? defaultBlendParams().opacity) * 100);
}

export function withBlendOpacity(params: BlendParams | null, percent: number): BlendParams {
  return { ...(params ?? defaultBlendParams()), opacity: Math.min(100, Math.max(0, percent)) / 100 };
}

export function withBlendMode(params: BlendParams | null, mode: BlendParams['mode']): BlendParams {
  return { ...(params ?? defaultBlendParams()), mode };
}

/** The preset a non-text layer's shadow starts with when first switched on. */
export const FIRST_SHADOW_PRESET: ShadowPresetId = 'soft';

/** presetId stored for the text shadow preset (offered to text layers beside SHADOW_PRESETS). */
export const TEXT_SHADOW_PRESET_ID = 'text';
export type PanelShadowPresetId = ShadowPresetId | typeof TEXT_SHADOW_PRESET_ID;

/** A shadow with a preset applied (switched on); fields the preset leaves out are kept. */
export function withShadowPreset(params: ShadowParams | null, presetId: PanelShadowPresetId): ShadowParams {
  const base = params ?? defaultShadowParams();
  // The text preset names only opacity and blur; it is a flat shadow right behind the text.
  if (presetId === TEXT_SHADOW_PRESET_ID) return { ...base, xOffset: 0, yOffset: 0, is3DShadow: false, ...TEXT_SHADOW_PRESET, presetId, enabled: true };
  return applyShadowPreset(base, presetId);
}

/**
 * The shadow switched on or off. The first time on, a text gets the text shadow preset (SPEC §9:
 * opacity 40, blur 12) and anything else FIRST_SHADOW_PRESET; later toggles keep the user's values.
 */
export function toggledShadow(params: ShadowParams | null, on: boolean, forText: boolean): ShadowParams {
  if (params) return { ...params, enabled: on };
  if (!on) return defaultShadowParams();
  return withShadowPreset(null, forText ? TEXT_SHADOW_PRESET_ID : FIRST_SHADOW_PRESET);
}

/** An edit of one shadow field; moving a slider makes it a custom shadow (no preset highlighted). */
export function withShadowField<K extends keyof ShadowParams>(params: ShadowParams | null, key: K, value: ShadowParams[K]): ShadowParams {
  const base = params ?? { ...defaultShadowParams(), enabled: true };
  const keepsPreset = key === 'enabled' || key === 'presetId';
  return { ...base, [key]: value, ...(keepsPreset ? {} : { presetId: '' }) };
}

/** The outline with a type chosen: type 0 switches it off, any other on (SPEC §5: effects apply only when enabled). */
export function withOutlineType(params: OutlineParams | null, type: OutlineType): OutlineParams {
  return { ...(params ?? defaultOutlineParams()), type, enabled: type !== 0 };
}

export function withOutlineField<K extends keyof OutlineParams>(params: OutlineParams | null, key: K, value: OutlineParams[K]): OutlineParams {
  return { ...(params ?? defaultOutlineParams()), [key]: value };
}

type LayerRect = { x: number; y: number; w: number; h: number; angle?: number };

/** The stored reflection with its derived fields (y_min, y_max, fixed*, radians…) recomputed for the layer's rect. */
function withDerived(params: ReflectionParams, rect: LayerRect | null): ReflectionParams {
  return rect ? { ...params, ...reflectionDerivedFields(params, rect) } : params;
}

/** The reflection switched on or off; the first time on it starts visible (REFLECTION_ON_DEFAULTS, SPEC §5). */
export function toggledReflection(params: ReflectionParams | null, on: boolean, rect: LayerRect | null): ReflectionParams {
  if (params) return { ...params, enabled: on };
  if (!on) return defaultReflectionParams();
  return withDerived({ ...defaultReflectionParams(), ...REFLECTION_ON_DEFAULTS }, rect);
}

export function withReflectionField<K extends 'scope' | 'opacity' | 'distance' | 'angle'>(
  params: ReflectionParams | null,
  key: K,
  value: ReflectionParams[K],
  rect: LayerRect | null,
): ReflectionParams {
  return withDerived({ ...(params ?? { ...defaultReflectionParams(), ...REFLECTION_ON_DEFAULTS }), [key]: value }, rect);
}

/** Whether a layer's effect is shown as on in the panel. */
export function isOn(params: { enabled: boolean } | null | undefined): boolean {
  return !!params?.enabled;
}

/** Text layers start their shadow with the text preset (SPEC §9). */
export function isTextLayer(layer: Pick<Layer, 'valueType'>): boolean {
  return layer.valueType === 'text' || layer.valueType === 'colorfulText';
}
