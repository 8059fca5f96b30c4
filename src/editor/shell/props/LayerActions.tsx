/**
 * Flip, stacking order, duplicate and delete for the selected layers (never the background).
 * Duplicate and delete are labelled by their commands, with the commands' keys in the tooltip.
 */
import { useTranslation } from 'react-i18next';
import { type AnyCommand, deleteLayers, duplicateLayers, flipLayers, reorderLayer, type ReorderTarget } from '../../../../engine/commands';
import { commandKeys } from '../../canvas/shortcuts';
import type { Layer } from '../../../../engine/doc/types';
import { useEditor } from '../../EditorContext';
import { Icon, type IconName } from '../Icon';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const ORDER: Array<{ to: ReorderTarget & string; icon: IconName; key: string }> = [
  { to: 'front', icon: 'toFront', key: 'editor.props.toFront' },
  { to: 'forward', icon: 'forward', key: 'editor.props.forward' },
  { to: 'backward', icon: 'backward', key: 'editor.props.backward' },
  { to: 'back', icon: 'toBack', key: 'editor.props.toBack' },
];

export function LayerActions({ layers }: { layers: Layer[] }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const ids = layers.map((layer) => layer.layerId);
  const movable = layers.filter((layer) => !layer.locked).map((layer) => layer.layerId);
  const single = layers.length === 1 ? layers[0] : null;

  const button = (icon: IconName, label: string, onClick: () => void, testId: string, disabled = false, keys = '') => (
    <button
      type="button"
      className="ed-icon-button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={keys ? `${label} (${keys})` : label}
      data-testid={testId}
    >
      <Icon name={icon} />
    </button>
  );
  const commandButton = (icon: IconName, command: AnyCommand, onClick: () => void, testId: string) =>
    button(icon, t(command.label), onClick, testId, false, commandKeys(command, isMac));

  return (
    <div className="ed-actions">
      <div className="ed-group" role="group" aria-label={t('editor.props.flip')}>
        {button('flipH', t('editor.props.flipH'), () => editor.exec(flipLayers, { ids: movable, axis: 'h' }), 'props.flipH', movable.length === 0)}
        {button('flipV', t('editor.props.flipV'), () => editor.exec(flipLayers, { ids: movable, axis: 'v' }), 'props.flipV', movable.length === 0)}
      </div>
      {single && (
        <div className="ed-group" role="group" aria-label={t('editor.props.order')}>
          {ORDER.map(({ to, icon, key }) => button(icon, t(key), () => editor.exec(reorderLayer, { layerId: single.layerId, to }), `props.${to}`))}
        </div>
      )}
      <div className="ed-group" role="group" aria-label={t('editor.props.edit')}>
        {commandButton('duplicate', duplicateLayers, () => editor.exec(duplicateLayers, { ids }), 'props.duplicate')}
        {commandButton('trash', deleteLayers, () => editor.exec(deleteLayers, { ids }), 'props.delete')}
      </div>
    </div>
  );
}
