/**
 * Checks batch settings (engine/spec/batch.ts) for each tool, shared by the batch pages (to show a problem
 * before upload), the server (create, override) and the resizer processor. Never throws: the first problem
 * comes back as a message the server sends with PARAMS_INVALID (SPEC §8).
 */
import { parseChangeBgParams } from '../backgrounds/params';
import { parseColor } from '../doc/color';
import { ENHANCE_STRENGTHS } from '../spec/kinds';
import {
  RESIZE_DEFAULT_QUALITY,
  RESIZE_FITS,
  RESIZE_FORMATS,
  RESIZE_MAX_SIDE,
  RESIZE_MIN_FILE_KB,
  RESIZE_MIN_SIDE,
  RESIZE_MODES,
  RESIZE_PERCENT_RANGE,
  defaultResizeFit,
  resizePresetById,
  type BatchSettings,
  type BatchSettingsOverride,
  type BatchToolId,
  type ResizeBatchSettings,
  type ResizeFit,
  type ResizeFormat,
  type ResizeMode,
} from '../spec/batch';

export type SettingsResult<T> = { ok: true; value: T } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const given = (v: unknown) => v !== undefined && v !== null;

/** The resizer's settings with every default filled in. */
export interface ResolvedResize {
  mode: ResizeMode;
  width: number | null;
  height: number | null;
  keepAspect: boolean;
  fit: ResizeFit;
  /** `#RRGGBBAA`. */
  background: string;
  percent: number | null;
  longestSide: number | null;
  noUpscale: boolean;
  format: ResizeFormat;
  quality: number;
  maxFileKB: number | null;
}

function intIn(name: string, v: unknown, min: number, max: number): number | string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return `${name} must be a number`;
  if (v < min || v > max) return `${name} must be between ${min} and ${max}`;
  return Math.round(v);
}

function oneOf<T extends string>(name: string, v: unknown, list: readonly T[], fallback: T): T | { message: string } {
  if (!given(v)) return fallback;
  if (typeof v !== 'string' || !(list as readonly string[]).includes(v)) return { message: `${name} must be one of ${list.join(', ')}` };
  return v as T;
}

/**
 * Checks resizer settings and fills in defaults (keepAspect true, fit per defaultResizeFit: on white for marketplace
 * presets, crop for social ones, fit otherwise,
 * white padding, original format, quality 90).
 * @example parseResizeSettings({ mode: 'longestSide', longestSide: 1200 }) // { ok: true, value: { longestSide: 1200, … } }
 */
export function parseResizeSettings(raw: unknown): SettingsResult<ResolvedResize> {
  const fail = (message: string) => ({ ok: false as const, message });
  if (!isObject(raw)) return fail('settings must be an object');
  const mode = oneOf('mode', raw.mode, RESIZE_MODES, 'exact');
  if (typeof mode === 'object') return fail(mode.message);
  if (!given(raw.mode)) return fail(`mode is required: one of ${RESIZE_MODES.join(', ')}`);
  const fit = oneOf('fit', raw.fit, RESIZE_FITS, defaultResizeFit(mode, raw.presetId));
  if (typeof fit === 'object') return fail(fit.message);
  const format = oneOf('format', raw.format, RESIZE_FORMATS, 'original');
  if (typeof format === 'object') return fail(format.message);
  for (const key of ['keepAspect', 'noUpscale'] as const) {
    if (given(raw[key]) && typeof raw[key] !== 'boolean') return fail(`${key} must be true or false`);
  }
  const value: ResolvedResize = {
    mode,
    width: null,
    height: null,
    keepAspect: raw.keepAspect !== false,
    fit,
    background: '#FFFFFFFF',
    percent: null,
    longestSide: null,
    noUpscale: raw.noUpscale === true,
    format,
    quality: RESIZE_DEFAULT_QUALITY,
    maxFileKB: null,
  };
  if (given(raw.background)) {
    if (typeof raw.background !== 'string') return fail('background must be a colour as #RRGGBB or #RRGGBBAA');
    try {
      value.background = parseColor(raw.background).hex;
    } catch (err) {
      return fail(`background: ${(err as Error).message}`);
    }
  }
  if (given(raw.quality)) {
    const q = intIn('quality', raw.quality, 1, 100);
    if (typeof q === 'string') return fail(q);
    value.quality = q;
  }
  if (given(raw.maxFileKB)) {
    const kb = intIn('maxFileKB', raw.maxFileKB, RESIZE_MIN_FILE_KB, 1024 * 1024);
    if (typeof kb === 'string') return fail(kb);
    value.maxFileKB = kb;
  }
  switch (mode) {
    case 'exact': {
      for (const key of ['width', 'height'] as const) {
        if (!given(raw[key])) continue;
        const n = intIn(key, raw[key], RESIZE_MIN_SIDE, RESIZE_MAX_SIDE);
        if (typeof n === 'string') return fail(n);
        value[key] = n;
      }
      if (value.width === null && value.height === null) return fail('exact size needs width, height or both');
      if (!value.keepAspect && (value.width === null || value.height === null)) return fail('without keepAspect, exact size needs both width and height');
      break;
    }
    case 'percentage': {
      const p = intIn('percent', raw.percent, RESIZE_PERCENT_RANGE[0], RESIZE_PERCENT_RANGE[1]);
      if (typeof p === 'string') return fail(p);
      value.percent = p;
      break;
    }
    case 'longestSide': {
      const n = intIn('longestSide', raw.longestSide, RESIZE_MIN_SIDE, RESIZE_MAX_SIDE);
      if (typeof n === 'string') return fail(n);
      value.longestSide = n;
      break;
    }
    case 'preset': {
      const preset = resizePresetById(raw.presetId);
      if (!preset) return fail('presetId must name one of the resizer presets');
      value.width = preset.width;
      value.height = preset.height;
      // A preset is a platform's exact size: never "somewhere inside it".
      value.keepAspect = false;
      break;
    }
  }
  return { ok: true, value };
}

