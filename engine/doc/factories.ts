/**
 * Factories for new projects and layers with SPEC §9 defaults. Pure: they return plain data and
 * touch no editor; add the result with the `addLayer` command.
 */
import { APP_VERSION } from '../spec/limits';
import { BACKGROUND_LAYER_ID, ImageValueType, LayerKind } from '../spec/kinds';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_LAYER_OPACITY, DEFAULT_TEXT_VALUE } from './defaults';
import { normaliseColor } from './color';
import { createLayerId } from './ids';
import { CURRENT_SCHEMA_VERSION } from './schemaVersion';
import { createProjectId } from './projectIds';
import { textMaxWidth } from './textRules';
import type { ColorfulTextMaterial, ImageValue, Layer, LayerKindValue, LayerValue, LayerValueSource, Project, ProjectType, Rect, TextValue } from './types';

/** Share of the canvas a newly added picture fills (contain). */
export const FIT_RATIO = 0.8;

/** A layer with every optional field at its default; `value` and its type are required. */
export function createLayer(fields: Partial<Layer> & { value: LayerValue; type: LayerKindValue }): Layer {
  return {
    layerId: createLayerId(),
    valueType: fields.value.valueType,
    valueSource: 'none',
    index: 0,
    name: '',
    visible: true,
    locked: false,
    flipH: false,
    flipV: false,
    overColor: '',
    rect: { x: 0, y: 0, w: 1, h: 1, angle: 0 },
    resId: '',
    resType: '',
    resNeedPro: false,
    opacity: DEFAULT_LAYER_OPACITY,
    mask: null,
    filterParams: null,
    blendParams: null,
    outlineParams: null,
    shadowParams: null,
    adjustParams: null,
    reflectionParams: null,
    ...fields,
  };
}

/**
 * A `w × h` box scaled to fit inside `ratio` of the canvas (contain) and centred; positive sizes only.
 * @example fitRect(2000, 1000, 1000, 1000) // { x: 100, y: 300, w: 800, h: 400, angle: 0 }
 */
export function fitRect(w: number, h: number, canvasW: number, canvasH: number, ratio = FIT_RATIO, maxScale = Infinity): Rect {
  const safeW = w > 0 ? w : 1;
  const safeH = h > 0 ? h : 1;
  const scale = Math.min((canvasW * ratio) / safeW, (canvasH * ratio) / safeH, maxScale);
  const fw = safeW * scale;
  const fh = safeH * scale;
  return { x: (canvasW - fw) / 2, y: (canvasH - fh) / 2, w: fw, h: fh, angle: 0 };
}

/** The background layer: a full-canvas colour (default opaque white). */
export function createBackgroundLayer(canvasW: number, canvasH: number, color: string = DEFAULT_BACKGROUND_COLOR): Layer {
  return createLayer({
    layerId: BACKGROUND_LAYER_ID,
    type: LayerKind.BACKGROUND_RESOURCE,
    value: { valueType: 'color', color: { color: normaliseColor(color) } },
    rect: { x: 0, y: 0, w: canvasW, h: canvasH, angle: 0 },
  });
}

export interface CreateProjectOptions {
  type: ProjectType;
  canvasW: number;
  canvasH: number;
  exportW?: number;
  exportH?: number;
  name?: string;
  canvasSizeId?: string;
  templateId?: string;
  /** Background colour, `#RRGGBB(AA)`; default opaque white. */
  background?: string;
  /** ID photo project: the id gets `IDP_`. */
  idPhoto?: boolean;
}

/**
 * A new project with only the background layer.
 * @example createProject({ type: 'project', canvasW: 1080, canvasH: 1080 }).projectId // 'PROJ_…'
 */
export function createProject(options: CreateProjectOptions): Project {
  const { type, canvasW, canvasH } = options;
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    type,
    projectId: createProjectId(type, { idPhoto: options.idPhoto }),
    name: options.name ?? '',
    platform: 'web',
    version: APP_VERSION,
    templateId: options.templateId ?? '',
    canvasSizeId: options.canvasSizeId ?? '',
    canvasW,
    canvasH,
    exportW: options.exportW ?? canvasW,
    exportH: options.exportH ?? canvasH,
    layers: [createBackgroundLayer(canvasW, canvasH, options.background)],
    idPhotoParams: null,
    aibgParams: null,
    aibgRecords: [],
    filterParams: null,
    adjustParams: null,
  };
}

/** An image value; remote when the uri is an http(s) URL. */
export function createImageValue(uri: string, name: string, canChange = true): ImageValue {
  return { name, uri, type: /^https?:/i.test(uri) ? ImageValueType.REMOTE : ImageValueType.LOCAL, canChange, cropRect: null };
}

