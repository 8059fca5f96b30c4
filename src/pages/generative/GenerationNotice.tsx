/**
 * The plain statement every generative tool shows when this server has no generation server configured
 * (1000003, issue 19): what is missing, that the page itself works, and the help page that says why and how.
 */
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../components/LocalLink';
import { GENERATION_HELP_PATH } from './generationSetup';

export function GenerationNotice() {
  const { t } = useTranslation();
  return (
    <section className="card gen-notice" role="note" data-testid="gen.notConfigured">
      <h2 className="gen-notice__title">{t('genai.notice.title')}</h2>
      <p>{t('genai.notice.body')}</p>
      <p className="small">
        {t('genai.notice.operator')} {/* The site's own help page, rendered and translated, not the operator's README as raw Markdown (issue 29). */}
        <LocalLink to={GENERATION_HELP_PATH} className="text-link" data-testid="gen.readmeLink">
          {t('genai.notice.link')}
        </LocalLink>
      </p>
    </section>
  );
}
