/**
 * Opening a project file from the editor or /create: imports it as a new project and opens that.
 * A file that cannot be read shows the engine's reason; the open document is never touched.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ProjectParseError } from '../../../engine/doc/parseProject';
import { useLocalize } from '../../hooks/useLang';
import { useToast } from '../../components/ToastContext';
import { importZipAsNewProject } from '../persistence/zipActions';

export function useImportZip() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [busy, setBusy] = useState(false);
  /** The last failure, for pages that show it in place as well as in a toast. */
  const [error, setError] = useState('');

  const importFile = async (file: File) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const { pid, warnings } = await importZipAsNewProject(file);
      if (warnings.length) {
        console.warn('project import warnings', warnings);
        toast.show(t('editor.import.warnings', { count: warnings.length }), 'info');
      }
      navigate(localize(`/create/edit?pid=${encodeURIComponent(pid)}`), { state: { fresh: true } });
    } catch (failure) {
      let message: string;
      if (failure instanceof ProjectParseError) message = t('editor.import.invalid', { reason: failure.message, interpolation: { escapeValue: false } });
      else {
        console.error('import failed', failure);
        message = t('editor.import.failed');
      }
      setError(message);
      toast.show(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return { importFile, busy, error };
}
