import { useTranslation } from 'react-i18next';
import { useTouchScreen } from '../hooks/useTouchScreen';

const STEPS = [1, 2, 3] as const;

/**
 * Upload → AI → download, in three cards. `variant` 'tool' words steps 2 and 3 for any photo tool
 * (the default describes the background remover, as on the home page); 'extract' ends with copying text. On a touch screen step 1
 * says "tap", not "drop or paste".
 */
export function HowItWorks({ headingId, variant = 'removeBackground' }: { headingId: string; variant?: 'removeBackground' | 'tool' | 'extract' }) {
  const { t } = useTranslation();
  const touch = useTouchScreen();
  const text = (step: 1 | 2 | 3) => {
    if (step === 1) return t(touch ? 'home.step1TextTouch' : 'home.step1Text');
    // The text extractor gives lines to copy and seal PNGs, never a PNG or JPG of the photo (issue 29).
    if (variant === 'extract' && step === 3) return t('home.extractStep3Text');
    return t(variant === 'removeBackground' ? `home.step${step}Text` : `home.toolStep${step}Text`);
  };
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('home.howTitle')}
      </h2>
      <ol className="steps">
        {STEPS.map((step) => (
          <li key={step} className="card step">
            <span className="step__number" aria-hidden="true">
              {step}
            </span>
            <h3 className="step__title">{t(`home.step${step}Title`)}</h3>
            <p className="muted">{text(step)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
