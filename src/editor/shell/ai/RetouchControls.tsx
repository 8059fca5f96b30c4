/**
 * AI retouch (the magic eraser as an edit step): paint over what should go on the canvas, then
 * "Erase" sends the photo and the painted area through the task flow (elimination); the retouched
 * photo lands in the layer as one undo step.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../../engine/doc/types';
import { ResultCode } from '../../../../engine/spec/errors';
import { useToast } from '../../../components/ToastContext';
import { EraserCallError, uploadOne } from '../../../tools/eraser/eraserApi';
import { errorKeyFor } from '../../../tools/errorKeys';
import { cancelMask, maskStore, setBrush, startMask, takeRetouchArea } from '../../canvas/mask/maskStore';
import { useEditor } from '../../EditorContext';
import { Icon } from '../Icon';
import type { LayerAiStep } from './useLayerAiStep';

export function RetouchControls({ layer, step, disabled }: { layer: Layer; step: LayerAiStep; disabled: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const session = maskStore.use((value) => (value?.purpose === 'retouch' && value.layerId === layer.layerId ? value : null));

  useEffect(
    () => () => {
      const current = maskStore.get();
      if (current?.purpose === 'retouch' && current.layerId === layer.layerId) cancelMask();
    },
    [layer.layerId],
  );

  const erase = async () => {
    const area = await takeRetouchArea();
    if (!area) return;
    try {
      const maskUrl = await uploadOne(area.png, 'elimination', 'png');
      step.run(area.layerId, { maskUrl, quality: 'best' });
    } catch (error) {
      const code = error instanceof EraserCallError ? error.code : ResultCode.SERVER_ERROR;
      toast.show(t(errorKeyFor({ name: 'SERVER_CODE', code, message: error instanceof Error ? error.message : '' })), 'error');
    }
  };

  if (!session) {
    return (
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={disabled || layer.locked}
        onClick={() => void startMask(editor, layer.layerId, 'retouch')}
        data-testid="ai.retouch"
      >
        <Icon name="brush" />
        {t('designer.ai.retouch')}
      </button>
    );
  }
  return (
    <fieldset className="ed-field ed-crop" data-testid="retouch.panel">
      <legend className="ed-field__label">{t('designer.ai.retouch')}</legend>
      <p className="ed-hint">{t('designer.ai.retouchHint')}</p>
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
          data-testid="retouch.size"
        />
      </label>
      <div className="ed-actions">
        <button type="button" className="button button--primary" disabled={session.version === 0} onClick={() => void erase()} data-testid="retouch.erase">
          {t('designer.ai.erase')}
        </button>
        <button type="button" className="button button--secondary" onClick={cancelMask} data-testid="retouch.cancel">
          {t('editor.common.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
