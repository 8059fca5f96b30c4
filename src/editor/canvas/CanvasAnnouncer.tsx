/** Tells screen readers what is selected on the canvas (the canvas itself is opaque to them). */
import { useTranslation } from 'react-i18next';
import type { EditorSnapshot } from '../../../engine/Editor';
import { layerLabel } from '../../../engine/layerLabel';
import { useEditorSelector } from '../EditorContext';

type Selection = { count: number; label?: ReturnType<typeof layerLabel> };

/** What the message is made of; cheap, so a drag (a document change per move) costs no translation. */
function selectionOf(s: EditorSnapshot): Selection {
  const ids = s.selectedIds;
  if (ids.length !== 1) return { count: ids.length };
  const layer = s.project.layers.find((l) => l.layerId === ids[0]);
  return { count: 1, label: layer ? layerLabel(layer) : undefined };
}

const sameSelection = (a: Selection, b: Selection) =>
  a.count === b.count && a.label?.name === b.label?.name && a.label?.kind === b.label?.kind && a.label?.text === b.label?.text;

export function CanvasAnnouncer() {
  const { t } = useTranslation();
  const { count, label } = useEditorSelector(selectionOf, sameSelection);
  let message = '';
  if (count === 0) message = t('canvas.status.none');
  else if (count > 1) message = t('canvas.status.many', { count });
  else if (label) message = t('canvas.status.one', { name: label.name || label.text || t(`canvas.kind.${label.kind}`) });
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {message}
    </div>
  );
}
