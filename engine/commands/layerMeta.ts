/** Layers-panel commands: rename, show/hide, lock/unlock. */
import { defineCommand } from './defineCommand';

/**
 * Renames a layer ('' goes back to the derived name); the name is trimmed.
 * @example editor.exec(renameLayer, { layerId, name: 'Logo' })
 */
export const renameLayer = defineCommand({
  name: 'layer.rename',
  label: 'commands.layer.rename',
  isEnabled: (editor, { layerId }: { layerId: string; name: string }) => !!editor.getLayer(layerId),
  run(editor, { layerId, name }: { layerId: string; name: string }) {
    editor.updateLayers([{ layerId, name: name.trim() }]);
  },
});

/**
 * Shows or hides a layer (hidden layers are neither drawn nor exported).
 * @example editor.exec(setLayerVisibility, { layerId, visible: false })
 */
export const setLayerVisibility = defineCommand({
  name: 'layer.visibility',
  label: 'commands.layer.visibility',
  isEnabled: (editor, { layerId }: { layerId: string; visible: boolean }) => !!editor.getLayer(layerId),
  run(editor, { layerId, visible }: { layerId: string; visible: boolean }) {
    editor.updateLayers([{ layerId, visible }]);
  },
});

/**
 * Locks or unlocks a layer; a locked layer cannot be moved, transformed or flipped.
 * @example editor.exec(setLayerLocked, { layerId, locked: true })
 */
export const setLayerLocked = defineCommand({
  name: 'layer.lock',
  label: 'commands.layer.lock',
  isEnabled: (editor, { layerId }: { layerId: string; locked: boolean }) => !!editor.getLayer(layerId),
  run(editor, { layerId, locked }: { layerId: string; locked: boolean }) {
    editor.updateLayers([{ layerId, locked }]);
  },
});
