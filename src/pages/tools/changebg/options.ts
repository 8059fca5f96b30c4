/**
 * What the background changer pages let the user choose, and how it becomes `changebg` task params
 * (engine/backgrounds/params.ts checks the same fields on the server). Pure functions, tested alone.
 */
import { DEFAULT_PLACEMENT, type BgType, type ChangeBgRequest, type GradientSpec, type SubjectPlacement } from '../../../../engine/backgrounds/params';

export interface ChangeBgOptions {
  bgType: BgType;
  /** `#RRGGBB` or `#RRGGBBAA`. */
  color: string;
  gradient: GradientSpec;
  bgId: string;
  /** The user's own background picture (uploaded when a run needs it). */
  bgFile: File | null;
  subject: SubjectPlacement;
  shadow: boolean;
}

export const DEFAULT_OPTIONS: ChangeBgOptions = {
  bgType: 'color',
  color: '#FFFFFF',
  gradient: { from: '#A1C4FD', to: '#C2E9FB', angle: 180 },
  bgId: 'studio-white',
  bgFile: null,
  subject: DEFAULT_PLACEMENT,
  shadow: false,
};

/** Popular product-photo colours, shown first; `key` names them (changebg.colors.<key>). */
export const COLOR_PRESETS: ReadonlyArray<{ key: string; color: string }> = [
  { key: 'white', color: '#FFFFFF' },
  { key: 'lightGrey', color: '#EDEEF0' },
  { key: 'black', color: '#111111' },
  { key: 'cream', color: '#F5EFE6' },
  { key: 'green', color: '#62B58F' },
  { key: 'blue', color: '#3D7DCA' },
  { key: 'pink', color: '#F7C6D0' },
  { key: 'yellow', color: '#FCE38A' },
];

/** A 24-colour palette: 8 hues × light, medium, deep. */
export const PALETTE: readonly string[] = [
  '#FDE2E4',
  '#FFE5CC',
  '#FFF5CC',
  '#E2F5D8',
  '#D5F2EE',
  '#DCEBFB',
  '#E6E0FA',
  '#F3DDF2',
  '#F28B82',
  '#FBBC74',
  '#FDD663',
  '#A8D99B',
  '#7FD1C7',
  '#8AB4F8',
  '#B39DDB',
  '#E69ACD',
  '#C62828',
  '#E65100',
  '#B8860B',
  '#2E7D32',
  '#00796B',
  '#1565C0',
  '#4527A0',
  '#8E244D',
];

/** Ready gradients; one click sets both colours and the angle. */
export const GRADIENT_PRESETS: readonly GradientSpec[] = [
  { from: '#A1C4FD', to: '#C2E9FB', angle: 180 },
  { from: '#FBC2EB', to: '#A6C1EE', angle: 135 },
  { from: '#FFECD2', to: '#FCB69F', angle: 180 },
  { from: '#D4FC79', to: '#96E6A1', angle: 135 },
  { from: '#FF5F6D', to: '#FFC371', angle: 160 },
  { from: '#0F2027', to: '#2C5364', angle: 180 },
];

/** The params of one run; `bgUrl` is where the background picture was uploaded (bgType 'image'). */
export function toRequest(options: ChangeBgOptions, bgUrl: string | null = null): ChangeBgRequest {
  const base = { bgType: options.bgType, subject: { ...options.subject }, shadow: options.shadow };
  switch (options.bgType) {
    case 'color':
      return { ...base, color: options.color };
    case 'gradient':
      return { ...base, gradient: { ...options.gradient } };
    case 'library':
      return { ...base, bgId: options.bgId };
    case 'image':
      return { ...base, bgUrl: bgUrl ?? undefined };
    case 'transparent':
      return base;
  }
}

/** True when two option sets produce the same picture (fields of other background types do not count). */
export function sameResult(a: ChangeBgOptions, b: ChangeBgOptions): boolean {
  if (a.bgType === 'image' && b.bgType === 'image' && a.bgFile !== b.bgFile) return false;
  return JSON.stringify(toRequest(a)) === JSON.stringify(toRequest(b));
}

/** True when a finished (or failed) run used other options than the ones now on screen. */
export function needsRerun(phase: string, lastRun: ChangeBgOptions | null, now: ChangeBgOptions): boolean {
  if (phase !== 'done' && phase !== 'failed') return false; // a run in progress finishes first
  if (now.bgType === 'image' && !now.bgFile) return false; // nothing to show until a picture is chosen
  return lastRun !== null && !sameResult(lastRun, now);
}

/** A CSS background for a gradient swatch or preview. */
export const cssGradient = ({ from, to, angle }: GradientSpec): string => `linear-gradient(${angle}deg, ${from}, ${to})`;
