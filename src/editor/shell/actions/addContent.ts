/**
 * Adding things to the canvas from the shell: a picture file, a sticker, a text. Each is one undo
 * step (addLayer); a picture's bytes go to the asset store (and the offline cache until uploaded).
 */
import type { Editor } from '../../../../engine/Editor';
import { assetUri } from '../../../../engine/assets/AssetStore';
import { addLayer, replaceImage, setBackground } from '../../../../engine/commands';
import { createImageLayer, createStickerLayer, createTextLayer, fitRect } from '../../../../engine/doc/factories';
import type { Layer } from '../../../../engine/doc/types';
import { fontEntry } from '../../../../engine/fonts/catalogue';
import { cjkFontFor } from '../../../../engine/fonts/scriptFont';
import { getSticker, stickerUrl } from '../../../../engine/resources/stickers';

import { getView } from '../../canvas/viewStore';
import { keepPendingAsset } from '../../persistence/pendingAssets';
import { placeInView, takenRects, visibleCanvasBox } from './placement';
import { imageSizeOf, readImageFile, type ReadyImage } from './readImageFile';

/** Share of the canvas a new sticker fills. */
const STICKER_RATIO = 0.3;

/** A point in the canvas area's own pixels (a drop), turned into canvas coordinates. */
export interface ScreenPoint {
  x: number;
  y: number;
}

function canvasPoint(point: ScreenPoint): { x: number; y: number } {
  const view = getView();
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

/**
 * Centres a new layer on a drop point (kept inside the canvas); without one, in the visible part of
 * the canvas, stepped away from the elements already there (placement.ts).
 */
export function placeAt(layer: Layer, editor: Editor, point?: ScreenPoint): Layer {
  const { canvasW, canvasH, layers } = editor.getProject();
  if (!point) {
    const rect = placeInView(layer.rect, visibleCanvasBox(getView(), canvasW, canvasH), takenRects(layers), canvasW, canvasH);
    return { ...layer, rect };
  }
  const at = canvasPoint(point);
  const x = Math.min(Math.max(at.x, 0), canvasW) - layer.rect.w / 2;
  const y = Math.min(Math.max(at.y, 0), canvasH) - layer.rect.h / 2;
  return { ...layer, rect: { ...layer.rect, x, y } };
}

/** Keeps picture bytes in the asset store (and the offline cache until uploaded); returns its `asset:` uri. */
export async function storeImage(editor: Editor, image: Pick<ReadyImage, 'blob'>): Promise<string> {
  const id = await editor.assets.put(image.blob);
  const pid = editor.getProject().projectId;
  if (!editor.assets.get(id)?.uploadedTo) void keepPendingAsset(pid, id, image.blob);
  return assetUri(id);
}

/** Adds a picture file as a new image layer (selected). Rejects with ImageFileError. */
export async function addImageFile(editor: Editor, file: File, point?: ScreenPoint): Promise<string | undefined> {
  const image = await readImageFile(file);
  const uri = await storeImage(editor, image);
  const { canvasW, canvasH } = editor.getProject();
  const layer = createImageLayer({ uri, name: image.name, naturalW: image.width, naturalH: image.height, canvasW, canvasH });
  return editor.exec(addLayer, { layer: placeAt(layer, editor, point) });
}

/** Replaces the picture of an image layer whose value may change. */
export async function replaceImageFile(editor: Editor, layerId: string, file: File): Promise<void> {
  const image = await readImageFile(file);
  const uri = await storeImage(editor, image);
  editor.exec(replaceImage, { layerId, uri, name: image.name, naturalW: image.width, naturalH: image.height });
}

/** Makes a picture file the background (covering the canvas). */
export async function setBackgroundFile(editor: Editor, file: File): Promise<void> {
  const image = await readImageFile(file);
  const uri = await storeImage(editor, image);
  editor.exec(setBackground, { uri, name: image.name, naturalW: image.width, naturalH: image.height });
}

/** Adds a sticker by its resId (from the panel or a drop). */
export async function addSticker(editor: Editor, resId: string, point?: ScreenPoint): Promise<string | undefined> {
  const sticker = getSticker(resId);
  if (!sticker) return undefined;
  const uri = stickerUrl(sticker);
  const size = await imageSizeOf(uri);
  const { canvasW, canvasH } = editor.getProject();
  const layer = createStickerLayer({
    resId: sticker.resId,
    uri,
    naturalW: size.width,
    naturalH: size.height,
    canvasW,
    canvasH,
    resNeedPro: sticker.resNeedPro,
  });
  // A sticker is an accent, not a picture: it starts at STICKER_RATIO of the canvas, not 80 %.
  const sized = { ...layer, rect: fitRect(size.width, size.height, canvasW, canvasH, STICKER_RATIO) };
  return editor.exec(addLayer, { layer: placeAt(sized, editor, point) });
}

/**
 * Adds a text layer with `text` (the translated "Double-click to edit"); a Chinese, Japanese or
 * Korean one starts in the bundled font of its script rather than the system font.
 */
export function addText(editor: Editor, text: string, lang?: string): string | undefined {
  const { canvasW, canvasH } = editor.getProject();
  const fontName = cjkFontFor(text, lang);
  const font = fontName ? { fontName, fontCategoryName: fontEntry(fontName)?.category ?? '' } : {};
  const layer = createTextLayer({ text, canvasW, canvasH, ...font });
  return editor.exec(addLayer, { layer: placeAt(layer, editor) });
}

/** The sticker resId carried by a drag from the sticker panel (plain id or `{ "resId": … }`). */
export function stickerIdFromDrag(data: string): string | null {
  const text = data.trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { resId?: unknown }).resId === 'string') return (parsed as { resId: string }).resId;
    if (typeof parsed === 'string') return parsed;
  } catch {
    // not JSON: a bare resId
  }
  return text;
}
