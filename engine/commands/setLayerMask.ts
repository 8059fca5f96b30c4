import { defineCommand } from './defineCommand';
import { isMovable, requireLayer } from './layerHelpers';

export interface SetLayerMaskArgs {
  layerId: string;
  /**
   * The mask picture (SPEC §3 `mask`): a greyscale image over the layer's whole picture, white
   * where the layer shows, black where it is hidden; null removes the mask.
   */
  mask: { name: string; uri: string } | null;
}

/**
 * Sets or removes a layer's mask as one undo step (a brush session is committed once, at its end).
 * @example editor.exec(setLayerMask, { layerId, mask: { name: 'mask.png', uri: 'asset:…' } })
 */
export const setLayerMask = defineCommand({
  name: 'layer.mask',
  label: 'commands.layer.mask',
  isEnabled: (editor, { layerId }: SetLayerMaskArgs) => isMovable(editor, layerId),
  run(editor, { layerId, mask }: SetLayerMaskArgs) {
    requireLayer(editor, layerId);
    editor.updateLayers([{ layerId, mask: mask ? { name: mask.name, uri: mask.uri } : null }]);
  },
});
