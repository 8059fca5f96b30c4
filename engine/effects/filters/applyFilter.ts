/**
 * A whole filter on the CPU: the filter's lookup table at FilterParams.strength, then its combination adjustments
 * (FilterParams.combination, falling back to the catalogue entry's own) through the adjustment pipeline.
 */
import type { AdjustParams, FilterParams } from '../../doc/types';
import { defaultAdjustParams } from '../../doc/defaults';
import { isIdentityAdjust } from '../adjustRanges';
import { applyAdjustments, type AdjustOptions, type RgbaImage } from '../cpuAdjust';
import { findFilter, type FilterDef } from './catalogue';
import { applyLut, bakeLutCached } from './lut';

/** The catalogue entry a FilterParams names (by lutName, else uid); undefined for none/unknown. */
export function filterFor(params: FilterParams | null | undefined): FilterDef | undefined {
  if (!params) return undefined;
  return findFilter(params.lutName) ?? findFilter(params.uid);
}

/** The baked 512×512 LUT of a catalogue filter (cached per uid). */
export function filterLut(filter: FilterDef): Uint8ClampedArray {
  return bakeLutCached(filter.uid, filter.grade);
}

/** Full AdjustParams from a partial combination (missing keys 0), or null when it changes nothing. */
export function combinationParams(combination: Partial<AdjustParams> | null | undefined): AdjustParams | null {
  if (!combination || isIdentityAdjust(combination)) return null;
  const base = defaultAdjustParams();
  return { ...base, ...combination, pgrain: { ...base.pgrain, ...combination.pgrain } };
}

/**
 * Applies a filter to straight-alpha RGBA pixels and returns new pixels. No/unknown filter or strength 0 with no
 * combination returns an exact copy.
 */
export function applyFilter(image: RgbaImage, params: FilterParams | null | undefined, opts?: AdjustOptions): Uint8ClampedArray {
  const filter = filterFor(params);
  let data: Uint8ClampedArray = new Uint8ClampedArray(image.data);
  if (!params) return data;
  if (filter) data = applyLut(image.data, filterLut(filter), params.strength);
  const combo = combinationParams(params.combination ?? filter?.combination);
  return combo ? applyAdjustments({ data, width: image.width, height: image.height }, combo, opts) : data;
}
