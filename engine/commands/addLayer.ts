import { defineCommand } from './defineCommand';
import type { Layer } from '../doc/types';

/**
 * Adds `layer` at z-position `at` (default: top; never below the background) and selects it.
 * Returns the layer id. Recorded as one undo step.
 * @example editor.exec(addLayer, { layer: createTextLayer({ text: 'Hi', canvasW, canvasH }) })
 */
export const addLayer = defineCommand({
  name: 'layer.add',
  label: 'commands.layer.add',
  run(editor, { layer, at, select = true }: { layer: Layer; at?: number; select?: boolean }): string {
    if (editor.getLayer(layer.layerId)) throw new Error(`Layer id "${layer.layerId}" is already in the document`);
    editor.addLayers([layer], at);
    if (select) editor.select([layer.layerId]);
    return layer.layerId;
  },
});
