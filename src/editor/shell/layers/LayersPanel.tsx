/**
 * The layers panel, the accessible view of the canvas: a listbox of layers top to bottom.
 * Click selects, Shift/Ctrl/Cmd-click adds or removes; arrows move the selection, Alt+arrows
 * reorder, F2 renames, Delete removes, Ctrl/Cmd+Z and Shift+Z undo and redo; rows reorder by
 * drag and drop.
 */
import { useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteLayers, reorderLayer, setLayerLocked, setLayerVisibility } from '../../../../engine/commands';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { ClearLayersButton } from './ClearLayersButton';
import { Icon } from '../Icon';
import { sameIds, sameLayersApartFrom } from '../../selectors';
import { LayerRow, type LayerRowHandlers } from './LayerRow';
import { clickSelection, dropPosition, sideOf, type DropSide } from './layerOrder';
import { useLayerName } from './useLayerName';

const DRAG_TYPE = 'application/x-lumacut-layer';
/** The panel shows no positions: a drag on the canvas re-renders nothing here. */
const sameRows = sameLayersApartFrom('rect');

interface Props {
  /** When given, the heading folds the list away (the desktop side panel), giving the properties room. */
  fold?: { folded: boolean; toggle(): void };
}

export function LayersPanel({ fold }: Props = {}) {
  const { t } = useTranslation();
  const editor = useEditor();
  const layers = useEditorSelector((s) => s.project.layers, sameRows);
  const selectedIds = useEditorSelector((s) => s.selectedIds, sameIds);
  const name = useLayerName();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ id: string; side: DropSide } | null>(null);
  const dragged = useRef<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const topDown = [...layers].reverse();
  const order = layers.map((layer) => layer.layerId);
  const activeId = selectedIds[selectedIds.length - 1] ?? null;

  const select = (ids: string[]) => editor.select(ids);

  const onKeyDown = (event: KeyboardEvent) => {
    if (renaming) return;
    // The canvas shortcuts stay out of listboxes, so undo/redo are repeated here.
    if ((event.ctrlKey || event.metaKey) && !event.altKey) {
      const key = event.key.toLowerCase();
      if (key === 'z' || key === 'y') {
        if (key === 'y' || event.shiftKey) editor.redo();
        else editor.undo();
        event.preventDefault();
      }
      return;
    }
    const index = topDown.findIndex((layer) => layer.layerId === activeId);
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      if (activeId && activeId !== BACKGROUND_LAYER_ID) {
        editor.exec(reorderLayer, { layerId: activeId, to: event.key === 'ArrowUp' ? 'forward' : 'backward' });
      }
      event.preventDefault();
      return;
    }
    const move = (to: number) => {
      const target = topDown[Math.max(0, Math.min(topDown.length - 1, to))];
      if (target) select(event.shiftKey ? clickSelection(selectedIds, target.layerId, true) : [target.layerId]);
      event.preventDefault();
    };
    switch (event.key) {
      case 'ArrowUp':
        return move(index < 0 ? 0 : index - 1);
      case 'ArrowDown':
        return move(index < 0 ? 0 : index + 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(topDown.length - 1);
      case 'F2':
        if (activeId) setRenaming(activeId);
        event.preventDefault();
        return;
      case 'Delete':
      case 'Backspace': {
        const ids = selectedIds.filter((id) => id !== BACKGROUND_LAYER_ID);
        if (ids.length) editor.exec(deleteLayers, { ids });
        event.preventDefault();
        return;
      }
      case 'Escape':
        select([]);
        return;
    }
    // H shows/hides and L locks/unlocks the active layer: the keyboard (and screen-reader) way to the
    // row's eye and lock buttons, which are mouse shortcuts inside the option.
    const active = layers.find((layer) => layer.layerId === activeId);
    if (!active || event.altKey) return;
    const letter = event.key.toLowerCase();
    if (letter === 'h') {
      editor.exec(setLayerVisibility, { layerId: active.layerId, visible: !active.visible });
      event.preventDefault();
    } else if (letter === 'l' && active.layerId !== BACKGROUND_LAYER_ID) {
      editor.exec(setLayerLocked, { layerId: active.layerId, locked: !active.locked });
      event.preventDefault();
    }
  };

  // Rows are memoised, so their handlers must not change: they read the latest state through `latest`.
  const latest = useRef({ selectedIds, drop, order });
  useLayoutEffect(() => {
    latest.current = { selectedIds, drop, order };
  });
  const handlers = useMemo<LayerRowHandlers>(
    () => ({
      select(id, additive) {
        editor.select(clickSelection(latest.current.selectedIds, id, additive));
        list.current?.focus();
      },
      renameStart: (id) => setRenaming(id),
      renameEnd() {
        setRenaming(null);
        list.current?.focus();
      },
      dragStart(id, event: DragEvent) {
        dragged.current = id;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData(DRAG_TYPE, id);
      },
      dragOver(id, event: DragEvent) {
        if (!dragged.current || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
        const side = sideOf(event.clientY, rect.top, rect.height);
        const current = latest.current.drop;
        if (current?.id !== id || current.side !== side) setDrop({ id, side });
      },
      drop(id, event: DragEvent) {
        const from = dragged.current ?? event.dataTransfer.getData(DRAG_TYPE);
        event.preventDefault();
        const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
        const position = from ? dropPosition(latest.current.order, from, id, sideOf(event.clientY, rect.top, rect.height)) : null;
        if (from && position !== null) editor.exec(reorderLayer, { layerId: from, to: position });
        dragged.current = null;
        setDrop(null);
      },
      dragEnd() {
        dragged.current = null;
        setDrop(null);
      },
    }),
    [editor],
  );

  return (
    <section className={`ed-panel ed-layers${fold?.folded ? ' is-folded' : ''}`} aria-labelledby="ed-layers-title">
      <div className="ed-layers__head">
        <h2 id="ed-layers-title" className="ed-panel__title">
          {fold ? (
            <button type="button" className="ed-fold" aria-expanded={!fold.folded} onClick={fold.toggle} data-testid="layers.fold">
              <Icon name="chevron" size={16} />
              {t('editor.layers.title')}
            </button>
          ) : (
            t('editor.layers.title')
          )}
        </h2>
        {!fold?.folded && <ClearLayersButton />}
      </div>
      <p id="ed-layers-help" className="visually-hidden">
        {t('editor.layers.keyboardHelp')}
      </p>
      <ul
        ref={list}
        hidden={fold?.folded}
        className="ed-layer-list"
        role="listbox"
        tabIndex={0}
        aria-multiselectable="true"
        aria-labelledby="ed-layers-title"
        aria-describedby="ed-layers-help"
        aria-activedescendant={activeId ? `layer-option-${activeId}` : undefined}
        onKeyDown={onKeyDown}
        data-testid="layers.panel"
      >
        {topDown.map((layer) => (
          <LayerRow
            key={layer.layerId}
            layer={layer}
            nameOf={name}
            selected={selectedIds.includes(layer.layerId)}
            active={layer.layerId === activeId}
            renaming={renaming === layer.layerId}
            dropSide={drop?.id === layer.layerId ? drop.side : null}
            handlers={handlers}
          />
        ))}
      </ul>
    </section>
  );
}
