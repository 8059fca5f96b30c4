/** Undo and redo buttons, disabled when there is nothing to undo or redo. */
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { Icon } from '../Icon';

export function UndoRedo() {
  const { t } = useTranslation();
  const editor = useEditor();
  const canUndo = useEditorSelector((s) => s.canUndo);
  const canRedo = useEditorSelector((s) => s.canRedo);
  return (
    <div className="ed-group" role="group" aria-label={t('editor.toolbar.history')}>
      <button
        type="button"
        className="ed-icon-button"
        onClick={() => editor.undo()}
        disabled={!canUndo}
        aria-label={t('editor.toolbar.undo')}
        title={t('editor.toolbar.undo')}
        data-testid="toolbar.undo"
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className="ed-icon-button"
        onClick={() => editor.redo()}
        disabled={!canRedo}
        aria-label={t('editor.toolbar.redo')}
        title={t('editor.toolbar.redo')}
        data-testid="toolbar.redo"
      >
        <Icon name="redo" />
      </button>
    </div>
  );
}
