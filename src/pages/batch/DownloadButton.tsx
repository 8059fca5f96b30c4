/** A download of a batch file (the ZIP or one result), fetched with the owner's headers and saved under the server's name. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBatchFile } from '../../api/batchApi';
import { useToast } from '../../components/ToastContext';
import { saveBlob } from '../../tools/exportImage';

interface Props {
  url: string;
  fallbackName: string;
  className: string;
  children: ReactNode;
  label?: string;
  testId?: string;
}

export function DownloadButton({ url, fallbackName, className, children, label, testId }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, name } = await fetchBatchFile(url, fallbackName);
      saveBlob(blob, name);
    } catch {
      toast.show(t('errors.downloadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} aria-label={label} aria-busy={busy} disabled={busy} data-testid={testId} onClick={() => void download()}>
      {children}
    </button>
  );
}
