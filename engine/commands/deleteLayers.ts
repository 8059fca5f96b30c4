import { defineCommand } from './defineCommand';
import { existingLayers, isBackground } from './layerHelpers';

/**
 * Deletes layers; the background layer is never deleted. Deleted ids leave the selection.
 * @example editor.exec(deleteLayers, { ids: editor.getSelectedIds() })
 */
export const deleteLayers = defineCommand({
  name: 'layer.delete',
  label: 'commands.layer.delete',
  shortcuts: ['Delete', 'Backspace'],
  isEnabled: (editor, { ids }: { ids: readonly string[] }) => existingLayers(editor, ids).some((layer) => !isBackground(layer)),
  run(editor, { ids }: { ids: readonly string[] }) {
    editor.removeLayers(ids);
  },
});
