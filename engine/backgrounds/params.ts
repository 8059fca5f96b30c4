/**
 * Parameters of the background changer task (`changebg`), shared by the pages that build them and the
 * server that checks them. `parseChangeBgParams` never throws: it returns the first problem as a clear
 * message, which the server sends back with PARAMS_INVALID (SPEC §8).
 */
import { parseColor } from '../doc/color';
import { backgroundById } from './catalogue';

export const BG_TYPES = ['color', 'gradient', 'library', 'image', 'transparent'] as const;
export type BgType = (typeof BG_TYPES)[number];

/** Subject scale limits (1 = the size it has in the photo). */
export const SUBJECT_SCALE_MIN = 0.1;
export const SUBJECT_SCALE_MAX = 2;

/**
 * Where the cut-out goes: (x, y) is where the centre of the cut-out layer (the whole photo, background
 * removed) lands, as fractions of the output; `scale` resizes it. The default leaves the subject exactly
 * where it was in the photo.
 */
export interface SubjectPlacement {
  x: number;
  y: number;
  scale: number;
}
export const DEFAULT_PLACEMENT: SubjectPlacement = { x: 0.5, y: 0.5, scale: 1 };

export interface GradientSpec {
  from: string;
  to: string;
  angle: number;
}

/** The checked, normalised parameters. */
export interface ChangeBgParams {
  bgType: BgType;
  /** `#RRGGBBAA` (normalised) for bgType 'color'. */
  color?: string;
  gradient?: GradientSpec;
  bgId?: string;
  /** The user's own background (a URL of one of our uploads) for bgType 'image'. */
  bgUrl?: string;
  subject: SubjectPlacement;
  shadow: boolean;
}

/** What the client sends: the same fields, unchecked. */
export type ChangeBgRequest = Partial<Omit<ChangeBgParams, 'subject'>> & { subject?: Partial<SubjectPlacement> };

export type ParseResult = { ok: true; value: ChangeBgParams } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A checked colour in canonical form, or the SPEC §5 message prefixed with the field name. */
function colorField(name: string, value: unknown): { color: string } | { message: string } {
  if (typeof value !== 'string') return { message: `${name} is required: a colour as #RRGGBB or #RRGGBBAA` };
  try {
    return { color: parseColor(value).hex };
  } catch (err) {
    return { message: `${name}: ${(err as Error).message}` };
  }
}

function numberIn(name: string, value: unknown, min: number, max: number, fallback: number): number | string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number`;
  if (value < min || value > max) return `${name} must be between ${min} and ${max}`;
  return value;
}

function parseSubject(value: unknown): SubjectPlacement | string {
  if (value === undefined || value === null) return { ...DEFAULT_PLACEMENT };
  if (!isObject(value)) return 'subject must be an object { x, y, scale }';
  const x = numberIn('subject.x', value.x, 0, 1, DEFAULT_PLACEMENT.x);
  const y = numberIn('subject.y', value.y, 0, 1, DEFAULT_PLACEMENT.y);
  const scale = numberIn('subject.scale', value.scale, SUBJECT_SCALE_MIN, SUBJECT_SCALE_MAX, DEFAULT_PLACEMENT.scale);
  for (const v of [x, y, scale]) if (typeof v === 'string') return v;
  return { x: x as number, y: y as number, scale: scale as number };
}

/**
 * Checks a submitted params object (extra fields such as imgUrl or inputKey are ignored).
 * @example parseChangeBgParams({ bgType: 'color', color: '#00b140' }) // { ok: true, value: { color: '#00B140FF', … } }
 */
export function parseChangeBgParams(raw: Record<string, unknown>): ParseResult {
  const fail = (message: string): ParseResult => ({ ok: false, message });
  const bgType = raw.bgType;
  if (typeof bgType !== 'string' || !(BG_TYPES as readonly string[]).includes(bgType)) {
    return fail(`bgType must be one of ${BG_TYPES.join(', ')}`);
  }
  const subject = parseSubject(raw.subject);
  if (typeof subject === 'string') return fail(subject);
  if (raw.shadow !== undefined && raw.shadow !== null && typeof raw.shadow !== 'boolean') return fail('shadow must be true or false');
  const value: ChangeBgParams = { bgType: bgType as BgType, subject, shadow: raw.shadow === true };

  switch (value.bgType) {
    case 'color': {
      const c = colorField('color', raw.color);
      if ('message' in c) return fail(c.message);
      value.color = c.color;
      break;
    }
    case 'gradient': {
      if (!isObject(raw.gradient)) return fail('gradient is required: { from, to, angle }');
      const from = colorField('gradient.from', raw.gradient.from);
      if ('message' in from) return fail(from.message);
      const to = colorField('gradient.to', raw.gradient.to);
      if ('message' in to) return fail(to.message);
      const angle = numberIn('gradient.angle', raw.gradient.angle, -360, 360, 180);
      if (typeof angle === 'string') return fail(angle);
      value.gradient = { from: from.color, to: to.color, angle };
      break;
    }
    case 'library': {
      if (typeof raw.bgId !== 'string' || raw.bgId === '') return fail('bgId is required: the id of a library background');
      if (!backgroundById(raw.bgId)) return fail(`bgId: there is no library background "${raw.bgId.slice(0, 60)}"`);
      value.bgId = raw.bgId;
      break;
    }
    case 'image': {
      if (typeof raw.bgUrl !== 'string' || raw.bgUrl === '') return fail('bgUrl is required: upload the background image first');
      value.bgUrl = raw.bgUrl;
      break;
    }
    case 'transparent':
      break;
  }
  return { ok: true, value };
}
