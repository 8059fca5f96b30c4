import { defineCommand } from './defineCommand';
import { isBackground } from './layerHelpers';

export type ReorderTarget = 'front' | 'back' | 'forward' | 'backward' | number;

/**
 * Changes a layer's z-order: to the top ('front'), just above the background ('back'), one step
 * ('forward' / 'backward') or to an absolute position (1 = just above the background).
 * The background layer never moves and nothing goes below it.
 * @example editor.exec(reorderLayer, { layerId, to: 'front' })
 */
export const reorderLayer = defineCommand({
  name: 'layer.reorder',
  label: 'commands.layer.reorder',
  isEnabled: (editor, { layerId }: { layerId: string; to: ReorderTarget }) => !!editor.getLayer(layerId) && !isBackground(layerId),
  run(editor, { layerId, to }: { layerId: string; to: ReorderTarget }) {
    const ids = editor.getLayers().map((layer) => layer.layerId);
    const from = ids.indexOf(layerId);
    const last = ids.length - 1;
    const target = to === 'front' ? last : to === 'back' ? 1 : to === 'forward' ? from + 1 : to === 'backward' ? from - 1 : Math.round(to);
    const position = Math.max(1, Math.min(last, Number.isFinite(target) ? target : from));
    if (position === from) return;
    ids.splice(from, 1);
    ids.splice(position, 0, layerId);
    editor.reorderLayers(ids);
  },
});
