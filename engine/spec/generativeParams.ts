/**
 * The choices a generative tool page offers (style preset, aspect ratio, number of images, seed) and the submit
 * payload they become. Shared by the client (the option controls) and the server (the workflow inputs), so the
 * ids and sizes have one source. SPEC leaves them open; the sizes are the ones SDXL-class checkpoints are trained
 * at (about one megapixel, sides multiples of 64).
 */

/** Style presets: an id on the wire, an English prompt fragment the workflow appends to the (English) prompt. */
export const STYLE_PRESETS = [
  { id: 'none', fragment: '' },
  { id: 'photo', fragment: 'professional photograph, natural light, sharp focus, highly detailed' },
  { id: 'cinematic', fragment: 'cinematic film still, dramatic lighting, shallow depth of field, film grain' },
  { id: 'anime', fragment: 'anime illustration, vibrant colours, clean line art' },
  { id: 'digital-art', fragment: 'digital art, concept art, highly detailed' },
  { id: 'oil-painting', fragment: 'oil painting, visible brush strokes, canvas texture' },
  { id: 'watercolor', fragment: 'watercolour painting, soft washes, paper texture' },
  { id: '3d-render', fragment: '3d render, octane, soft global illumination, studio lighting' },
  { id: 'pixel-art', fragment: 'pixel art, 16-bit, limited palette' },
  { id: 'sketch', fragment: 'pencil sketch, graphite, cross-hatching, monochrome' },
  { id: 'fantasy', fragment: 'fantasy art, ethereal, magical atmosphere, intricate' },
  { id: 'comic', fragment: 'comic book style, bold ink outlines, halftone shading' },
] as const;

export type StylePresetId = (typeof STYLE_PRESETS)[number]['id'];

/** Aspect ratios with the pixel size each generates at. */
export const ASPECT_RATIOS = [
  { id: '1:1', width: 1024, height: 1024 },
  { id: '4:3', width: 1152, height: 896 },
  { id: '3:4', width: 896, height: 1152 },
  { id: '3:2', width: 1216, height: 832 },
  { id: '2:3', width: 832, height: 1216 },
  { id: '16:9', width: 1344, height: 768 },
  { id: '9:16', width: 768, height: 1344 },
] as const;

export type AspectRatioId = (typeof ASPECT_RATIOS)[number]['id'];

/** Images one submit may ask for (each one is charged, SPEC §1 credits). */
export const MAX_IMAGES_PER_RUN = 4;
/** Seeds are unsigned 32-bit integers, as ComfyUI's KSampler and AUTOMATIC1111 accept. */
export const MAX_SEED = 0xffff_ffff;
/** Image-to-image strength (denoise): how far the result may move from the input picture. */
export const DEFAULT_STRENGTH = 0.6;
/** Custom-image AI background (SPEC §3 customImageSimilarity, sent as 0-100): how closely the scene follows the reference. */
export const DEFAULT_IMAGE_SIMILARITY = 0.5;
/** The longest prompt a page accepts: enough for a detailed description, short enough to review fast. */
export const PROMPT_MAX_CHARS = 1000;

/** SPEC §3 AI background "Background source". */
export const BackgroundSource = { NONE: 'None', CUSTOM_PROMPT: 'CustomPrompt', CUSTOM_IMAGE: 'CustomImage' } as const;
export type BackgroundSourceValue = (typeof BackgroundSource)[keyof typeof BackgroundSource];

export interface GenerationChoices {
  style: StylePresetId;
  aspect: AspectRatioId;
  count: number;
  /** Empty: a random seed each run. */
  seed: string;
}

export const DEFAULT_CHOICES: GenerationChoices = { style: 'none', aspect: '1:1', count: 1, seed: '' };

/** A typed seed as a number, or null when it is empty or not a whole number in range. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_SEED ? value : null;
}

/** True when the seed box holds something that is not a valid seed (an empty box is valid: random). */
export function seedInvalid(text: string): boolean {
  return text.trim() !== '' && parseSeed(text) === null;
}

/** A random seed, drawn when the user leaves the box empty (so the result can be reproduced from what we show). */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (MAX_SEED + 1));
}

/**
 * The submit params for these choices (the prompt itself travels as `prompt`, added by the task flow).
 * One job makes one image (a run of several images submits several jobs).
 * @example generationParams({ ...DEFAULT_CHOICES, aspect: '16:9' }, 7)
 *   // { style: 'none', aspectRatio: '16:9', seed: 7 }
 */
export function generationParams(choices: GenerationChoices, seed: number): Record<string, unknown> {
  const aspect = ASPECT_RATIOS.find((a) => a.id === choices.aspect) ?? ASPECT_RATIOS[0];
  const style = STYLE_PRESETS.find((s) => s.id === choices.style) ?? STYLE_PRESETS[0];
  return { style: style.id, aspectRatio: aspect.id, seed };
}
