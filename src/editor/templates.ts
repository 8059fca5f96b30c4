/**
 * Canvas sizes and templates offered on /create and in the editor's canvas-size panel.
 * A preset is plain data: its `canvasSizeId` (and `templateId` for templates) go into the
 * project document, so a project remembers which size it was made from. Labels are i18n keys
 * under `editor.sizes.<id>`.
 */

/** Groups shown as headings on /create. */
export type PresetGroup = 'social' | 'video' | 'print' | 'product';

export interface CanvasPreset {
  /** Stable id; also the i18n key suffix (`editor.sizes.<id>`). */
  id: string;
  canvasSizeId: string;
  /** Set for templates that bring more than a size (a background colour). */
  templateId?: string;
  group: PresetGroup;
  width: number;
  height: number;
  /** Background colour (#RRGGBBAA) a template starts with; default opaque white. */
  background?: string;
}

/** Smallest and largest custom side, in canvas pixels. */
export const CANVAS_MIN_SIDE = 16;
export const CANVAS_MAX_SIDE = 8192;

export const PRESET_GROUPS: readonly PresetGroup[] = ['social', 'video', 'print', 'product'];

export const CANVAS_PRESETS: readonly CanvasPreset[] = [
  { id: 'square', canvasSizeId: 'square_1080', group: 'social', width: 1080, height: 1080 },
  { id: 'instagramPost', canvasSizeId: 'instagram_post', group: 'social', width: 1080, height: 1350 },
  { id: 'instagramStory', canvasSizeId: 'instagram_story', group: 'social', width: 1080, height: 1920 },
  { id: 'facebookPost', canvasSizeId: 'facebook_post', group: 'social', width: 1200, height: 630 },
  { id: 'facebookCover', canvasSizeId: 'facebook_cover', group: 'social', width: 1640, height: 624 },
  { id: 'xPost', canvasSizeId: 'x_post', group: 'social', width: 1600, height: 900 },
  { id: 'pinterestPin', canvasSizeId: 'pinterest_pin', group: 'social', width: 1000, height: 1500 },
  { id: 'linkedinBanner', canvasSizeId: 'linkedin_banner', group: 'social', width: 1584, height: 396 },
  { id: 'youtubeThumbnail', canvasSizeId: 'youtube_thumbnail', group: 'video', width: 1280, height: 720 },
  { id: 'presentation', canvasSizeId: 'presentation_16_9', group: 'video', width: 1920, height: 1080 },
  { id: 'wallpaper4k', canvasSizeId: 'wallpaper_4k', group: 'video', width: 3840, height: 2160 },
  { id: 'phoneWallpaper', canvasSizeId: 'phone_wallpaper', group: 'video', width: 1170, height: 2532 },
  { id: 'a4', canvasSizeId: 'a4_300dpi', group: 'print', width: 2480, height: 3508 },
  { id: 'letter', canvasSizeId: 'letter_300dpi', group: 'print', width: 2550, height: 3300 },
  { id: 'postcard', canvasSizeId: 'postcard_300dpi', group: 'print', width: 1800, height: 1200 },
  {
    id: 'productWhite',
    canvasSizeId: 'product_2000',
    templateId: 'product_white',
    group: 'product',
    width: 2000,
    height: 2000,
    background: '#FFFFFFFF',
  },
  {
    id: 'productGrey',
    canvasSizeId: 'product_2000',
    templateId: 'product_grey',
    group: 'product',
    width: 2000,
    height: 2000,
    background: '#F1F2F4FF',
  },
  {
    id: 'productBlue',
    canvasSizeId: 'product_2000',
    templateId: 'product_blue',
    group: 'product',
    width: 2000,
    height: 2000,
    background: '#DCEBFFFF',
  },
];

/** canvasSizeId of a project whose size was typed in. */
export const CUSTOM_CANVAS_SIZE_ID = 'custom';

export function findPreset(id: string): CanvasPreset | undefined {
  return CANVAS_PRESETS.find((preset) => preset.id === id);
}

/** What is wrong with a typed side, as an i18n key suffix under `editor.sizes.errors`. */
export type SideError = 'required' | 'notWhole' | 'tooSmall' | 'tooLarge';

export type SideCheck = { ok: true; value: number } | { ok: false; error: SideError };

/**
 * Validates one typed side of a custom canvas: a whole number from CANVAS_MIN_SIDE to CANVAS_MAX_SIDE.
 * @example checkSide(' 1200 ') // { ok: true, value: 1200 }
 */
export function checkSide(input: string): SideCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(text)) return { ok: false, error: 'notWhole' };
  const value = Number(text);
  if (value < CANVAS_MIN_SIDE) return { ok: false, error: 'tooSmall' };
  if (value > CANVAS_MAX_SIDE) return { ok: false, error: 'tooLarge' };
  return { ok: true, value };
}

export interface CanvasSizeChoice {
  canvasW: number;
  canvasH: number;
  canvasSizeId: string;
  templateId: string;
  background?: string;
}

/** The document fields a preset sets. */
export function presetSize(preset: CanvasPreset): CanvasSizeChoice {
  return {
    canvasW: preset.width,
    canvasH: preset.height,
    canvasSizeId: preset.canvasSizeId,
    templateId: preset.templateId ?? '',
    background: preset.background,
  };
}

/** The document fields of a custom size; both sides must have passed checkSide. */
export function customSize(width: number, height: number): CanvasSizeChoice {
  return { canvasW: width, canvasH: height, canvasSizeId: CUSTOM_CANVAS_SIZE_ID, templateId: '' };
}

/** The preset a document was made from, when its size still matches (the canvas-size panel marks it). */
export function presetOfProject(project: { canvasSizeId: string; templateId: string; canvasW: number; canvasH: number }): CanvasPreset | undefined {
  return CANVAS_PRESETS.find(
    (preset) =>
      preset.canvasSizeId === project.canvasSizeId &&
      (preset.templateId ?? '') === (project.templateId ?? '') &&
      preset.width === project.canvasW &&
      preset.height === project.canvasH,
  );
}
