/**
 * What a generative page's choices become in a submit payload (style preset, aspect ratio, seed), on top of the
 * shared tables of engine/spec/generation.ts (presets, ratios, limits), which the server's workflows read too.
 */
import { ASPECT_RATIOS, DEFAULT_ASPECT_RATIO, DEFAULT_SIMILARITY, MAX_IMAGES_PER_REQUEST, SEED_MAX, STYLE_PRESETS } from './generation';

export { ASPECT_RATIOS, DEFAULT_STRENGTH, PROMPT_MAX_CHARS, STYLE_PRESETS } from './generation';
export { AibgSource as BackgroundSource } from './aiBackground';

/** Images one run may ask for: one task each, each charged (and refunded on failure) on its own. */
export const MAX_IMAGES_PER_RUN = MAX_IMAGES_PER_REQUEST;
export const MAX_SEED = SEED_MAX;
/** Custom-image AI background (SPEC §3 customImageSimilarity, sent as 0-100), as a fraction for the slider. */
export const DEFAULT_IMAGE_SIMILARITY = DEFAULT_SIMILARITY / 100;

export interface GenerationChoices {
  /** An id of STYLE_PRESETS. */
  style: string;
  /** An id of ASPECT_RATIOS. */
  aspect: string;
  count: number;
  /** Empty: a random seed each run. */
  seed: string;
}

export const DEFAULT_CHOICES: GenerationChoices = { style: 'none', aspect: DEFAULT_ASPECT_RATIO, count: 1, seed: '' };

/** A typed seed as a number, or null when it is empty or not a whole number in range. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= SEED_MAX ? value : null;
}

/** True when the seed box holds something that is not a valid seed (an empty box is valid: random). */
export function seedInvalid(text: string): boolean {
  return text.trim() !== '' && parseSeed(text) === null;
}

/** A random seed, drawn when the user leaves the box empty (so the result can be reproduced from what we show). */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (SEED_MAX + 1));
}

/**
 * The submit params for these choices (the prompt itself travels as `prompt`, added by the task flow).
 * One job makes one image (a run of several images submits several jobs).
 * @example generationParams({ ...DEFAULT_CHOICES, aspect: '16:9' }, 7) // { style: 'none', aspectRatio: '16:9', seed: 7 }
 */
export function generationParams(choices: GenerationChoices, seed: number): Record<string, unknown> {
  const aspect = ASPECT_RATIOS.find((a) => a.id === choices.aspect) ?? ASPECT_RATIOS[0];
  const style = STYLE_PRESETS.find((s) => s.id === choices.style) ?? STYLE_PRESETS[0];
  return { style: style.id, aspectRatio: aspect.id, seed };
}
