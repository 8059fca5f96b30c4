import { defineCommand } from './defineCommand';
import { isMovable, requireLayer, sanitiseRect } from './layerHelpers';

/**
 * Sets a layer's position and size, keeping its angle; sizes are at least 1 px.
 * @example editor.exec(resizeLayer, { layerId, rect: { x: 0, y: 0, w: 200, h: 100 } })
 */
export const resizeLayer = defineCommand({
  name: 'layer.resize',
  label: 'commands.layer.resize',
  isEnabled: (editor, { layerId }: { layerId: string; rect: { x: number; y: number; w: number; h: number } }) => isMovable(editor, layerId),
  run(editor, { layerId, rect }: { layerId: string; rect: { x: number; y: number; w: number; h: number } }) {
    const layer = requireLayer(editor, layerId);
    editor.updateLayers([{ layerId, rect: sanitiseRect({ ...rect, angle: layer.rect.angle }) }]);
  },
});
