/**
 * Building blocks of the document schema (zod 4): colours, effect parameter objects and the
 * colourful text material as stored in a project. Omitted fields take the SPEC §9 defaults, so
 * documents written by older builds (or by hand) stay short.
 */
import { z } from '../util/zod';
import { ADJUST_KEYS, type AdjustKey } from './adjustRegistry';
import { BLEND_MODES } from './types';
import { isValidColor, normaliseColor, parseColor } from './color';
import { defaultAdjustParams, defaultBlendParams, defaultFilterParams, defaultOutlineParams, defaultReflectionParams, defaultShadowParams } from './defaults';

/** Adds parseColor's SPEC §5 message as the issue for an invalid colour. */
function checkColor(value: string, ctx: z.RefinementCtx): void {
  try {
    parseColor(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
}

/** A `#RRGGBB(AA)` colour, stored normalised to `#RRGGBBAA`; the error is parseColor's SPEC §5 text. */
export const colorString = z
  .string()
  .superRefine(checkColor)
  .transform((value) => normaliseColor(value));

/** A colour or '' (none); one schema rather than a union, so the error stays parseColor's text. */
export const optionalColorString = z
  .string()
  .superRefine((value, ctx) => {
    if (value !== '') checkColor(value, ctx);
  })
  .transform((value) => (value === '' ? '' : normaliseColor(value)));

/** Colours inside resource materials: kept as written when valid, else the fallback (never fatal). */
export const lenientColor = (fallback: string) =>
  z
    .string()
    .catch(fallback)
    .transform((v) => (isValidColor(v) ? v : fallback));

const num = (fallback: number) => z.number().default(fallback);
const off = z.boolean().default(false);

const adjust = defaultAdjustParams();
export const pgrainSchema = z.object({ size: num(0), amount: num(0), highlights: num(0), roughness: num(0) });
/** Adjustments, default 0 (SPEC §3). */
export const adjustParamsSchema = z.object({
  ...(Object.fromEntries(ADJUST_KEYS.map((key) => [key, num(0)])) as Record<AdjustKey, ReturnType<typeof num>>),
  pgrain: pgrainSchema.default(() => ({ ...adjust.pgrain })),
});

export const filterParamsSchema = z.object({
  categoryName: z.string().default(defaultFilterParams().categoryName),
  uid: z.string().default(''),
  strength: z.number().min(0).max(100).default(defaultFilterParams().strength),
  lutName: z.string().optional(),
  combination: adjustParamsSchema.partial().optional(),
});

export const blendParamsSchema = z.object({
  mode: z.enum(BLEND_MODES).default(defaultBlendParams().mode),
  opacity: z.number().min(0).max(1).default(defaultBlendParams().opacity),
});

const outline = defaultOutlineParams();
export const outlineParamsSchema = z.object({
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).default(outline.type),
  size: num(outline.size),
  color: colorString.default(outline.color),
  smooth: num(outline.smooth),
  blur: num(outline.blur),
  distance: num(outline.distance),
  enabled: off,
});

const shadow = defaultShadowParams();
export const shadowParamsSchema = z.object({
  presetId: z.string().default(''),
  enabled: off,
  xOffset: num(0),
  yOffset: num(0),
  blur: num(0),
  opacity: num(shadow.opacity),
  color: colorString.default(shadow.color),
  shapeAngle: num(0),
  shapeLength: num(shadow.shapeLength),
  shapeGradient: num(0),
  is3DShadow: off,
});

const reflection = defaultReflectionParams();
export const reflectionParamsSchema = z.object({
  enabled: off,
  scope: num(reflection.scope),
  opacity: num(reflection.opacity),
  distance: num(0),
  angle: num(0),
  y_min: num(0),
  y_max: num(0),
  rotation: num(0),
  innerOpacity: num(0),
  fixedOffset: num(0),
  fixedOpatity: num(0),
  fixedScope: num(0),
  radians: num(0),
});

// ---- colourful text material as stored in a document (looser than the style-file schema) ----

const itemRect = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
const effectLayer = z.object({
  kind: z.enum(['stroke', 'shadow']),
  offsetX: num(0),
  offsetY: num(0),
  opacity: num(1),
  color: lenientColor('#000000'),
  width: num(0),
  blur: num(0),
  gradientColors: z.array(z.string()).default([]),
  gradientAngle: num(90),
  perRowGradient: z.boolean().default(false),
  inner: z.boolean().default(false),
});
const attributes = z.object({
  fontSize: z.number().positive(),
  fontFileName: z.string().default(''),
  fontCategoryName: z.string().default(''),
  colorStr: lenientColor('#000000'),
  wordSpacing: num(0),
  alignment: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  opacity: num(1),
  lineSpacing: num(0),
  backgroundColor: z.string().default(''),
  layersAbove: z.array(effectLayer).default([]),
  layersBelow: z.array(effectLayer).default([]),
  gradient: z.object({ colors: z.array(z.string()), angle: num(90), perRow: z.boolean().default(false) }).optional(),
});
const textItem = z.object({
  kind: z.literal('text'),
  text: z.string().default(''),
  attributes,
  isDefTextContent: z.boolean().default(true),
  rect: itemRect,
  opacity: num(1),
});
const stickerItem = z.object({ kind: z.literal('sticker'), resName: z.string(), rect: itemRect, opacity: num(1) });

export const colorfulTextMaterialSchema = z.object({
  colorfulId: z.string().min(1),
  width: z.number().positive(),
  height: z.number().positive(),
  items: z.array(z.discriminatedUnion('kind', [textItem, stickerItem])),
  pro: z.boolean().optional(),
  name: z.string().optional(),
});
