import { defineCommand } from './defineCommand';
import { isMovable, normaliseAngle, requireLayer } from './layerHelpers';

/**
 * Sets a layer's rotation in degrees (clockwise, about its centre), normalised to (-180, 180].
 * @example editor.exec(rotateLayer, { layerId, angle: 90 })
 */
export const rotateLayer = defineCommand({
  name: 'layer.rotate',
  label: 'commands.layer.rotate',
  isEnabled: (editor, { layerId }: { layerId: string; angle: number }) => isMovable(editor, layerId),
  run(editor, { layerId, angle }: { layerId: string; angle: number }) {
    const layer = requireLayer(editor, layerId);
    editor.updateLayers([{ layerId, rect: { ...layer.rect, angle: normaliseAngle(angle) } }]);
  },
});
