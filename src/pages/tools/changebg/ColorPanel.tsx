/** Colour choice: named presets, a 24-colour palette, the system colour picker and a hex field. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidColor, parseColor } from '../../../../engine/doc/color';
import { COLOR_PRESETS, PALETTE } from './options';

interface Props {
  value: string;
  onChange(color: string): void;
  /** Named swatches shown first (defaults to the popular product-photo colours). */
  presets?: ReadonlyArray<{ key: string; color: string }>;
  showPalette?: boolean;
}

const sameColor = (a: string, b: string) => isValidColor(a) && isValidColor(b) && parseColor(a).hex === parseColor(b).hex;

export function ColorPanel({ value, onChange, presets = COLOR_PRESETS, showPalette = true }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The field follows picks made elsewhere (swatches, picker), but not while its own text is invalid.
  useEffect(() => setText(value), [value]);
  const invalid = text !== '' && !isValidColor(text);

  const swatch = (color: string, label: string, testId: string) => (
    <button
      key={testId}
      type="button"
      className={`changebg-swatch${sameColor(color, value) ? ' is-selected' : ''}`}
      style={{ background: color }}
      aria-label={label}
      aria-pressed={sameColor(color, value)}
      title={label}
      data-testid={testId}
      onClick={() => onChange(color)}
    />
  );

  return (
    <div className="changebg-colors">
      <p className="changebg-label">{t('changebg.color.presets')}</p>
      <div className="changebg-swatches">
        {presets.map((preset) => swatch(preset.color, t(`changebg.colors.${preset.key}`), `changebg.color.${preset.key}`))}
      </div>
      {showPalette && (
        <>
          <p className="changebg-label">{t('changebg.color.palette')}</p>
          <div className="changebg-swatches changebg-swatches--palette">
            {PALETTE.map((color) => swatch(color, color, `changebg.palette.${color.slice(1)}`))}
          </div>
        </>
      )}
      <div className="changebg-custom">
        <label className="changebg-custom__picker">
          <input
            type="color"
            value={parseColorOr(value)}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            data-testid="changebg.color.picker"
          />
          <span>{t('changebg.color.custom')}</span>
        </label>
        <label className="changebg-custom__hex">
          <span className="visually-hidden">{t('changebg.color.hex')}</span>
          <input
            type="text"
            value={text}
            spellCheck={false}
            maxLength={9}
            placeholder="#RRGGBB"
            aria-invalid={invalid}
            aria-describedby={invalid ? 'changebg-hex-error' : undefined}
            data-testid="changebg.color.hex"
            onChange={(event) => {
              setText(event.target.value);
              if (isValidColor(event.target.value)) onChange(event.target.value.trim().toUpperCase());
            }}
          />
        </label>
      </div>
      {invalid && (
        <p id="changebg-hex-error" className="changebg-error small">
          {t('changebg.color.invalid')}
        </p>
      )}
    </div>
  );
}

/** `<input type="color">` only takes #rrggbb. */
function parseColorOr(value: string): string {
  return isValidColor(value) ? parseColor(value).hex.slice(0, 7).toLowerCase() : '#ffffff';
}
