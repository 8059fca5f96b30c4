/** Tells screen readers what is selected on the canvas (the canvas itself is opaque to them). */
import { useTranslation } from 'react-i18next';
import { layerLabel } from '../../../engine/layerLabel';
import { useEditorSelector } from '../EditorContext';

export function CanvasAnnouncer() {
  const { t } = useTranslation();
  const message = useEditorSelector((s) => {
    const ids = s.selectedIds;
    if (ids.length === 0) return t('canvas.status.none');
    if (ids.length > 1) return t('canvas.status.many', { count: ids.length });
    const layer = s.project.layers.find((l) => l.layerId === ids[0]);
    if (!layer) return '';
    const label = layerLabel(layer);
    const name = label.name || label.text || t(`canvas.kind.${label.kind}`);
    return t('canvas.status.one', { name });
  });
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {message}
    </div>
  );
}
