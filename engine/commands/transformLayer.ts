import { defineCommand } from './defineCommand';
import { isMovable, sanitiseRect } from './layerHelpers';
import type { Rect } from '../doc/types';

/**
 * Commits a Transformer gesture: position, size and angle at once (Konva scale already converted
 * to w/h by the caller).
 * @example editor.exec(transformLayer, { layerId, rect: { x: 10, y: 10, w: 300, h: 200, angle: 15 } })
 */
export const transformLayer = defineCommand({
  name: 'layer.transform',
  label: 'commands.layer.transform',
  isEnabled: (editor, { layerId }: { layerId: string; rect: Rect }) => isMovable(editor, layerId),
  run(editor, { layerId, rect }: { layerId: string; rect: Rect }) {
    editor.updateLayers([{ layerId, rect: sanitiseRect(rect) }]);
  },
});
