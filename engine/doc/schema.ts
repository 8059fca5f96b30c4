/**
 * The document schema (zod 4) of SPEC §3 at CURRENT_SCHEMA_VERSION. `parseProject` validates the
 * project fields with `projectFieldsSchema` and each layer on its own with `layerSchema`, so one
 * broken layer is dropped instead of failing the whole document.
 */
import { z } from '../util/zod';
import { DEFAULT_LAYER_OPACITY, DEFAULT_TEXT_VALUE } from './defaults';
import {
  adjustParamsSchema,
  blendParamsSchema,
  colorString,
  colorfulTextMaterialSchema,
  filterParamsSchema,
  optionalColorString,
  outlineParamsSchema,
  reflectionParamsSchema,
  shadowParamsSchema,
} from './schemaParts';
import type { Layer, Project, TextValue } from './types';
import { LAYER_VALUE_SOURCES, LAYER_VALUE_TYPES, SHAPE_KINDS } from '../spec/kinds';
import { MAX_SHAPE_STROKE } from '../spec/limits';

const finite = z.number();
const gravity = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const rectSchema = z.object({
  x: finite,
  y: finite,
  w: finite.min(0),
  h: finite.min(0),
  angle: finite.default(0),
});

const cropRect = z.object({ x: finite, y: finite, w: finite.positive(), h: finite.positive() });

export const imageValueSchema = z.object({
  name: z.string().default(''),
  uri: z.string().min(1, 'an image needs a uri'),
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  canChange: z.boolean().default(true),
  cropRect: cropRect.nullable().default(null),
});

const d = DEFAULT_TEXT_VALUE;
export const textValueSchema = z.object({
  text: z.string().default(d.text),
  fontSize: finite.positive().default(d.fontSize),
  lineSpacing: finite.default(d.lineSpacing),
  letterSpacing: finite.default(d.letterSpacing),
  fontName: z.string().default(d.fontName),
  fontCategoryName: z.string().default(d.fontCategoryName),
  gravity: gravity.default(d.gravity),
  textColor: colorString.default(d.textColor),
  fillTextureName: z.string().default(d.fillTextureName),
  resType: z.string().default(d.resType),
  curve: finite.min(-100).max(100).default(d.curve),
  fillImageUrl: z.string().default(d.fillImageUrl),
  textBoardW: finite.default(d.textBoardW),
  textBoardH: finite.default(d.textBoardH),
  textMaxW: finite.default(d.textMaxW),
  backgroundColor: optionalColorString.default(d.backgroundColor),
  colorfulTextStyleId: z.string().default(d.colorfulTextStyleId),
  colorfulTextStylePro: z.boolean().default(d.colorfulTextStylePro),
});

/** A shape (our addition): kind, fill and outline colours ('' = none), outline width, corner radius. */
export const shapeValueSchema = z.object({
  kind: z.enum(SHAPE_KINDS),
  fill: optionalColorString.default(''),
  stroke: optionalColorString.default(''),
  strokeWidth: finite.min(0).max(MAX_SHAPE_STROKE).default(0),
  radius: finite.min(0).default(0),
});

export const layerValueSchema = z.discriminatedUnion('valueType', [
  z.object({ valueType: z.literal('img'), img: imageValueSchema }),
  z.object({ valueType: z.literal('color'), color: z.object({ color: colorString }) }),
  z.object({ valueType: z.literal('text'), text: textValueSchema }),
  z.object({ valueType: z.literal('colorfulText'), colorfulText: z.object({ material: colorfulTextMaterialSchema, text: z.string().default('') }) }),
  z.object({ valueType: z.literal('shape'), shape: shapeValueSchema }),
]);

export const layerSchema = z
  .object({
    layerId: z.string().min(1),
    type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    valueType: z.enum(LAYER_VALUE_TYPES),
    valueSource: z.enum(LAYER_VALUE_SOURCES).default('none'),
    value: layerValueSchema,
    index: z.number().int().default(0),
    name: z.string().default(''),
    visible: z.boolean().default(true),
    locked: z.boolean().default(false),
    flipH: z.boolean().default(false),
    flipV: z.boolean().default(false),
    overColor: optionalColorString.default(''),
    rect: rectSchema,
    resId: z.string().default(''),
    resType: z.string().default(''),
    resNeedPro: z.boolean().default(false),
    opacity: finite.min(0).max(100).default(DEFAULT_LAYER_OPACITY),
    mask: z
      .object({ name: z.string().default(''), uri: z.string() })
      .nullable()
      .default(null),
    filterParams: filterParamsSchema.nullable().default(null),
    blendParams: blendParamsSchema.nullable().default(null),
    outlineParams: outlineParamsSchema.nullable().default(null),
    shadowParams: shadowParamsSchema.nullable().default(null),
    adjustParams: adjustParamsSchema.nullable().default(null),
    reflectionParams: reflectionParamsSchema.nullable().default(null),
  })
  .refine((layer) => layer.valueType === layer.value.valueType, {
    message: 'valueType does not match value.valueType',
    path: ['valueType'],
  });

/** Every project field but `layers` (validated one by one). */
export const projectFieldsSchema = z.object({
  schemaVersion: z.number().int().min(0),
  type: z.enum(['project', 'cutouts']),
  projectId: z.string().min(1),
  name: z.string().default(''),
  platform: z.literal('web').catch('web'),
  version: z.string().default(''),
  templateId: z.string().default(''),
  canvasSizeId: z.string().default(''),
  canvasW: finite.positive(),
  canvasH: finite.positive(),
  exportW: finite.positive().optional(),
  exportH: finite.positive().optional(),
  idPhotoParams: z.record(z.string(), z.unknown()).nullable().default(null),
  aibgParams: z.record(z.string(), z.unknown()).nullable().default(null),
  aibgRecords: z.array(z.unknown()).default([]),
  filterParams: filterParamsSchema.nullable().default(null),
  adjustParams: adjustParamsSchema.nullable().default(null),
});

// Compile-time proof that what the schemas produce is the document type.
const _layer: (p: z.output<typeof layerSchema>) => Layer = (p) => p;
const _text: (p: z.output<typeof textValueSchema>) => TextValue = (p) => p;
const _fields: (p: z.output<typeof projectFieldsSchema>) => Omit<Project, 'layers' | 'exportW' | 'exportH'> = (p) => p;
void _layer;
void _text;
void _fields;

/** One "path: message" line per zod issue, e.g. `rect.w: Invalid input: expected number, received string`. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
}
