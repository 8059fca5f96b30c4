/**
 * Validation of colourful text materials (SPEC §3 "Colourful text material") with zod.
 * Units: every length is in material pixels (the material is `width` × `height`); every opacity is 0..1;
 * angles are degrees, clockwise from "left to right" (90 = top to bottom). Omitted optional fields get
 * the defaults below, so style files stay short.
 */
import { z } from '../util/zod';
import type { ColorfulTextMaterial } from '../doc/types';

const hex = z.string().regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'expected a colour #RRGGBB or #RRGGBBAA');
const unit = z.number().min(0).max(1);
/** Gradients need two colours or more; an empty list means "use the solid colour". */
const gradientColors = z.array(hex).refine((c) => c.length !== 1, 'a gradient needs at least two colours (or none)');

const effectLayer = z
  .strictObject({
    kind: z.enum(['stroke', 'shadow']),
    offsetX: z.number().default(0),
    offsetY: z.number().default(0),
    opacity: unit.default(1),
    color: hex.default('#000000'),
    /** Stroke: the full line width (half of it lies outside the glyphs). Unused by shadows. */
    width: z.number().min(0).default(0),
    /** Gaussian blur radius (CSS `blur()` px). */
    blur: z.number().min(0).default(0),
    gradientColors: gradientColors.default([]),
    gradientAngle: z.number().default(90),
    perRowGradient: z.boolean().default(false),
    /** Drawn only inside the glyphs (inner shadow / inner stroke). */
    inner: z.boolean().default(false),
  })
  .refine((l) => l.kind !== 'stroke' || l.width > 0, { message: 'a stroke needs a width above 0', path: ['width'] });

const attributes = z.strictObject({
  fontSize: z.number().positive(),
  /** The font catalogue fontName (no spaces), e.g. "LuckiestGuy"; '' is the system font. */
  fontFileName: z.string(),
  fontCategoryName: z.string().default(''),
  colorStr: hex,
  /** Extra space between characters, px. */
  wordSpacing: z.number().default(0),
  alignment: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  opacity: unit.default(1),
  /** Extra space between lines, px (added to 1.2 × fontSize). */
  lineSpacing: z.number().default(0),
  backgroundColor: z.union([z.literal(''), hex]).default(''),
  layersAbove: z.array(effectLayer).default([]),
  layersBelow: z.array(effectLayer).default([]),
  gradient: z
    .strictObject({
      colors: z.array(hex).min(2, 'a gradient needs at least two colours'),
      angle: z.number().default(90),
      perRow: z.boolean().default(false),
    })
    .optional(),
});

const rect = z.strictObject({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() });

const textItem = z.strictObject({
  kind: z.literal('text'),
  text: z.string(),
  attributes,
  /** The user's text replaces this item's text. */
  isDefTextContent: z.boolean().default(true),
  rect,
  opacity: unit.default(1),
});

const stickerItem = z.strictObject({
  kind: z.literal('sticker'),
  /** A sticker resId, e.g. "twemoji-2728". */
  resName: z.string().min(1),
  rect,
  opacity: unit.default(1),
});

const material = z
  .strictObject({
    colorfulId: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a kebab-case id such as "neon-pink"'),
    width: z.number().positive(),
    height: z.number().positive(),
    items: z.array(z.discriminatedUnion('kind', [textItem, stickerItem])).min(1, 'a style needs at least one item'),
    pro: z.boolean().default(false),
    name: z.string().optional(),
  })
  .superRefine((m, ctx) => {
    m.items.forEach((item, i) => {
      const { x, y, w, h } = item.rect;
      if (x < 0 || y < 0 || x + w > m.width + 1e-6 || y + h > m.height + 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'rect'], message: `the rect lies outside the ${m.width}×${m.height} material` });
      }
    });
  });

// Compile-time proof that what the schema produces is the document type.
type Parsed = z.output<typeof material>;
const _sameShape: (p: Parsed) => ColorfulTextMaterial = (p) => p;
void _sameShape;

/** A style file that does not validate; `problems` lists one "path: message" per issue. */
export class ColorfulTextStyleError extends Error {
  override name = 'ColorfulTextStyleError';
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`invalid colourful text style ${source}:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Validates `json` as a colourful text material and fills in defaults.
 * Throws ColorfulTextStyleError naming every bad field.
 * @example parseColorfulTextMaterial(JSON.parse(file), 'neon-pink.json').items.length
 */
export function parseColorfulTextMaterial(json: unknown, source = 'style'): ColorfulTextMaterial {
  const result = material.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  throw new ColorfulTextStyleError(source, problems);
}
