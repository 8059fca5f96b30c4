/**
 * Stand-in for a page that is not built yet: never blank, always says what the
 * page will do and points to what already works.
 */
import { useTranslation } from 'react-i18next';
import { BACKGROUND_REMOVER_PATH, type AppRoute } from '../../engine/site/routes';
import { LocalLink } from '../components/LocalLink';
import { ToolIcon } from '../components/ToolIcon';

export function PlaceholderPage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  return (
    <section className="container page-narrow" data-testid="page.placeholder">
      <div className="card placeholder">
        <span className="placeholder__icon">
          <ToolIcon route={route} />
        </span>
        <span className="badge">{t('common.comingSoon')}</span>
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="lead">{t(route.descriptionKey)}</p>
        <p className="muted">{t('common.comingSoonNote')}</p>
        <div className="button-row">
          <LocalLink to={BACKGROUND_REMOVER_PATH} className="button button--primary">
            {t('common.tryBackgroundRemover')}
          </LocalLink>
          <LocalLink to="/tools" className="button button--secondary">
            {t('common.browseAllTools')}
          </LocalLink>
        </div>
      </div>
    </section>
  );
}
