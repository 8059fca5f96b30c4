/**
 * Home page sections of the site work: the design editor band (Create and templates), before/after
 * examples made by our own tools (the blog illustrations, public/blog), and a link to every tool.
 */
import { useTranslation } from 'react-i18next';
import { ROUTES, TOOL_GROUPS } from '../../../engine/site/routes';
import { LocalLink } from '../../components/LocalLink';

const EXAMPLES = [
  { path: '/tools/background-remover', titleKey: 'tools.backgroundRemover.title', before: 'remove-bg-before', after: 'remove-bg-after' },
  { path: '/tools/blur-background', titleKey: 'tools.blurBackground.title', before: 'blur-before', after: 'blur-after' },
  { path: '/tools/photo-enhancer', titleKey: 'tools.photoEnhancer.title', before: 'enhance-before', after: 'enhance-after' },
  { path: '/tools/ai-image-extender', titleKey: 'tools.aiImageExtender.title', before: 'extend-before', after: 'extend-after' },
] as const;

export function HomeEditorBand() {
  const { t } = useTranslation();
  return (
    <section className="container home-section" aria-labelledby="home-editor">
      <div className="card home-editor">
        <div>
          <h2 id="home-editor" className="section-title">
            {t('site.home.editorTitle')}
          </h2>
          <p className="section-lead">{t('site.home.editorBody')}</p>
          <div className="button-row">
            <LocalLink to="/create" className="button button--primary" data-testid="home.create">
              {t('site.home.editorCta')}
            </LocalLink>
            <LocalLink to="/template" className="button button--secondary">
              {t('site.home.templatesCta')}
            </LocalLink>
          </div>
        </div>
        <img src="/blog/change-bg-blue.webp" alt={t('tools.backgroundChanger.title')} width="480" height="320" loading="lazy" className="home-editor__image" />
      </div>
    </section>
  );
}

export function HomeExamples() {
  const { t } = useTranslation();
  return (
    <section className="container home-section" aria-labelledby="home-examples">
      <h2 id="home-examples" className="section-title">
        {t('site.home.examplesTitle')}
      </h2>
      <ul className="home-examples">
        {EXAMPLES.map((example) => (
          <li key={example.path}>
            <LocalLink to={example.path} className="home-example__link">
              <figure className="home-example">
                <img src={`/blog/${example.before}.webp`} alt={`${t(example.titleKey)}: ${t('site.home.before')}`} loading="lazy" />
                <img src={`/blog/${example.after}.webp`} alt={`${t(example.titleKey)}: ${t('site.home.after')}`} loading="lazy" />
                <figcaption>{t(example.titleKey)}</figcaption>
              </figure>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AllToolLinks() {
  const { t } = useTranslation();
  return (
    <section className="container home-section" aria-labelledby="home-all-tools">
      <h2 id="home-all-tools" className="section-title">
        {t('site.nav.allTools')}
      </h2>
      <div className="tools-menu__panel home-all-tools">
        {TOOL_GROUPS.map((group) => (
          <div key={group} className="tools-menu__group">
            <h3 className="tools-menu__heading">{t(`toolGroups.${group}`)}</h3>
            <ul>
              {ROUTES.filter((route) => route.listed && route.group === group).map((route) => (
                <li key={route.path}>
                  <LocalLink to={route.path}>{t(route.titleKey)}</LocalLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
