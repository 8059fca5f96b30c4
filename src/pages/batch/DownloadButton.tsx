/**
 * A download of a batch file (the ZIP or one result). It asks the server for a short-lived link and follows
 * it with a plain `<a download>` navigation: the browser's download manager streams the file to disk, so a
 * ZIP of 100 results never sits in the page's memory as a blob.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { batchDownloadLink } from '../../api/batchApi';
import { useToast } from '../../components/ToastContext';

interface Props {
  batchId: string;
  /** Absent: the whole batch as one ZIP. */
  itemId?: string;
  className: string;
  children: ReactNode;
  label?: string;
  testId?: string;
}

/** Follows `url` as a download navigation (the server names the file with Content-Disposition). */
function followDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function DownloadButton({ batchId, itemId, className, children, label, testId }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await batchDownloadLink(batchId, itemId);
      followDownload(url);
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
