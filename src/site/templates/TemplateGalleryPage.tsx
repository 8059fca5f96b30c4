/**
 * /template: the design templates by category. "Use template" makes a project document from the
 * template in the visitor's language, stores it and opens it in the editor.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createProject as storeProject } from '../../api/projectsApi';
import { useLocalize } from '../../hooks/useLang';
import { useToast } from '../../components/ToastContext';
import { buildTemplateProject } from './buildTemplateProject';
import { DESIGN_TEMPLATES, TEMPLATE_CATEGORIES, type DesignTemplate, type TemplateCategory } from './designTemplates';
import { TemplatePreview } from './TemplatePreview';

export function TemplateGalleryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const toast = useToast();
  const [category, setCategory] = useState<TemplateCategory | 'all'>('all');
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (template: DesignTemplate) => {
    if (opening) return;
    setOpening(template.id);
    try {
      const name = t(`templates.items.${template.id}`);
      const project = buildTemplateProject(template, (key) => t(`templates.${key}`), name, i18n.language);
      await storeProject(project);
      navigate(localize(`/create/edit?pid=${encodeURIComponent(project.projectId)}`), { state: { fresh: true } });
    } catch (error) {
      console.error('opening the template failed', error);
      toast.show(t('site.templates.failed'), 'error');
      setOpening(null);
    }
  };

  const shown = DESIGN_TEMPLATES.filter((template) => category === 'all' || template.category === category);

  return (
    <div className="container site-page" data-testid="page.template" aria-busy={opening !== null}>
      <header className="page-header">
        <h1 className="page-title">{t('pages.template.title')}</h1>
        <p className="lead">{t('site.templates.lead')}</p>
      </header>
      <div className="chip-row" role="group" aria-label={t('site.templates.filterLabel')}>
        {(['all', ...TEMPLATE_CATEGORIES] as const).map((id) => (
          <button
            key={id}
            type="button"
            className={`chip${category === id ? ' is-active' : ''}`}
            aria-pressed={category === id}
            onClick={() => setCategory(id)}
            data-testid={`template.category.${id}`}
          >
            {id === 'all' ? t('site.templates.all') : t(`templates.categories.${id}`)}
          </button>
        ))}
      </div>
      <ul className="template-grid">
        {shown.map((template) => (
          <li key={template.id} className="template-card" data-testid={`template.${template.id}`}>
            <button type="button" className="template-card__button" onClick={() => void open(template)} disabled={opening !== null}>
              <TemplatePreview template={template} />
              <span className="template-card__name">{t(`templates.items.${template.id}`)}</span>
              <span className="template-card__meta">
                {t(`templates.categories.${template.category}`)}
                {template.pro && (
                  <span className="badge badge--pro" title={t('site.templates.proNote')}>
                    {t('site.templates.pro')}
                  </span>
                )}
              </span>
              <span className="visually-hidden">{opening === template.id ? t('site.templates.opening') : t('site.templates.use')}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
