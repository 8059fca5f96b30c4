/** The empty state of a single-image tool: upload button, drop and paste hints, accepted formats. */
import { useTranslation } from 'react-i18next';
import { useTouchScreen } from '../hooks/useTouchScreen';
import { LIMIT_PARAMS } from './checkImageFile';

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export function UploadPrompt({ onPick }: { onPick(): void }) {
  const { t } = useTranslation();
  const touch = useTouchScreen();
  return (
    <div className="upload-prompt">
      <svg className="upload-prompt__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 16V4M7 9l5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      </svg>
      <button type="button" className="button button--primary button--large" onClick={onPick} data-testid="upload.button">
        {t('bgRemover.uploadButton')}
      </button>
      <p className="upload-prompt__drop">{touch ? t('designer.touch.uploadHint') : t('bgRemover.dropHint')}</p>
      <p className="upload-prompt__formats">{t('bgRemover.formats', LIMIT_PARAMS)}</p>
      {!touch && <p className="upload-prompt__paste">{t('bgRemover.pasteHint', { shortcut: isApple ? '⌘V' : 'Ctrl+V' })}</p>}
    </div>
  );
}
