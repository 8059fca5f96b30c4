import { useTranslation } from 'react-i18next';
import { PLACEHOLDER_PAGE, type AppRoute } from '../../engine/site/routes';
import { LocalLink } from './LocalLink';
import { ToolIcon } from './ToolIcon';

/** A clickable card for one tool: icon, title, description, and a "coming soon" badge until it is built. */
export function ToolCard({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const ready = route.page !== PLACEHOLDER_PAGE;
  return (
    <LocalLink to={route.path} className={`tool-card${ready ? ' tool-card--ready' : ''}`} data-testid="tool.card">
      <span className="tool-card__icon">
        <ToolIcon route={route} />
      </span>
      <span className="tool-card__body">
        <span className="tool-card__title">{t(route.titleKey)}</span>
        <span className="tool-card__text">{t(route.descriptionKey)}</span>
        {!ready && <span className="badge tool-card__badge">{t('common.comingSoon')}</span>}
      </span>
    </LocalLink>
  );
}
