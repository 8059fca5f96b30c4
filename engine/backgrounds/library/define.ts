/** Helpers for writing catalogue entries compactly: ids become name keys, shared finishes are presets. */
import type { BackgroundCategory, BackgroundDef, NoiseOverlay } from '../types';

/** `studio-white` → `changebg.bg.studioWhite`. */
export const nameKeyFor = (id: string): string => `changebg.bg.${id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;

type Entry = BackgroundDef extends infer D ? (D extends BackgroundDef ? Omit<D, 'nameKey' | 'category'> : never) : never;

/** Fills in category and name key for a list of entries. */
export function inCategory(category: BackgroundCategory, entries: Entry[]): BackgroundDef[] {
  return entries.map((entry) => ({ ...entry, category, nameKey: nameKeyFor(entry.id) }) as BackgroundDef);
}

/** Fine paper fibre: a small seamless tile of high-frequency noise. */
export const fibre = (color: string, opacity: number, seed = 3): NoiseOverlay => ({
  color,
  freq: 0.55,
  octaves: 3,
  type: 'fractalNoise',
  seed,
  contrast: 2.2,
  bias: -0.8,
  opacity,
  tile: true,
});

/** Large soft blotches (paper mottling, concrete clouds), drawn small and stretched. */
export const mottle = (color: string, opacity: number, seed = 7, freq = 0.012): NoiseOverlay => ({
  color,
  freq,
  octaves: 4,
  type: 'fractalNoise',
  seed,
  contrast: 2.4,
  bias: -0.95,
  opacity,
});

/** Thin dark veins: turbulence is near zero along ridges, inverted and sharpened into lines. */
export const veins = (color: string, opacity: number, seed = 11): NoiseOverlay => ({
  color,
  freq: 0.006,
  octaves: 5,
  type: 'turbulence',
  seed,
  contrast: -6,
  bias: 1,
  exponent: 2.2,
  opacity,
});

/** Long streaks (wood grain, woven threads): noise squashed along x. */
export const streaks = (color: string, opacity: number, stretchX: number, seed = 5, freq = 0.05): NoiseOverlay => ({
  color,
  freq,
  octaves: 3,
  type: 'fractalNoise',
  seed,
  contrast: 2.5,
  bias: -1,
  opacity,
  stretchX,
  tile: true,
});
