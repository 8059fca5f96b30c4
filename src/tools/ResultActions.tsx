/** Download PNG / Download JPG / New image, under a finished result. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadResult, type ExportFormat } from './exportImage';
import { resultFileName } from './downloadName';
import { useToast } from '../components/ToastContext';

interface Props {
  resultBlob: Blob | null;
  onNewImage(): void;
  /** Shown as "Open in editor" when given. */
  onOpenInEditor?(): void;
  /** Names downloads after the original file and the tool ("coffee-remove-background.png"). */
  naming?: { original: string | null; tool: string };
}

export function ResultActions({ resultBlob, onNewImage, onOpenInEditor, naming }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    if (!resultBlob) return;
    setBusy(format);
    try {
      await downloadResult(resultBlob, format, naming && ((ext) => resultFileName(naming.original, naming.tool, ext)));
    } catch {
      toast.show(t('errors.downloadFailed'), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="result-actions">
      <button
        type="button"
        className="button button--primary"
        disabled={!resultBlob || busy !== null}
        onClick={() => void download('png')}
        data-testid="download.png"
      >
        {t('bgRemover.downloadPng')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={!resultBlob || busy !== null}
        onClick={() => void download('jpg')}
        data-testid="download.jpg"
        title={t('bgRemover.jpgHint')}
      >
        {t('bgRemover.downloadJpg')}
      </button>
      {onOpenInEditor && (
        <button type="button" className="button button--secondary" disabled={!resultBlob} onClick={onOpenInEditor} data-testid="result.openInEditor">
          {t('bgRemover.openInEditor')}
        </button>
      )}
      <button type="button" className="button button--ghost" onClick={onNewImage} data-testid="result.new">
        {t('bgRemover.newImage')}
      </button>
    </div>
  );
}
