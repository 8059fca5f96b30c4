/**
 * /tools/background-changer: pick, drop or paste a photo → the changebg task cuts the subject out and puts it
 * on the chosen background (colour, gradient, library, your own picture or transparent) → compare and download.
 * Changing any option re-runs the task on the same photo; the server reuses its cut-out.
 */
import { useTranslation } from 'react-i18next';
import { HowItWorks } from '../../components/HowItWorks';
import { BackgroundPicker } from './changebg/BackgroundPicker';
import { ChangeBgWorkspace } from './changebg/ChangeBgWorkspace';
import { CostNote } from './changebg/CostNote';
import { DEFAULT_OPTIONS } from './changebg/options';
import { SubjectControls } from './changebg/SubjectControls';
import { useChangeBackground } from './changebg/useChangeBackground';
import './BackgroundChangerPage.css';

export function BackgroundChangerPage() {
  const { t } = useTranslation();
  const view = useChangeBackground(DEFAULT_OPTIONS, t('tools.backgroundChanger.title'));
  return (
    <div className="container tool-page changebg-page" data-testid="page.backgroundChanger">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.backgroundChanger.title')}</h1>
        <p className="lead">{t('changebg.subtitle')}</p>
      </header>

      <div className="changebg-layout">
        <div className="changebg-main">
          <ChangeBgWorkspace view={view} />
        </div>
        <aside className="card changebg-options" aria-label={t('changebg.options')}>
          <CostNote type="changebg" />
          <BackgroundPicker options={view.options} onChange={view.setOptions} />
          <SubjectControls
            subject={view.options.subject}
            shadow={view.options.shadow}
            onChange={(placement) => view.setOptions({ ...view.options, ...placement })}
          />
        </aside>
      </div>

      <HowItWorks headingId="changebg-how" variant="tool" />
    </div>
  );
}
