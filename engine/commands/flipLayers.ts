import { defineCommand } from './defineCommand';
import { movableLayers } from './layerHelpers';

/**
 * Mirrors layers horizontally ('h') or vertically ('v'); toggles flipH / flipV.
 * @example editor.exec(flipLayers, { ids: ['L_a'], axis: 'h' })
 */
export const flipLayers = defineCommand({
  name: 'layer.flip',
  label: 'commands.layer.flip',
  isEnabled: (editor, { ids }: { ids: readonly string[]; axis: 'h' | 'v' }) => movableLayers(editor, ids).length > 0,
  run(editor, { ids, axis }: { ids: readonly string[]; axis: 'h' | 'v' }) {
    editor.updateLayers(
      movableLayers(editor, ids).map((layer) =>
        axis === 'h' ? { layerId: layer.layerId, flipH: !layer.flipH } : { layerId: layer.layerId, flipV: !layer.flipV },
      ),
    );
  },
});
