import { defineCommand } from './defineCommand';
import { existingLayers, finite } from './layerHelpers';

/**
 * Sets layer opacity, clamped to 0..100. A slider drag marks once and passes `{ mark: false }`.
 * @example editor.exec(setOpacity, { ids: ['L_a'], opacity: 50 })
 */
export const setOpacity = defineCommand({
  name: 'layer.opacity',
  label: 'commands.layer.opacity',
  run(editor, { ids, opacity }: { ids: readonly string[]; opacity: number }) {
    const value = Math.min(100, Math.max(0, finite(opacity, 100)));
    editor.updateLayers(existingLayers(editor, ids).map((layer) => ({ layerId: layer.layerId, opacity: value })));
  },
});
