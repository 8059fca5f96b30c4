/**
 * The project's name, editable in place: Enter or leaving the field renames on the server,
 * Escape puts the old name back. The document's own name follows without an undo step
 * (a rename is not an edit of the design).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renameProject } from '../../../api/projectsApi';
import { useToast } from '../../../components/ToastContext';
import { useEditor, useEditorSelector } from '../../EditorContext';

const NAME_MAX = 120;

export function ProjectNameField() {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const name = useEditorSelector((s) => s.project.name);
  const pid = useEditorSelector((s) => s.project.projectId);
  const [draft, setDraft] = useState(name);
  const [busy, setBusy] = useState(false);

  useEffect(() => setDraft(name), [name]);

  const commit = async () => {
    const next = draft.trim();
    if (next === name.trim() || busy) return setDraft(name);
    if (!next) {
      toast.show(t('editor.name.empty'), 'error');
      return setDraft(name);
    }
    setBusy(true);
    try {
      const saved = await renameProject(pid, next);
      editor.update((project) => ({ ...project, name: saved.name }), 'ignore');
    } catch {
      toast.show(t('editor.name.failed'), 'error');
      setDraft(name);
    } finally {
      setBusy(false);
    }
  };

  return (
    <input
      className="ed-name"
      value={draft}
      maxLength={NAME_MAX}
      placeholder={t('editor.name.placeholder')}
      aria-label={t('editor.name.label')}
      data-testid="project.name"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          setDraft(name);
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        }
      }}
    />
  );
}
