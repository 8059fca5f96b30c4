/**
 * The plain statement every generative tool shows when this server has no generation server configured
 * (1000003, issue 19): what is missing, that the page itself works, and where the operator reads how to add one.
 */
import { useTranslation } from 'react-i18next';
import { COMFYUI_README_URL } from './generationSetup';

export function GenerationNotice() {
  const { t } = useTranslation();
  return (
    <section className="card gen-notice" role="note" data-testid="gen.notConfigured">
      <h2 className="gen-notice__title">{t('genai.notice.title')}</h2>
      <p>{t('genai.notice.body')}</p>
      <p className="small">
        {t('genai.notice.operator')}{' '}
        <a href={COMFYUI_README_URL} target="_blank" rel="noopener" className="text-link" data-testid="gen.readmeLink">
          {t('genai.notice.link')}
        </a>
      </p>
    </section>
  );
}
