/** Adding pictures: the upload button, and how drop and paste work. */
import { useTranslation } from 'react-i18next';
import { LIMIT_PARAMS } from '../../../tools/checkImageFile';
import { useTouchScreen } from '../../../hooks/useTouchScreen';
import { Icon } from '../Icon';

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export function ImagePanel({ onUpload }: { onUpload(): void }) {
  const { t } = useTranslation();
  const touch = useTouchScreen();
  return (
    <div className="ed-panel-body">
      <button type="button" className="button button--primary ed-wide" onClick={onUpload} data-testid="image.upload">
        <Icon name="upload" />
        {t('editor.image.upload')}
      </button>
      {touch ? (
        <p className="ed-hint">{t('designer.touch.imageHint', { button: t('editor.image.upload') })}</p>
      ) : (
        <>
          <p className="ed-hint">{t('editor.image.dropHint')}</p>
          <p className="ed-hint ed-hint--paste">{t('editor.image.pasteHint', { shortcut: isApple ? '⌘V' : 'Ctrl+V' })}</p>
        </>
      )}
      <p className="ed-hint">{t('bgRemover.formats', LIMIT_PARAMS)}</p>
    </div>
  );
}
