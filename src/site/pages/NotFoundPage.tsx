import { useTranslation } from 'react-i18next';
import { BACKGROUND_REMOVER_PATH } from '../../../engine/site/routes';
import { LocalLink } from '../../components/LocalLink';

/** Rendered for /404 and, in place, for any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container page-narrow" data-testid="page.notFound">
      <div className="card placeholder">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">{t('pages.notFound.title')}</h1>
        <p className="lead">{t('pages.notFound.description')}</p>
        <div className="button-row">
          <LocalLink to="/" className="button button--primary">
            {t('common.backHome')}
          </LocalLink>
          <LocalLink to="/tools" className="button button--secondary">
            {t('common.browseAllTools')}
          </LocalLink>
          <LocalLink to={BACKGROUND_REMOVER_PATH} className="button button--ghost">
            {t('common.tryBackgroundRemover')}
          </LocalLink>
        </div>
      </div>
    </section>
  );
}
