/**
 * One row of the layers panel: drag handle, name (double-click or F2 renames), pro badge,
 * show/hide and lock toggles. Selection and keyboard are handled by the list.
 */
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renameLayer, setLayerLocked, setLayerVisibility } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';
import { useEditor } from '../../EditorContext';
import { Icon } from '../Icon';
import type { DropSide } from './layerOrder';

interface Props {
  layer: Layer;
  label: string;
  selected: boolean;
  active: boolean;
  renaming: boolean;
  dropSide: DropSide | null;
  onSelect(additive: boolean): void;
  onRenameStart(): void;
  onRenameEnd(): void;
  onDragStart(event: DragEvent): void;
  onDragOver(event: DragEvent): void;
  onDrop(event: DragEvent): void;
  onDragEnd(): void;
}

export function LayerRow(props: Props) {
  const { layer, label, selected, active, renaming, dropSide } = props;
  const { t } = useTranslation();
  const editor = useEditor();
  const isBackground = layer.layerId === BACKGROUND_LAYER_ID;
  const [draft, setDraft] = useState(layer.name || label);

  const commit = () => {
    const next = draft.trim();
    if (next !== layer.name && next !== label) editor.exec(renameLayer, { layerId: layer.layerId, name: next });
    props.onRenameEnd();
  };

  const className = ['ed-layer', selected && 'is-selected', active && 'is-active', !layer.visible && 'is-hidden',
    dropSide && `drop-${dropSide}`].filter(Boolean).join(' ');

  return (
    <li
      id={`layer-option-${layer.layerId}`}
      role="option"
      aria-selected={selected}
      aria-label={label}
      className={className}
      data-testid={`layers.item.${layer.layerId}`}
      draggable={!isBackground && !renaming}
      onClick={(event) => props.onSelect(event.shiftKey || event.ctrlKey || event.metaKey)}
      onDoubleClick={() => {
        setDraft(layer.name || label);
        props.onRenameStart();
      }}
      onDragStart={props.onDragStart}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      onDragEnd={props.onDragEnd}
    >
      <span className="ed-layer__grip" aria-hidden="true">{!isBackground && <Icon name="grip" size={16} />}</span>
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
            if (event.key === 'Escape') props.onRenameEnd();
          }}
          data-testid="layers.rename"
        />
      ) : (
        <span className="ed-layer__name">{label}</span>
      )}
      {layer.resNeedPro && <span className="ed-pro" title={t('editor.layers.pro')} aria-label={t('editor.layers.pro')} data-testid="layers.pro">PRO</span>}
      <button
        type="button"
        className="ed-icon-button ed-layer__toggle"
        tabIndex={-1}
        aria-pressed={!layer.visible}
        aria-label={layer.visible ? t('editor.layers.hide', { name: label }) : t('editor.layers.show', { name: label })}
        title={layer.visible ? t('editor.layers.hide', { name: label }) : t('editor.layers.show', { name: label })}
        onClick={(event) => {
          event.stopPropagation();
          editor.exec(setLayerVisibility, { layerId: layer.layerId, visible: !layer.visible });
        }}
        data-testid={`layers.visibility.${layer.layerId}`}
      >
        <Icon name={layer.visible ? 'eye' : 'eyeOff'} size={18} />
      </button>
      {!isBackground && (
        <button
          type="button"
          className={`ed-icon-button ed-layer__toggle${layer.locked ? ' is-active' : ''}`}
          tabIndex={-1}
          aria-pressed={layer.locked}
          aria-label={layer.locked ? t('editor.layers.unlock', { name: label }) : t('editor.layers.lock', { name: label })}
          title={layer.locked ? t('editor.layers.unlock', { name: label }) : t('editor.layers.lock', { name: label })}
          onClick={(event) => {
            event.stopPropagation();
            editor.exec(setLayerLocked, { layerId: layer.layerId, locked: !layer.locked });
          }}
          data-testid={`layers.lock.${layer.layerId}`}
        >
          <Icon name={layer.locked ? 'lock' : 'unlock'} size={18} />
        </button>
      )}
    </li>
  );
}