/** Enhancer settings: `efMode` Slight/Balance/Strong, `scale` 2 or 4 (the picenhance task checks the rest). */
function checkEnhance(raw: Record<string, unknown>): string | null {
  if (given(raw.efMode) && !(ENHANCE_STRENGTHS as readonly unknown[]).includes(raw.efMode)) return `efMode must be one of ${ENHANCE_STRENGTHS.join(', ')}`;
  if (given(raw.scale) && raw.scale !== 2 && raw.scale !== 4) return 'scale must be 2 or 4';
  return null;
}

/** The keys each tool accepts; anything else is refused, so a typo is not silently ignored. */
const KEYS: Record<BatchToolId, readonly string[]> = {
  enhance: ['efMode', 'scale'],
  removebg: [],
  changebg: ['bgType', 'color', 'gradient', 'bgId', 'bgUrl', 'subject', 'shadow'],
  resize: ['mode', 'width', 'height', 'keepAspect', 'fit', 'background', 'percent', 'longestSide', 'presetId', 'noUpscale', 'format', 'quality', 'maxFileKB'],
};

/**
 * Checks the settings of `tool` (settings for all, or settings merged with an override). Returns the
 * settings as sent (defaults are filled in by each task), or the first problem.
 */
export function parseBatchSettings(tool: BatchToolId, raw: unknown): SettingsResult<BatchSettings> {
  if (!isObject(raw)) return { ok: false, message: 'settings must be an object' };
  const unknownKey = Object.keys(raw).find((k) => !KEYS[tool].includes(k));
  if (unknownKey !== undefined) return { ok: false, message: `settings of ${tool} have no field "${unknownKey.slice(0, 40)}"` };
  switch (tool) {
    case 'enhance': {
      const problem = checkEnhance(raw);
      return problem ? { ok: false, message: problem } : { ok: true, value: raw as BatchSettings };
    }
    case 'removebg':
      return { ok: true, value: {} as BatchSettings };
    case 'changebg': {
      const parsed = parseChangeBgParams(raw);
      return parsed.ok ? { ok: true, value: raw as BatchSettings } : parsed;
    }
    case 'resize': {
      const parsed = parseResizeSettings(raw);
      return parsed.ok ? { ok: true, value: raw as unknown as ResizeBatchSettings } : parsed;
    }
  }
}

/** Settings for all with one photo's override laid over them, key by key (`null` clears nothing). */
export function mergeOverride(settings: BatchSettings, override: BatchSettingsOverride | null | undefined): BatchSettings {
  if (!override) return settings;
  const merged: Record<string, unknown> = { ...settings };
  for (const [key, value] of Object.entries(override)) if (value !== undefined) merged[key] = value;
  return merged as BatchSettings;
}
