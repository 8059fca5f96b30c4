/** The Shapes tool: a rectangle, an ellipse or a line, added in view (one undo step) and selected. */
import { useTranslation } from 'react-i18next';
import { addLayer } from '../../../../engine/commands';
import { createShapeLayer } from '../../../../engine/doc/shapes';
import type { ShapeKind } from '../../../../engine/doc/types';
import { SHAPE_KINDS } from '../../../../engine/spec/kinds';
import { useEditor } from '../../EditorContext';
import { placeAt } from '../actions/addContent';

/** A small picture of each kind for its button. */
function ShapeGlyph({ kind }: { kind: ShapeKind }) {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      {kind === 'rect' && <rect x="5" y="8" width="30" height="24" rx="3" fill="currentColor" />}
      {kind === 'ellipse' && <ellipse cx="20" cy="20" rx="15" ry="12" fill="currentColor" />}
      {kind === 'line' && <line x1="5" y1="30" x2="35" y2="10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />}
    </svg>
  );
}

export function ShapesPanel() {
  const { t } = useTranslation();
  const editor = useEditor();
  const add = (kind: ShapeKind) => {
    const { canvasW, canvasH } = editor.getProject();
    editor.exec(addLayer, { layer: placeAt(createShapeLayer({ kind, canvasW, canvasH }), editor) });
  };
  return (
    <div className="ed-panel-body">
      <ul className="ed-shape-list">
        {SHAPE_KINDS.map((kind) => (
          <li key={kind}>
            <button type="button" className="ed-shape-button" onClick={() => add(kind)} data-testid={`shape.add.${kind}`}>
              <ShapeGlyph kind={kind} />
              <span>{t(`designer.shapes.${kind}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="ed-hint">{t('designer.shapes.hint')}</p>
    </div>
  );
}