export interface CreateImageLayerOptions {
  uri: string;
  name: string;
  naturalW: number;
  naturalH: number;
  canvasW: number;
  canvasH: number;
  kind?: LayerKindValue;
  source?: LayerValueSource;
  canChange?: boolean;
  resId?: string;
  resType?: string;
  resNeedPro?: boolean;
}

/**
 * An image layer fitted into 80% of the canvas and centred (user image by default).
 * @example createImageLayer({ uri: assetUri(id), name: 'cat.jpg', naturalW: 800, naturalH: 600, canvasW: 1080, canvasH: 1080 })
 */
export function createImageLayer(o: CreateImageLayerOptions): Layer {
  const kind = o.kind ?? LayerKind.USER_IMAGE;
  return createLayer({
    type: kind,
    valueSource: o.source ?? (kind === LayerKind.USER_IMAGE ? 'original' : 'res'),
    value: { valueType: 'img', img: createImageValue(o.uri, o.name, o.canChange ?? true) },
    rect: fitRect(o.naturalW, o.naturalH, o.canvasW, o.canvasH),
    resId: o.resId ?? '',
    resType: o.resType ?? '',
    resNeedPro: o.resNeedPro ?? false,
  });
}

export interface CreateStickerLayerOptions {
  resId: string;
  uri: string;
  naturalW: number;
  naturalH: number;
  canvasW: number;
  canvasH: number;
  resNeedPro: boolean;
  name?: string;
}

/** A sticker (kind 3, resType 'sticker', from a resource; not replaceable). */
export function createStickerLayer(o: CreateStickerLayerOptions): Layer {
  return createImageLayer({
    uri: o.uri,
    name: o.name ?? o.resId,
    naturalW: o.naturalW,
    naturalH: o.naturalH,
    canvasW: o.canvasW,
    canvasH: o.canvasH,
    kind: LayerKind.STICKER,
    source: 'res',
    canChange: false,
    resId: o.resId,
    resType: 'sticker',
    resNeedPro: o.resNeedPro,
  });
}

export type CreateTextLayerOptions = Partial<TextValue> & {
  text: string;
  canvasW: number;
  canvasH: number;
  /** The font is premium (unlockType 1): the layer needs pro. */
  premium?: boolean;
};

/**
 * Rough box of a text before the canvas measures it: 0.6 em per character, 1.2 em per line,
 * wrapped at textMaxW. The canvas view re-measures; this only places the layer sensibly.
 */
export function estimateTextBox(text: string, fontSize: number, maxW: number): { w: number; h: number } {
  const lines = text.split('\n');
  let rows = 0;
  let widest = 0;
  for (const line of lines) {
    const lineW = Math.max(1, line.length) * fontSize * 0.6;
    rows += Math.max(1, Math.ceil(lineW / maxW));
    widest = Math.max(widest, Math.min(lineW, maxW));
  }
  return { w: Math.max(fontSize, widest), h: rows * fontSize * 1.2 };
}

/**
 * A plain text layer (kind 4), centred, wrapping at canvasW − 80 (SPEC §9).
 * @example createTextLayer({ text: 'Hello', canvasW: 1080, canvasH: 1080, fontName: 'Pacifico', premium: true })
 */
export function createTextLayer(o: CreateTextLayerOptions): Layer {
  const { canvasW, canvasH, premium, ...props } = o;
  const value: TextValue = { ...DEFAULT_TEXT_VALUE, textMaxW: textMaxWidth(canvasW), ...props };
  if (value.textColor) value.textColor = normaliseColor(value.textColor);
  const box = estimateTextBox(value.text, value.fontSize, value.textMaxW);
  value.textBoardW = box.w;
  value.textBoardH = box.h;
  return createLayer({
    type: LayerKind.TEXT,
    value: { valueType: 'text', text: value },
    rect: { x: (canvasW - box.w) / 2, y: (canvasH - box.h) / 2, w: box.w, h: box.h, angle: 0 },
    resNeedPro: (premium ?? false) || value.colorfulTextStylePro,
  });
}

/**
 * A colourful text layer (kind 4) from a style; needs pro when the style does (SPEC §6).
 * The style's own size is kept unless it does not fit into 80% of the canvas.
 */
export function createColorfulTextLayer(o: { material: ColorfulTextMaterial; text: string; canvasW: number; canvasH: number }): Layer {
  const { material } = o;
  return createLayer({
    type: LayerKind.TEXT,
    valueSource: 'res',
    value: { valueType: 'colorfulText', colorfulText: { material, text: o.text } },
    rect: fitRect(material.width, material.height, o.canvasW, o.canvasH, FIT_RATIO, 1),
    resId: material.colorfulId,
    resType: 'colorfulText',
    resNeedPro: material.pro ?? false,
  });
}
