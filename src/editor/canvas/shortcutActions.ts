/**
 * Runs a shortcut action against the editor. Each key press is one undo step (a nudge per press,
 * a multi-layer reorder in one batch).
 */
import type { Editor } from '../../../engine/Editor';
import { deleteLayers, duplicateLayers, moveLayers, pasteLayers, reorderLayer } from '../../../engine/commands';
import { BACKGROUND_LAYER_ID } from '../../../engine/spec/kinds';
import { clipboardLayers, copyLayers, hasClipboardLayers } from './clipboard';
import type { ReorderTarget, ShortcutAction } from './shortcuts';
import { fitToScreen, zoomIn, zoomOut, zoomTo100 } from './viewStore';

export interface ShortcutContext {
  /** Opens the in-place text editor on a text layer. */
  editText(layerId: string): void;
}

/** Layers the user may act on from the keyboard: selected, not the background. */
function selectedContentIds(editor: Editor): string[] {
  return editor.getSelectedIds().filter((id) => id !== BACKGROUND_LAYER_ID);
}

function reorder(editor: Editor, to: ReorderTarget): void {
  const ids = selectedContentIds(editor);
  if (ids.length === 0) return;
  const order = editor
    .getLayers()
    .map((layer) => layer.layerId)
    .filter((id) => ids.includes(id));
  // Move the layer nearest the destination first, so the group keeps its own order.
  const sequence = to === 'front' || to === 'backward' ? order : [...order].reverse();
  editor.batch(reorderLayer.name, () => {
    for (const layerId of sequence) editor.exec(reorderLayer, { layerId, to });
  });
}

/** Returns false when the action did nothing, so the key keeps its default behaviour. */
export function runShortcut(editor: Editor, action: ShortcutAction, context: ShortcutContext): boolean {
  const ids = selectedContentIds(editor);
  switch (action.type) {
    case 'nudge':
      if (ids.length === 0) return false;
      editor.exec(moveLayers, { ids, dx: action.dx, dy: action.dy });
      return true;
    case 'delete':
      if (ids.length === 0) return false;
      editor.exec(deleteLayers, { ids });
      return true;
    case 'copy':
      if (ids.length === 0) return false;
      copyLayers(editor.getSelectedLayers().filter((layer) => layer.layerId !== BACKGROUND_LAYER_ID));
      return true;
    case 'paste':
      if (!hasClipboardLayers()) return false;
      editor.exec(pasteLayers, { layers: clipboardLayers() });
      return true;
    case 'duplicate':
      if (ids.length === 0) return false;
      editor.exec(duplicateLayers, { ids });
      return true;
    case 'undo':
      editor.undo();
      return true;
    case 'redo':
      editor.redo();
      return true;
    case 'reorder':
      reorder(editor, action.to);
      return ids.length > 0;
    case 'selectAll':
      editor.select(
        editor
          .getLayers()
          .filter((l) => l.layerId !== BACKGROUND_LAYER_ID && l.visible && !l.locked)
          .map((l) => l.layerId),
      );
      return true;
    case 'deselect':
      if (editor.getSelectedIds().length === 0) return false;
      editor.select([]);
      return true;
    case 'editText': {
      const layer = ids.length === 1 ? editor.getLayer(ids[0]) : undefined;
      if (!layer || layer.valueType !== 'text' || layer.locked) return false;
      context.editText(layer.layerId);
      return true;
    }
    case 'zoomIn':
      zoomIn();
      return true;
    case 'zoomOut':
      zoomOut();
      return true;
    case 'zoomFit':
      fitToScreen();
      return true;
    case 'zoom100':
      zoomTo100();
      return true;
  }
}
