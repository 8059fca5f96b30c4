/** The landing page: hero with a call to action, featured tools, how it works. */
import { useTranslation } from 'react-i18next';
import { BACKGROUND_REMOVER_PATH, ROUTES } from '../../engine/site/routes';
import { HeroIllustration } from '../components/HeroIllustration';
import { HowItWorks } from '../components/HowItWorks';
import { LocalLink } from '../components/LocalLink';
import { ToolCard } from '../components/ToolCard';
import { AllToolLinks, HomeEditorBand, HomeExamples } from '../site/home/HomeSections';

export function HomePage() {
  const { t } = useTranslation();
  const featured = ROUTES.filter((route) => route.featured);

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1 className="hero__title">{t('home.heroTitle')}</h1>
            <p className="hero__subtitle">{t('home.heroSubtitle')}</p>
            <div className="button-row">
              <LocalLink to={BACKGROUND_REMOVER_PATH} className="button button--primary button--large" data-testid="home.cta">
                {t('home.heroCta')}
              </LocalLink>
              <LocalLink to="/tools" className="button button--secondary button--large">
                {t('common.browseAllTools')}
              </LocalLink>
            </div>
            <p className="hero__note">{t('home.heroNote')}</p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="container home-section" aria-labelledby="home-tools">
        <h2 id="home-tools" className="section-title">
          {t('home.toolsTitle')}
        </h2>
        <p className="section-lead">{t('home.toolsSubtitle')}</p>
        <div className="tool-grid">
          {featured.map((route) => (
            <ToolCard key={route.path} route={route} />
          ))}
        </div>
        <p className="center">
          <LocalLink to="/tools" className="text-link">
            {t('home.allToolsLink')}
          </LocalLink>
        </p>
      </section>

      <HomeEditorBand />
      <HomeExamples />

      <div className="container">
        <HowItWorks headingId="home-how" />
      </div>

      <AllToolLinks />

      <section className="container home-section">
        <div className="card cta-band">
          <h2 className="cta-band__title">{t('home.ctaTitle')}</h2>
          <LocalLink to={BACKGROUND_REMOVER_PATH} className="button button--primary button--large">
            {t('home.heroCta')}
          </LocalLink>
        </div>
      </section>
    </>
  );
}
