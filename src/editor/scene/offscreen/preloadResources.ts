/**
 * Everything a document needs before it can be drawn in one go: its pictures (decoded into the
 * shared image cache) and its fonts. A picture or font that fails is skipped: the export still
 * happens, without that picture or with the fallback font.
 */
import type { AssetStore } from '../../../../engine/assets/AssetStore';
import type { Layer } from '../../../../engine/doc/types';
import { ensureFontsFor } from '../../../fonts/fontLoader';
import { loadImage, resolveImageUri } from '../imageCache';
import { materialStickerUrls } from '../nodes/colorfulStickers';
import { textureUri } from '../text/textStyle';
import { itemText } from '../../colorfulText/renderColorfulText';

/** The image uris and (font, text) pairs a layer draws with. */
export function layerResources(layer: Layer): { uris: string[]; fonts: Array<{ fontName: string; text: string }> } {
  const { value } = layer;
  switch (value.valueType) {
    case 'img':
      return { uris: [value.img.uri], fonts: [] };
    case 'text': {
      const texture = textureUri(value.text);
      return { uris: texture ? [texture] : [], fonts: [{ fontName: value.text.fontName, text: value.text.text }] };
    }
    case 'colorfulText': {
      const { material, text } = value.colorfulText;
      const fonts = material.items.flatMap((item) => (item.kind === 'text' ? [{ fontName: item.attributes.fontFileName, text: itemText(item, text) }] : []));
      return { uris: materialStickerUrls(material), fonts };
    }
    default:
      return { uris: [], fonts: [] };
  }
}

export async function preloadResources(layers: readonly Layer[], assets: AssetStore | null): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  for (const layer of layers) {
    if (layer.visible === false) continue;
    const { uris: drawn, fonts } = layerResources(layer);
    // A layer's mask picture is drawn with it (canvas and export alike).
    const uris = layer.mask ? [...drawn, layer.mask.uri] : drawn;
    for (const uri of uris) {
      const url = resolveImageUri(uri, assets);
      if (url) loads.push(loadImage(url).catch(() => undefined));
    }
    for (const font of fonts) loads.push(ensureFontsFor(font.text, font.fontName).catch(() => undefined));
  }
  await Promise.all(loads);
}
