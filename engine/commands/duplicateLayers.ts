import { defineCommand } from './defineCommand';
import { DUPLICATE_OFFSET } from '../doc/defaults';
import { createLayerId } from '../doc/ids';
import { existingLayers, isBackground } from './layerHelpers';
import type { Layer } from '../doc/types';

/** A copy of `layer` with a fresh id, shifted by `offset` px right and down, unlocked. */
export function cloneLayer(layer: Layer, offset: number): Layer {
  const copy = structuredClone(layer);
  return { ...copy, layerId: createLayerId(), locked: false, rect: { ...copy.rect, x: copy.rect.x + offset, y: copy.rect.y + offset } };
}

/**
 * Duplicates layers (not the background); each copy goes right above its original, shifted by
 * `offset` (default 20). Selects the copies and returns their ids.
 * @example const [copyId] = editor.exec(duplicateLayers, { ids: ['L_a'] }) ?? []
 */
export const duplicateLayers = defineCommand({
  name: 'layer.duplicate',
  label: 'commands.layer.duplicate',
  shortcuts: ['Mod+D'],
  isEnabled: (editor, { ids }: { ids: readonly string[]; offset?: number }) => existingLayers(editor, ids).some((l) => !isBackground(l)),
  run(editor, { ids, offset = DUPLICATE_OFFSET }: { ids: readonly string[]; offset?: number }): string[] {
    const sources = existingLayers(editor, ids).filter((layer) => !isBackground(layer));
    const newIds: string[] = [];
    // Top-down, so inserting a copy never shifts the position of an original not yet copied.
    for (const source of [...sources].reverse()) {
      const copy = cloneLayer(source, offset);
      const position = editor.getLayers().findIndex((layer) => layer.layerId === source.layerId);
      editor.addLayers([copy], position + 1);
      newIds.unshift(copy.layerId);
    }
    editor.select(newIds);
    return newIds;
  },
});
