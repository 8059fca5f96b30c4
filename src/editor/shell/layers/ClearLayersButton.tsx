/**
 * "Clear layers" (SPEC §4): removes every layer but the background, after a confirmation; one undo
 * step. When a removed layer needed Pro, the user is told the design no longer does.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearLayers } from '../../../../engine/commands';
import { useToast } from '../../../components/ToastContext';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';

export function ClearLayersButton() {
  const { t } = useTranslation();
  const editor = useEditor();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const count = useEditorSelector((s) => s.project.layers.length - 1);

  const clear = () => {
    setAsking(false);
    const result = editor.exec(clearLayers, {});
    toast.show(t(result?.neededPro ? 'editor.layers.clearedPro' : 'editor.layers.cleared'), 'info');
  };

  return (
    <>
      <button type="button" className="ed-link-button" disabled={count < 1} onClick={() => setAsking(true)} data-testid="layers.clear">
        {t('editor.layers.clear')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('editor.layers.clearTitle')}
        message={t('editor.layers.clearMessage', { count })}
        confirmLabel={t('editor.layers.clear')}
        danger
        onConfirm={clear}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
