import { useTranslation } from 'react-i18next';
import { ROUTES, TOOL_GROUPS } from '../../engine/site/routes';
import { ToolCard } from '../components/ToolCard';

/** /tools: every listed tool of the route table, grouped by section. */
export function ToolsPage() {
  const { t } = useTranslation();
  return (
    <div className="container">
      <header className="page-header">
        <h1 className="page-title">{t('pages.tools.title')}</h1>
        <p className="lead">{t('pages.tools.description')}</p>
      </header>
      {TOOL_GROUPS.map((group) => (
        <section key={group} className="tool-section" aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="section-title">
            {t(`toolGroups.${group}`)}
          </h2>
          <div className="tool-grid">
            {ROUTES.filter((route) => route.listed && route.group === group).map((route) => (
              <ToolCard key={route.path} route={route} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
