/**
 * Crop for an image layer: "Crop" shows the crop frame on the canvas; a ratio (free, the picture's
 * own, square, portrait, landscape…) sets the largest box of that ratio; "Apply" commits it as one
 * undo step, "Cancel" leaves the picture as it was. Leaving the layer cancels.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_RATIOS, type CropRatio } from '../../../../engine/doc/crop';
import type { Layer } from '../../../../engine/doc/types';
import { applyCrop, cancelCrop, chooseCropRatio, cropStore, resetCrop, startCrop } from '../../canvas/crop/cropStore';
import { useEditor } from '../../EditorContext';
import { Icon } from '../Icon';

function ratioLabel(ratio: CropRatio, t: (key: string) => string): string {
  if (ratio === 'free') return t('designer.crop.free');
  if (ratio === 'original') return t('designer.crop.original');
  return ratio;
}

export function CropControls({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const session = cropStore.use((value) => (value?.layerId === layer.layerId ? value : null));

  // Another layer selected, or this one gone: the unapplied crop is dropped.
  useEffect(
    () => () => {
      if (cropStore.get()?.layerId === layer.layerId) cancelCrop();
    },
    [layer.layerId],
  );

  if (!session) {
    return (
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={layer.locked}
        onClick={() => void startCrop(editor, layer.layerId)}
        data-testid="props.crop"
      >
        <Icon name="crop" />
        {t('designer.crop.start')}
      </button>
    );
  }

  return (
    <fieldset className="ed-field ed-crop" data-testid="crop.panel">
      <legend className="ed-field__label">{t('designer.crop.ratio')}</legend>
      <div className="ed-chips" role="radiogroup" aria-label={t('designer.crop.ratio')}>
        {CROP_RATIOS.map((ratio) => (
          <button
            key={ratio}
            type="button"
            role="radio"
            aria-checked={session.ratio === ratio}
            className={`ed-chip${session.ratio === ratio ? ' is-active' : ''}`}
            onClick={() => chooseCropRatio(ratio)}
            data-testid={`crop.ratio.${ratio}`}
          >
            {ratioLabel(ratio, t)}
          </button>
        ))}
      </div>
      <p className="ed-hint">{t('designer.crop.hint')}</p>
      <div className="ed-actions">
        <button type="button" className="button button--primary" onClick={() => applyCrop(editor)} data-testid="crop.apply">
          {t('designer.crop.apply')}
        </button>
        <button type="button" className="button button--secondary" onClick={cancelCrop} data-testid="crop.cancel">
          {t('editor.common.cancel')}
        </button>
        <button type="button" className="ed-link-button" onClick={resetCrop} data-testid="crop.reset">
          {t('designer.crop.reset')}
        </button>
      </div>
    </fieldset>
  );
}
