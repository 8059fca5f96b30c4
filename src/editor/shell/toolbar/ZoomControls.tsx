/** Zoom out / current zoom (click: 100 %) / zoom in / fit, over the canvas view store. */
import { useTranslation } from 'react-i18next';
import { fitToScreen, useZoomPercent, zoomIn, zoomOut, zoomTo100 } from '../../canvas/viewStore';
import { Icon } from '../Icon';

export function ZoomControls() {
  const { t, i18n } = useTranslation();
  const percent = useZoomPercent();
  const label = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100);
  return (
    <div className="ed-group ed-zoom" role="group" aria-label={t('editor.zoom.group')}>
      <button
        type="button"
        className="ed-icon-button"
        onClick={() => zoomOut()}
        aria-label={t('editor.zoom.out')}
        title={t('editor.zoom.out')}
        data-testid="zoom.out"
      >
        <Icon name="minus" />
      </button>
      <button
        type="button"
        className="ed-zoom__value"
        onClick={zoomTo100}
        aria-label={t('editor.zoom.reset', { value: label })}
        title={t('editor.zoom.reset', { value: label })}
        data-testid="zoom.value"
      >
        {label}
      </button>
      <button
        type="button"
        className="ed-icon-button"
        onClick={() => zoomIn()}
        aria-label={t('editor.zoom.in')}
        title={t('editor.zoom.in')}
        data-testid="zoom.in"
      >
        <Icon name="plus" />
      </button>
      <button
        type="button"
        className="ed-icon-button"
        onClick={fitToScreen}
        aria-label={t('editor.zoom.fit')}
        title={t('editor.zoom.fit')}
        data-testid="zoom.fit"
      >
        <Icon name="fit" />
      </button>
    </div>
  );
}
