import { defineCommand } from './defineCommand';
import { finite, movableLayers } from './layerHelpers';

/**
 * Moves layers by (dx, dy) canvas pixels; the background and locked layers stay put.
 * A drag calls it per pointer move with `{ mark: false }` after one `editor.mark('layer.move')`.
 * @example editor.exec(moveLayers, { ids: ['L_a'], dx: 10, dy: 0 })
 */
export const moveLayers = defineCommand({
  name: 'layer.move',
  label: 'commands.layer.move',
  isEnabled: (editor, { ids }: { ids: readonly string[]; dx: number; dy: number }) => movableLayers(editor, ids).length > 0,
  run(editor, { ids, dx, dy }: { ids: readonly string[]; dx: number; dy: number }) {
    const x = finite(dx, 0);
    const y = finite(dy, 0);
    if (x === 0 && y === 0) return;
    editor.updateLayers(
      movableLayers(editor, ids).map((layer) => ({
        layerId: layer.layerId,
        rect: { ...layer.rect, x: layer.rect.x + x, y: layer.rect.y + y },
      })),
    );
  },
});
