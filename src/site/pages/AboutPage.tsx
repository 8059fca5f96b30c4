/** /about: what Lumacut is, that it is open and self-hostable, how it works, whom to contact. */
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../components/LocalLink';

const SECTIONS = ['mission', 'open', 'how', 'contact'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <div className="container page-narrow site-page" data-testid="page.about">
      <header className="page-header">
        <h1 className="page-title">{t('pages.about.title')}</h1>
        <p className="lead">{t('site.about.lead')}</p>
      </header>
      {SECTIONS.map((id) => (
        <section key={id} className="prose-section">
          <h2>{t(`site.about.${id}Title`)}</h2>
          <p>{t(`site.about.${id}Body`)}</p>
        </section>
      ))}
      <div className="button-row">
        <LocalLink to="/tools" className="button button--primary">
          {t('common.browseAllTools')}
        </LocalLink>
        <LocalLink to="/create" className="button button--secondary">
          {t('site.home.editorCta')}
        </LocalLink>
      </div>
    </div>
  );
}
