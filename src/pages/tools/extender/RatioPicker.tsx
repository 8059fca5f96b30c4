/** Ratio chips (1:1 … 9:16, Custom) and, for Custom, the width and height fields with the allowed range. */
import { useTranslation } from 'react-i18next';
import { CUSTOM_MAX_SIDE, MAX_AREA_FACTOR, PRESET_RATIOS, type RatioChoice, type Size } from './frameGeometry';

interface Props {
  choice: RatioChoice;
  custom: Size;
  photo: Size;
  disabled?: boolean;
  onChoice(next: RatioChoice): void;
  onCustom(next: Size): void;
}

const CHOICES: readonly RatioChoice[] = [...PRESET_RATIOS, 'custom'];

export function RatioPicker({ choice, custom, photo, disabled = false, onChoice, onCustom }: Props) {
  const { t } = useTranslation();
  const setSide = (side: keyof Size, raw: string) => onCustom({ ...custom, [side]: raw === '' ? 0 : Math.round(Number(raw)) });
  return (
    <div className="ratio-picker">
      <div className="ratio-picker__chips" role="radiogroup" aria-label={t('extender.ratioLabel')}>
        {CHOICES.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={choice === option}
            className={`ratio-chip${choice === option ? ' is-active' : ''}`}
            disabled={disabled}
            onClick={() => onChoice(option)}
            data-testid={`extender.ratio.${option}`}
          >
            {option === 'custom' ? (
              t('extender.custom')
            ) : (
              <>
                <RatioIcon ratio={option} />
                {option}
              </>
            )}
          </button>
        ))}
      </div>
      {choice === 'custom' && (
        <div className="ratio-picker__custom">
          <label>
            <span>{t('extender.width')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={photo.width}
              max={CUSTOM_MAX_SIDE}
              step={1}
              value={custom.width || ''}
              disabled={disabled}
              onChange={(event) => setSide('width', event.target.value)}
              data-testid="extender.width"
            />
          </label>
          <span aria-hidden="true">×</span>
          <label>
            <span>{t('extender.height')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={photo.height}
              max={CUSTOM_MAX_SIDE}
              step={1}
              value={custom.height || ''}
              disabled={disabled}
              onChange={(event) => setSide('height', event.target.value)}
              data-testid="extender.height"
            />
          </label>
          <p className="muted small ratio-picker__hint">
            {t('extender.customHint', { minWidth: photo.width, minHeight: photo.height, max: CUSTOM_MAX_SIDE, factor: MAX_AREA_FACTOR })}
          </p>
        </div>
      )}
    </div>
  );
}

/** A small rectangle of the ratio's shape inside the chip. */
function RatioIcon({ ratio }: { ratio: string }) {
  const [a, b] = ratio.split(':').map(Number);
  const scale = 14 / Math.max(a, b);
  return (
    <svg className="ratio-chip__icon" viewBox="0 0 16 16" aria-hidden="true">
      <rect x={8 - (a * scale) / 2} y={8 - (b * scale) / 2} width={a * scale} height={b * scale} rx="1.5" />
    </svg>
  );
}
