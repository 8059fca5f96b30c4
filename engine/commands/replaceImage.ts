import { defineCommand } from './defineCommand';
import { fitRect } from '../doc/factories';
import { requireLayer } from './layerHelpers';
import type { Layer } from '../doc/types';
import { ImageValueType } from '../spec/kinds';

export interface ReplaceImageArgs {
  layerId: string;
  uri: string;
  name: string;
  naturalW?: number;
  naturalH?: number;
}

/** True for an image layer whose value may be replaced (SPEC §3: canChange). */
export function canReplaceImage(layer: Layer | undefined): boolean {
  return !!layer && layer.value.valueType === 'img' && layer.value.img.canChange;
}

/**
 * Replaces an image layer's picture (only when its value has canChange). With the new natural
 * size, the picture is fitted inside the old box around the same centre; the crop is reset.
 * @example editor.exec(replaceImage, { layerId, uri: assetUri(id), name: 'new.png', naturalW: 640, naturalH: 480 })
 */
export const replaceImage = defineCommand({
  name: 'layer.replaceImage',
  label: 'commands.layer.replaceImage',
  isEnabled: (editor, { layerId }: ReplaceImageArgs) => canReplaceImage(editor.getLayer(layerId)),
  run(editor, { layerId, uri, name, naturalW, naturalH }: ReplaceImageArgs) {
    const layer = requireLayer(editor, layerId);
    if (layer.value.valueType !== 'img') throw new Error(`Layer "${layerId}" is not an image`);
    let rect = layer.rect;
    if (naturalW && naturalH && naturalW > 0 && naturalH > 0) {
      const fitted = fitRect(naturalW, naturalH, layer.rect.w, layer.rect.h, 1);
      rect = { ...layer.rect, x: layer.rect.x + fitted.x, y: layer.rect.y + fitted.y, w: fitted.w, h: fitted.h };
    }
    const type = /^https?:/i.test(uri) ? ImageValueType.REMOTE : ImageValueType.LOCAL;
    editor.updateLayers([
      {
        layerId,
        rect,
        value: { valueType: 'img', img: { ...layer.value.img, uri, name, type, cropRect: null } },
      },
    ]);
  },
});
