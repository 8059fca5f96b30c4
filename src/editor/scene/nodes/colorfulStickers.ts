/** Sticker items of colourful text styles name a sticker resId; their images are the sticker files. */
import type { ColorfulTextMaterial } from '../../../../engine/doc/types';
import { getSticker, stickerUrl } from '../../../../engine/resources/stickers';

/** The image URL of a sticker resName, or null for an unknown one. */
export function stickerUrlFor(resName: string): string | null {
  const sticker = getSticker(resName);
  return sticker ? stickerUrl(sticker) : null;
}

/** Every sticker image URL a material draws. */
export function materialStickerUrls(material: ColorfulTextMaterial): string[] {
  return material.items.flatMap((item) => {
    if (item.kind !== 'sticker') return [];
    const url = stickerUrlFor(item.resName);
    return url ? [url] : [];
  });
}
