/**
 * Rows of the task table for the photo tools that run on this server's own models (SPEC §9 task types):
 * cut-out, blur, enhance, erase, extend, watermark, scratches, ID photo, head, batch resize.
 */
import { z } from '../../util/zod';
import { parseResizeSettings } from '../../batch/settings';
import { parseChangeBgParams } from '../../backgrounds/params';
import { parseIdPhotoParams } from '../../idphoto/params';
import { ENHANCE_DEFAULTS, ENHANCE_MAX_PIXELS } from '../enhance';
import { ENHANCE_STRENGTHS } from '../kinds';
import { defineTask, noParams, parserSchema } from './taskSpec';

// ---- bgblur: strength 0..100 of the SPEC §5 blur range, feather = σ in px of the subject's edge.
export const BGBLUR_DEFAULT_STRENGTH = 50;
export const BGBLUR_DEFAULT_FEATHER = 3;
/** Feather above this is no longer an edge softening but a blurred subject. */
export const BGBLUR_MAX_FEATHER = 50;
export const BGBLUR_MAX_STRENGTH = 100;

const bgblur = defineTask({
  params: z.object({
    strength: z
      .number({ error: 'strength must be a number 0..100' })
      .min(0, 'strength must be 0..100')
      .max(BGBLUR_MAX_STRENGTH, 'strength must be 0..100')
      .default(BGBLUR_DEFAULT_STRENGTH),
    feather: z
      .number({ error: `feather must be a number of pixels 0..${BGBLUR_MAX_FEATHER}` })
      .min(0, `feather must be 0..${BGBLUR_MAX_FEATHER} px`)
      .max(BGBLUR_MAX_FEATHER, `feather must be 0..${BGBLUR_MAX_FEATHER} px`)
      .default(BGBLUR_DEFAULT_FEATHER),
  }),
  defaults: { strength: BGBLUR_DEFAULT_STRENGTH, feather: BGBLUR_DEFAULT_FEATHER },
  limits: { maxStrength: BGBLUR_MAX_STRENGTH, maxFeather: BGBLUR_MAX_FEATHER },
  result: 'image',
  runsOn: 'server',
  inputImage: 'required',
});

// ---- picenhance (engine/spec/enhance.ts holds the strengths' blend and the pixel caps).
const picenhance = defineTask({
  params: z.object({
    efMode: z.enum(ENHANCE_STRENGTHS, { error: `efMode must be one of ${ENHANCE_STRENGTHS.join(', ')}` }).default(ENHANCE_DEFAULTS.efMode),
    // JSON clients may send the scale as "2"/"4"; anything else is an error, never a silent default.
    scale: z
      .union([z.literal(2), z.literal(4), z.literal('2'), z.literal('4')], { error: 'scale must be 2 or 4' })
      .transform((v) => Number(v) as 2 | 4)
      .default(ENHANCE_DEFAULTS.scale),
    mode: z.enum(['upscale', 'denoise'], { error: 'mode must be upscale or denoise' }).default(ENHANCE_DEFAULTS.mode),
    quality: z.enum(['fast', 'high'], { error: 'quality must be fast or high' }).default(ENHANCE_DEFAULTS.quality),
  }),
  defaults: ENHANCE_DEFAULTS,
  limits: ENHANCE_MAX_PIXELS,
  result: 'image',
  runsOn: 'server',
  inputImage: 'required',
});

// ---- elimination / lama / removeWatermark: fill quality of the masked area.
/** 'best' = our patch fill, 'fast' = OpenCV Telea (the live preview's fill). */
export const FILL_QUALITIES = ['best', 'fast'] as const;
export type FillQuality = (typeof FILL_QUALITIES)[number];
const fillQuality = (message: string) => z.enum(FILL_QUALITIES, { error: message }).default('best');

const elimination = defineTask({
  params: z.object({ quality: fillQuality(`quality must be one of ${[...FILL_QUALITIES].reverse().join(', ')}`) }),
  defaults: { quality: 'best' },
  limits: {},
  result: 'image',
  runsOn: 'server',
  inputImage: 'required',
});
const removeWatermark = defineTask({
  params: z.object({ quality: fillQuality("quality must be 'best' or 'fast'") }),
  defaults: { quality: 'best' },
  limits: {},
  result: 'image',
  runsOn: 'server',
  inputImage: 'required',
});

// ---- aiextend: the frame the photo is extended to (server/src/processors/aiextendLayout.ts lays it out).
export const EXTEND_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16', 'custom'] as const;
export type ExtendRatio = (typeof EXTEND_RATIOS)[number];
export const EXTEND_CUSTOM_MAX_SIDE = 4096;
/** A frame holds at most this many times the photo's area (beyond, the picture would be mostly invented). */
export const EXTEND_MAX_AREA_FACTOR = 4;
const sideMessage = (name: string) => `${name} must be a whole number of pixels from 1 to ${EXTEND_CUSTOM_MAX_SIDE}`;
const side = (name: string) =>
  z
    .number({ error: sideMessage(name) })
    .int(sideMessage(name))
    .min(1, sideMessage(name))
    .max(EXTEND_CUSTOM_MAX_SIDE, sideMessage(name))
    .optional();
const POSITION_MESSAGE = 'position must be { x, y } between 0 and 1';
const unit = z.number({ error: POSITION_MESSAGE }).min(0, POSITION_MESSAGE).max(1, POSITION_MESSAGE);

const aiextend = defineTask({
  params: z
    .object({
      ratio: z.enum(EXTEND_RATIOS, { error: `ratio must be one of ${EXTEND_RATIOS.join(', ')}` }),
      width: side('width'),
      height: side('height'),
      position: z.object({ x: unit.default(0.5), y: unit.default(0.5) }, { error: POSITION_MESSAGE }).default({ x: 0.5, y: 0.5 }),
    })
    .refine((v) => v.ratio !== 'custom' || (v.width !== undefined && v.height !== undefined), 'a custom size needs width and height'),
  defaults: { ratio: '4:3', position: { x: 0.5, y: 0.5 } },
  limits: { customMaxSide: EXTEND_CUSTOM_MAX_SIDE, maxAreaFactor: EXTEND_MAX_AREA_FACTOR },
  result: 'image',
  runsOn: 'server',
  inputImage: 'required',
});

const simple = (runsOn: 'server' | 'generation' | 'none' = 'server') =>
  defineTask({ params: noParams(), defaults: {}, limits: {}, result: 'image', runsOn, inputImage: 'required' });

export const IMAGE_TASKS = {
  removebg: simple(),
  bgblur,
  picenhance,
  changebg: defineTask({ params: parserSchema(parseChangeBgParams), defaults: {}, limits: {}, result: 'image', runsOn: 'server', inputImage: 'required' }),
  descratch: simple(),
  elimination,
  lama: simple(),
  removeWatermark,
  aiextend,
  idphoto: defineTask({
    params: parserSchema(parseIdPhotoParams),
    defaults: { output: 'photo' },
    limits: {},
    result: 'image',
    runsOn: 'server',
    inputImage: 'required',
  }),
  headExtract: simple(),
  seginstance: simple('none'),
  // The bulk resizer of batch editing (engine/spec/batch.ts, tool `resize`).
  batchEdit: defineTask({ params: parserSchema(parseResizeSettings), defaults: {}, limits: {}, result: 'image', runsOn: 'server', inputImage: 'required' }),
} as const;
