/**
 * The layer mask of a picture (SPEC §3 `mask`): "Mask brush" paints on the canvas, hiding parts of
 * the picture or showing them again; "Done" keeps the strokes as one undo step, "Cancel" drops them;
 * "Remove mask" shows the whole picture again. Leaving the layer cancels an unfinished mask.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLayerMask } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { storeImage } from '../actions/addContent';
import { cancelMask, commitMask, maskStore, setBrush, startMask, type BrushMode } from '../../canvas/mask/maskStore';
import { useEditor } from '../../EditorContext';
import { Icon } from '../Icon';

const MODES: BrushMode[] = ['hide', 'show'];

export function MaskControls({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const session = maskStore.use((value) => (value?.purpose === 'mask' && value.layerId === layer.layerId ? value : null));

  useEffect(
    () => () => {
      if (maskStore.get()?.layerId === layer.layerId) cancelMask();
    },
    [layer.layerId],
  );

  if (!session) {
    return (
      <div className="ed-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={layer.locked}
          onClick={() => void startMask(editor, layer.layerId)}
          data-testid="props.mask"
        >
          <Icon name="brush" />
          {t('designer.mask.start')}
        </button>
        {layer.mask && (
          <button
            type="button"
            className="ed-link-button"
            onClick={() => editor.exec(setLayerMask, { layerId: layer.layerId, mask: null })}
            data-testid="props.mask.remove"
          >
            {t('designer.mask.remove')}
          </button>
        )}
      </div>
    );
  }

  return (
    <fieldset className="ed-field ed-crop" data-testid="mask.panel">
      <legend className="ed-field__label">{t('designer.mask.title')}</legend>
      <div className="ed-chips" role="radiogroup" aria-label={t('designer.mask.title')}>
        {MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={session.mode === mode}
            className={`ed-chip${session.mode === mode ? ' is-active' : ''}`}
            onClick={() => setBrush({ mode })}
            data-testid={`mask.mode.${mode}`}
          >
            {t(`designer.mask.${mode}`)}
          </button>
        ))}
      </div>
      <label className="ed-field ed-slider">
        <span className="ed-field__row">
          <span className="ed-field__label">{t('designer.mask.size')}</span>
          <span className="ed-field__value">{session.size}</span>
        </span>
        <input
          type="range"
          min={4}
          max={200}
          value={session.size}
          onChange={(event) => setBrush({ size: Number(event.target.value) })}
          data-testid="mask.size"
        />
      </label>
      <p className="ed-hint">{t('designer.mask.hint')}</p>
      <div className="ed-actions">
        <button type="button" className="button button--primary" onClick={() => void commitMask(editor, storeImage)} data-testid="mask.done">
          {t('designer.mask.done')}
        </button>
        <button type="button" className="button button--secondary" onClick={cancelMask} data-testid="mask.cancel">
          {t('editor.common.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
