/** Download buttons for one generated image. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ToastContext';
import { resultFileName } from '../../tools/downloadName';
import { downloadResult, type ExportFormat } from '../../tools/exportImage';

/** `original`: what the download is named after (the photo's file name, or the prompt's first words). */
export function ResultActionsCompact({ blob, original, tool }: { blob: Blob; original: string; tool: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const save = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadResult(blob, format, (ext) => resultFileName(original, tool, ext));
    } catch {
      toast.show(t('errors.downloadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="button-row gen-gallery__actions">
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void save('png')} data-testid="gen.download.png">
        {t('bgRemover.downloadPng')}
      </button>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void save('jpg')} data-testid="gen.download.jpg">
        {t('bgRemover.downloadJpg')}
      </button>
    </div>
  );
}
