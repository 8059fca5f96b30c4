/** Two colours and an angle, with a few ready-made gradients and a live preview strip. */
import { useTranslation } from 'react-i18next';
import type { GradientSpec } from '../../../../engine/backgrounds/params';
import { GRADIENT_PRESETS, cssGradient } from './options';

interface Props {
  value: GradientSpec;
  onChange(next: GradientSpec): void;
}

const same = (a: GradientSpec, b: GradientSpec) => a.from === b.from && a.to === b.to && a.angle === b.angle;

export function GradientPanel({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="changebg-gradient">
      <p className="changebg-label">{t('changebg.gradient.presets')}</p>
      <div className="changebg-swatches">
        {GRADIENT_PRESETS.map((preset, i) => (
          <button
            key={i}
            type="button"
            className={`changebg-swatch changebg-swatch--wide${same(preset, value) ? ' is-selected' : ''}`}
            style={{ background: cssGradient(preset) }}
            aria-label={t('changebg.gradient.preset', { n: i + 1 })}
            aria-pressed={same(preset, value)}
            data-testid={`changebg.gradient.preset${i + 1}`}
            onClick={() => onChange(preset)}
          />
        ))}
      </div>
      <div className="changebg-preview-strip" style={{ background: cssGradient(value) }} aria-hidden="true" />
      <div className="changebg-gradient__colors">
        <label>
          <input
            type="color"
            value={value.from.slice(0, 7).toLowerCase()}
            data-testid="changebg.gradient.from"
            onChange={(event) => onChange({ ...value, from: event.target.value.toUpperCase() })}
          />
          <span>{t('changebg.gradient.from')}</span>
        </label>
        <label>
          <input
            type="color"
            value={value.to.slice(0, 7).toLowerCase()}
            data-testid="changebg.gradient.to"
            onChange={(event) => onChange({ ...value, to: event.target.value.toUpperCase() })}
          />
          <span>{t('changebg.gradient.to')}</span>
        </label>
      </div>
      <label className="changebg-slider">
        <span className="changebg-label">{t('changebg.gradient.angle')}</span>
        <input
          type="range"
          min={0}
          max={359}
          step={1}
          value={value.angle}
          data-testid="changebg.gradient.angle"
          onChange={(event) => onChange({ ...value, angle: Number(event.target.value) })}
        />
        <output>{value.angle}°</output>
      </label>
    </div>
  );
}
