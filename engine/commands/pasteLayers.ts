import { defineCommand } from './defineCommand';
import { DUPLICATE_OFFSET } from '../doc/defaults';
import { cloneLayer } from './duplicateLayers';
import type { Layer } from '../doc/types';

/**
 * Pastes copied layers on top with fresh ids, shifted by 20 px; selects and returns the new ids.
 * A copied background layer is pasted as an ordinary layer.
 * @example editor.exec(pasteLayers, { layers: clipboard })
 */
export const pasteLayers = defineCommand({
  name: 'layer.paste',
  label: 'commands.layer.paste',
  shortcuts: ['Mod+V'],
  isEnabled: (_editor, { layers }: { layers: readonly Layer[] }) => layers.length > 0,
  run(editor, { layers }: { layers: readonly Layer[] }): string[] {
    const copies = layers.map((layer) => cloneLayer(layer, DUPLICATE_OFFSET));
    editor.addLayers(copies);
    const ids = copies.map((layer) => layer.layerId);
    editor.select(ids);
    return ids;
  },
});
