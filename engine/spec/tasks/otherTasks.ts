/**
 * Rows of the task table for the reading tasks (text, seal, product: JSON results), content review, and the
 * generative types that run only on an external ComfyUI / AUTOMATIC1111 server (engine/spec/generation.ts).
 */
import { z } from '../../util/zod';
import { isProductCategory } from '../../products/categories';
import { OCR_SCRIPTS } from '../extraction';
import { AibgSource } from '../aiBackground';
import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_SIMILARITY,
  DEFAULT_STRENGTH,
  PROMPT_MAX_CHARS,
  SEED_MAX,
  STRENGTH_MAX,
  STRENGTH_MIN,
  STYLE_PRESETS,
} from '../generation';
import { blankIsAbsent, defineTask, noParams, type RunsOn } from './taskSpec';

const reading = () => defineTask({ params: noParams(), defaults: {}, limits: {}, result: 'json', runsOn: 'server', inputImage: 'required' });
// Text extraction: which recogniser reads the lines (engine/spec/extraction.ts).
const textParams = z.object({
  script: blankIsAbsent(z.enum(OCR_SCRIPTS, { error: `script must be one of ${OCR_SCRIPTS.join(', ')}` })),
});
const textReading = defineTask({ params: textParams, defaults: { script: 'zh' }, limits: {}, result: 'json', runsOn: 'server', inputImage: 'required' });

// Product recognition: styleId is the category the page shows (a number or its string), checked against the list.
const productParams = z.object({
  styleId: z
    .union([z.string(), z.number()], { error: 'styleId must be a product category' })
    .optional()
    .refine((v) => v === undefined || v === '' || isProductCategory(String(v)), {
      error: (issue) => `styleId must be a product category, not '${String(issue.input)}'`,
    }),
});
const product = defineTask({ params: productParams, defaults: {}, limits: {}, result: 'json', runsOn: 'server', inputImage: 'required' });

// ---- generative params: the processors (server/src/comfy/generativeParams.ts) parse with these rows, then review the prompt's words.
const text = (name: string) =>
  blankIsAbsent(z.string({ error: `${name} must be text` }).max(PROMPT_MAX_CHARS, `${name} is longer than ${PROMPT_MAX_CHARS} characters`));
const SEED_MESSAGE = `seed must be a whole number from 0 to ${SEED_MAX}`;
const SIZE_MESSAGE = 'width and height must both be multiples of 64 from 256 to 2048';
const size = blankIsAbsent(
  z.coerce.number({ error: SIZE_MESSAGE }).int(SIZE_MESSAGE).min(256, SIZE_MESSAGE).max(2048, SIZE_MESSAGE).multipleOf(64, SIZE_MESSAGE),
);
const unitRange = (name: string, min: number, max: number) => {
  const message = `${name} must be a number from ${min} to ${max}`;
  return blankIsAbsent(z.coerce.number({ error: message }).min(min, message).max(max, message));
};
const shortText = (name: string) =>
  blankIsAbsent(
    z
      .string({ error: `${name} must be a short text` })
      .max(100, `${name} must be a short text`)
      .refine((v) => !/[{}]/.test(v), `${name} must be a short text`),
  );

/** The fields every generative row checks; the learned fills (server/src/processors/learnedFill.ts) pick seed and prompt. */
export const GENERATIVE_FIELDS = z.object({
  prompt: text('prompt'),
  negativePrompt: text('negativePrompt'),
  style: blankIsAbsent(z.enum(STYLE_PRESETS.map((s) => s.id) as [string, ...string[]], { error: 'style must be one of the style presets' })),
  seed: blankIsAbsent(z.coerce.number({ error: SEED_MESSAGE }).int(SEED_MESSAGE).min(0, SEED_MESSAGE).max(SEED_MAX, SEED_MESSAGE)),
  aspectRatio: blankIsAbsent(
    z.enum(ASPECT_RATIOS.map((a) => a.id) as [string, ...string[]], { error: `aspectRatio must be one of ${ASPECT_RATIOS.map((a) => a.id).join(', ')}` }),
  ),
  width: size,
  height: size,
  strength: unitRange('strength', STRENGTH_MIN, STRENGTH_MAX),
  similarity: unitRange('similarity', 0, 100),
  customImageSimilarity: unitRange('customImageSimilarity', 0, 100),
  target: shortText('target'),
  subject: shortText('subject'),
});
const bothSidesOrNone = (v: { width?: number; height?: number }) => (v.width === undefined) === (v.height === undefined);
export const GENERATIVE_PARAMS = GENERATIVE_FIELDS.refine(bothSidesOrNone, SIZE_MESSAGE);

// AI background (SPEC §3): the background source and the canvas the subject is placed on (server/src/comfy/aibgJob.ts).
const AIBG_SOURCES = Object.values(AibgSource) as [string, ...string[]];
const AIBG_PARAMS = GENERATIVE_FIELDS.extend({
  source: blankIsAbsent(z.enum(AIBG_SOURCES, { error: `source must be one of ${AIBG_SOURCES.join(', ')}` })),
  canvasW: unitRange('canvasW', 64, 4096),
  canvasH: unitRange('canvasH', 64, 4096),
}).refine(bothSidesOrNone, SIZE_MESSAGE);

const GENERATIVE_DEFAULTS = { style: 'none', aspectRatio: DEFAULT_ASPECT_RATIO, strength: DEFAULT_STRENGTH, customImageSimilarity: DEFAULT_SIMILARITY };
const GENERATIVE_LIMITS = { promptMaxChars: PROMPT_MAX_CHARS, seedMax: SEED_MAX, strengthMin: STRENGTH_MIN, strengthMax: STRENGTH_MAX };

const generative = (inputImage: 'required' | 'optional' = 'required', runsOn: RunsOn = 'generation') =>
  defineTask({
    params: GENERATIVE_PARAMS,
    defaults: GENERATIVE_DEFAULTS,
    limits: GENERATIVE_LIMITS,
    result: 'image',
    runsOn,
    inputImage,
  });

export const OTHER_TASKS = {
  textExtract: textReading,
  sealExtract: reading(),
  // Free: the AI background step runs recognition by itself whenever the photos change (SPEC §4).
  productIdentify: product,
  imageTagger: product,
  contentReview: defineTask({ params: noParams(), defaults: {}, limits: {}, result: 'json', runsOn: 'none', inputImage: 'required' }),
  aiGeneratePic: generative('optional'),
  aiGeneratePicWebUi: generative('optional'),
  aiImageToImage: generative(),
  aiImgToImgComfyUiV1: generative(),
  aiImgToImgComfyUiV2: generative(),
  aiImgToImgWebUi: generative(),
  aiReplace: generative(),
  aiReplaceClothes: generative(),
  aiReplaceProduct: generative(),
  aiReplaceBg: generative(),
  aiReplaceClothesDetect: generative(),
  aibg: defineTask({
    params: AIBG_PARAMS,
    defaults: GENERATIVE_DEFAULTS,
    limits: GENERATIVE_LIMITS,
    result: 'image',
    runsOn: 'generation',
    inputImage: 'required',
  }),
  deoldify: generative(),
  aiPainting: generative(),
} as const;
