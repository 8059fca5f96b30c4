/**
 * One row of the layers panel: drag handle, name (double-click or F2 renames), pro badge,
 * show/hide and lock toggles. Selection and keyboard are handled by the list. Memoised: a row
 * re-renders only when what it shows changes (never for a move of its layer on the canvas).
 */
import { memo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renameLayer, setLayerLocked, setLayerVisibility } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';
import { useEditor } from '../../EditorContext';
import { sameLayerApartFrom } from '../../selectors';
import { Icon } from '../Icon';
import type { DropSide } from './layerOrder';

/** The list's handlers, one stable object for all rows (so memoised rows stay still). */
export interface LayerRowHandlers {
  select(layerId: string, additive: boolean): void;
  renameStart(layerId: string): void;
  renameEnd(): void;
  dragStart(layerId: string, event: DragEvent): void;
  dragOver(layerId: string, event: DragEvent): void;
  drop(layerId: string, event: DragEvent): void;
  dragEnd(): void;
}

interface Props {
  layer: Layer;
  /** The layer's name in the UI language (useLayerName). */
  nameOf(layer: Layer): string;
  selected: boolean;
  active: boolean;
  renaming: boolean;
  dropSide: DropSide | null;
  handlers: LayerRowHandlers;
}

export const LayerRow = memo(
  function LayerRow(props: Props) {
    const { layer, nameOf, selected, active, renaming, dropSide, handlers } = props;
    const label = nameOf(layer);
    const { t } = useTranslation();
    const editor = useEditor();
    const isBackground = layer.layerId === BACKGROUND_LAYER_ID;
    const [draft, setDraft] = useState(layer.name || label);

    const commit = () => {
      const next = draft.trim();
      if (next !== layer.name && next !== label) editor.exec(renameLayer, { layerId: layer.layerId, name: next });
      handlers.renameEnd();
    };

    const className = ['ed-layer', selected && 'is-selected', active && 'is-active', !layer.visible && 'is-hidden', dropSide && `drop-${dropSide}`]
      .filter(Boolean)
      .join(' ');

    return (
      <li
        id={`layer-option-${layer.layerId}`}
        role="option"
        aria-selected={selected}
        aria-label={label}
        className={className}
        data-testid={`layers.item.${layer.layerId}`}
        draggable={!isBackground && !renaming}
        onClick={(event) => handlers.select(layer.layerId, event.shiftKey || event.ctrlKey || event.metaKey)}
        onDoubleClick={() => {
          setDraft(layer.name || label);
          handlers.renameStart(layer.layerId);
        }}
        onDragStart={(event) => handlers.dragStart(layer.layerId, event)}
        onDragOver={(event) => handlers.dragOver(layer.layerId, event)}
        onDrop={(event) => handlers.drop(layer.layerId, event)}
        onDragEnd={handlers.dragEnd}
      >
        <span className="ed-layer__grip" aria-hidden="true">
          {!isBackground && <Icon name="grip" size={16} />}
        </span>
        {renaming ? (
          <input
            className="ed-input ed-layer__rename"
            value={draft}
            autoFocus
            aria-label={t('editor.layers.rename')}
            onFocus={(event) => event.target.select()}
            onChange={(event) => setDraft(event.target.value)}
            onClick={(event) => event.stopPropagation()}
            onBlur={commit}
            onKeyDown={(event) => {
              event.stopPropagation();
              if (event.key === 'Enter') commit();
              if (event.key === 'Escape') handlers.renameEnd();
            }}
            data-testid="layers.rename"
          />
        ) : (
          <span className="ed-layer__name">{label}</span>
        )}
        {layer.resNeedPro && (
          <span className="ed-pro billing-only" title={t('editor.layers.pro')} aria-label={t('editor.layers.pro')} data-testid="layers.pro">
            PRO
          </span>
        )}
        {/* Mouse shortcuts: a control inside a listbox option is not reachable by assistive technology
          (axe nested-interactive), so these are plain elements and the list's H and L keys do the same. */}
        <span
          className="ed-icon-button ed-layer__toggle"
          aria-hidden="true"
          data-pressed={!layer.visible}
          title={layer.visible ? t('editor.layers.hide', { name: label }) : t('editor.layers.show', { name: label })}
          onClick={(event) => {
            event.stopPropagation();
            editor.exec(setLayerVisibility, { layerId: layer.layerId, visible: !layer.visible });
          }}
          data-testid={`layers.visibility.${layer.layerId}`}
        >
          <Icon name={layer.visible ? 'eye' : 'eyeOff'} size={18} />
        </span>
        {!isBackground && (
          <span
            className={`ed-icon-button ed-layer__toggle${layer.locked ? ' is-active' : ''}`}
            aria-hidden="true"
            data-pressed={layer.locked}
            title={layer.locked ? t('editor.layers.unlock', { name: label }) : t('editor.layers.lock', { name: label })}
            onClick={(event) => {
              event.stopPropagation();
              editor.exec(setLayerLocked, { layerId: layer.layerId, locked: !layer.locked });
            }}
            data-testid={`layers.lock.${layer.layerId}`}
          >
            <Icon name={layer.locked ? 'lock' : 'unlock'} size={18} />
          </span>
        )}
      </li>
    );
  },
  (before, after) =>
    before.nameOf === after.nameOf &&
    before.selected === after.selected &&
    before.active === after.active &&
    before.renaming === after.renaming &&
    before.dropSide === after.dropSide &&
    before.handlers === after.handlers &&
    sameLayerApartFrom(before.layer, after.layer, 'rect'),
);
