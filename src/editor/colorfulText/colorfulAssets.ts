/**
 * Everything a colourful text needs before it can be drawn: its fonts (with the unicode subsets the text
 * uses) and its sticker images. Shared by the style panel's previews and the canvas.
 */
import type { ColorfulTextMaterial } from '../../../engine/doc/types';
import { styleFontFileNames } from '../../../engine/colorfulText/styles';
import { getSticker, stickerUrl } from '../../../engine/resources/stickers';
import { cssFamilyFor, ensureFontsFor } from '../../fonts/fontLoader';
import type { RenderColorfulTextOptions } from './renderColorfulText';

const images = new Map<string, Promise<HTMLImageElement | undefined>>();

/** A sticker's decoded image by resId (cached); undefined for an unknown id or a failed load. */
export function loadStickerImage(resName: string): Promise<HTMLImageElement | undefined> {
  let pending = images.get(resName);
  if (!pending) {
    const sticker = getSticker(resName);
    pending = sticker
      ? new Promise<HTMLImageElement | undefined>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.onerror = () => resolve(undefined);
          img.src = stickerUrl(sticker);
        })
      : Promise.resolve(undefined);
    images.set(resName, pending);
  }
  return pending;
}

/**
 * Loads the fonts and sticker images of `material` shown with `text`, and returns the options
 * renderColorfulText needs (less `scale`). A font that fails to load falls back to the system font.
 * @example renderColorfulText(ctx, style, text, { scale, ...(await loadColorfulAssets(style, text)) })
 */
export async function loadColorfulAssets(material: ColorfulTextMaterial, text: string): Promise<Omit<RenderColorfulTextOptions, 'scale'>> {
  const allText = [text, ...material.items.map((item) => (item.kind === 'text' ? item.text : ''))].join('');
  const stickerIds = material.items.flatMap((item) => (item.kind === 'sticker' ? [item.resName] : []));
  const [, loaded] = await Promise.all([
    Promise.all(styleFontFileNames(material).map((font) => ensureFontsFor(allText, font).catch(() => undefined))),
    Promise.all(stickerIds.map(async (id) => [id, await loadStickerImage(id)] as const)),
  ]);
  const stickers = new Map(loaded.filter((entry): entry is readonly [string, HTMLImageElement] => entry[1] !== undefined));
  return { fontFamilyFor: cssFamilyFor, stickerImage: (resName) => stickers.get(resName) };
}
