/**
 * The remove.bg-compatible API (issue 27): the fields of `POST /v1.0/removebg` exactly as remove.bg's published
 * API v1.0 names them, as one zod schema. The server validates every call with it and the OpenAPI document
 * (`GET /api/openapi.json`) is generated from it, so the two cannot drift apart. Multipart and form fields arrive
 * as strings; JSON bodies may send booleans and numbers, which are accepted as their string forms.
 */
import { z } from '../util/zod';

/** `size`: the largest output, by remove.bg's names. Megapixels; `Infinity` keeps the input's size. */
export const REMOVEBG_SIZES = {
  preview: 0.25,
  small: 0.25,
  regular: 0.25,
  medium: 1.5,
  hd: 4,
  '4k': 10,
  '50MP': 50,
  full: Infinity,
  auto: Infinity,
} as const;
export type RemoveBgSize = keyof typeof REMOVEBG_SIZES;

export const REMOVEBG_TYPES = ['auto', 'person', 'product', 'animal', 'car', 'transportation', 'graphics', 'other'] as const;
export const REMOVEBG_FORMATS = ['auto', 'png', 'jpg', 'webp', 'zip'] as const;

/**
 * Form fields are strings; JSON may carry numbers or booleans: each value is read as its trimmed string form and
 * '' counts as absent. No transforms after that, so the JSON Schema of the output side documents the field.
 */
const asText = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim() || undefined : String(v));
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess(asText, schema.optional());
const choice = <const T extends readonly [string, ...string[]]>(values: T) => optionalText(z.enum(values as unknown as [T[number], ...T[number][]]));
const bool = optionalText(z.enum(['true', 'false', '1', '0']));
/** A boolean field's value ('true'/'1' or 'false'/'0'), absent as false. */
export const isTrue = (value: string | undefined): boolean => value === 'true' || value === '1';

/** A length: `30px`, `10%` or a bare number of pixels. */
const LENGTH = /^\d+(\.\d+)?(px|%)?$/;
/** A colour: hex (`81d4fa`, `81d4fa77`, `#fff`) or a CSS colour name (`green`). */
const COLOR = /^(#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,20})$/;

/** The text fields of a remove.bg call (the files `image_file` and `bg_image_file` come as multipart parts). */
export const RemoveBgFields = z.object({
  image_file_b64: optionalText(
    z
      .string()
      .max(48 * 1024 * 1024)
      .describe('the source image, base64-encoded'),
  ),
  image_url: optionalText(z.string().max(2048).url().describe('the source image, fetched by the server (public http(s) hosts only)')),
  size: choice(Object.keys(REMOVEBG_SIZES) as [RemoveBgSize, ...RemoveBgSize[]]).describe(
    'largest output: preview/small/regular 0.25 MP, medium 1.5 MP, hd 4 MP, 4k 10 MP, 50MP, full/auto the input size (default preview)',
  ),
  type: choice(REMOVEBG_TYPES).describe('foreground type; accepted for compatibility (every type uses the same model), echoed in X-Type'),
  type_level: choice(['none', '1', '2', 'latest']).describe('accepted for compatibility'),
  format: choice(REMOVEBG_FORMATS).describe('auto: PNG when the result has transparency, else JPG; zip: color.jpg plus alpha.png'),
  roi: optionalText(z.string().regex(/^(\d+(\.\d+)?(px|%)?\s+){3}\d+(\.\d+)?(px|%)?$/, 'roi must be four lengths: x1 y1 x2 y2 (px or %)')).describe(
    'region of interest "x1 y1 x2 y2" (px or %); everything outside is background (default 0% 0% 100% 100%)',
  ),
  crop: bool.describe('crop off the empty area around the subject'),
  crop_margin: optionalText(
    z
      .string()
      .regex(/^(\S+)(\s+\S+){0,3}$/)
      .refine((v) => v.split(/\s+/).every((p) => LENGTH.test(p)), 'crop_margin must be 1, 2 or 4 lengths (px or %)'),
  ).describe('margin around the cropped subject: 1, 2 or 4 lengths in px or % of the subject (at most 50 % or 500 px a side)'),
  scale: optionalText(z.string().regex(/^(original|\d{1,3}(\.\d+)?%)$/, 'scale must be "original" or 10% to 100%')).describe(
    'subject size relative to the image: "original" or 10%-100% (implies position=center)',
  ),
  position: optionalText(
    z.string().regex(/^(original|center|\d{1,3}(\.\d+)?%(\s+\d{1,3}(\.\d+)?%)?)$/, 'position must be "original", "center", or one or two percentages'),
  ).describe('where the subject sits: "original", "center", or "x% y%"'),
  channels: choice(['rgba', 'alpha']).describe('rgba: the cut-out; alpha: only the mask, as greyscale'),
  add_shadow: bool.describe('accepted for compatibility; no shadow is added'),
  semitransparency: bool.describe('accepted for compatibility; semi-transparent edges are always kept'),
  bg_color: optionalText(z.string().regex(COLOR, 'bg_color must be a hex colour (81d4fa, 81d4fa77) or a colour name')).describe('background colour'),
  bg_image_url: optionalText(z.string().max(2048).url().describe('background image, fetched by the server')),
});
export type RemoveBgFieldValues = z.output<typeof RemoveBgFields>;

/** remove.bg's error reply: `{"errors":[{"title":…,"code":…}]}`. */
export const RemoveBgError = z.object({
  errors: z.array(z.object({ title: z.string(), code: z.string(), detail: z.string().optional() })).min(1),
});

/** The JSON reply (with `Accept: application/json`). */
export const RemoveBgJsonResult = z.object({
  data: z.object({
    result_b64: z.string(),
    foreground_top: z.number().int(),
    foreground_left: z.number().int(),
    foreground_width: z.number().int(),
    foreground_height: z.number().int(),
  }),
});

/** `GET /v1.0/account`, shaped like remove.bg's. */
export const RemoveBgAccount = z.object({
  data: z.object({
    attributes: z.object({
      credits: z.object({ total: z.number(), subscription: z.number(), payg: z.number(), enterprise: z.number() }),
      api: z.object({ free_calls: z.number(), sizes: z.string() }),
    }),
  }),
});

/** The error codes this server answers with, by HTTP status (remove.bg's statuses). */
export const REMOVEBG_ERROR_CODES = {
  400: ['invalid_parameters', 'missing_source', 'failed_to_read_image', 'invalid_image_url', 'file_too_large', 'unknown_foreground'],
  402: ['insufficient_credits'],
  403: ['auth_failed'],
  429: ['rate_limit_exceeded'],
  503: ['service_unavailable'],
} as const;
