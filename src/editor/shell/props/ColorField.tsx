/**
 * A colour control: swatches, the system picker and a hex field. The hex field is checked with
 * the engine's parseColor and shows its exact message (SPEC §5) until the text is valid; a picker
 * session is one undo step. `value` is '' for "none" when `noneLabel` is given.
 */
import { useEffect, useId, useState } from 'react';
import { parseColor } from '../../../../engine/doc/color';

export const SWATCHES = [
  '#FFFFFFFF',
  '#000000FF',
  '#F3F4F6FF',
  '#9CA3AFFF',
  '#EF4444FF',
  '#F97316FF',
  '#FACC15FF',
  '#22C55EFF',
  '#14B8A6FF',
  '#3B82F6FF',
  '#6366F1FF',
  '#EC4899FF',
  '#FDE2E4FF',
  '#DCEBFFFF',
  '#E7F8EDFF',
  '#FFF4D6FF',
];

interface Props {
  label: string;
  value: string;
  /** `first` is true for the first change of a picker session or any single change (starts an undo step). */
  onChange(hex: string, first: boolean): void;
  noneLabel?: string;
  testId: string;
}

/** The `#RRGGBB` part of a colour for <input type="color">, which knows no alpha. */
function rgbOf(hex: string): string {
  try {
    return parseColor(hex).hex.slice(0, 7).toLowerCase();
  } catch {
    return '#ffffff';
  }
}

/** The alpha byte of a colour, kept when the system picker (no alpha) changes it. */
function alphaOf(hex: string): string {
  try {
    return parseColor(hex).hex.slice(7, 9);
  } catch {
    return 'FF';
  }
}

export function ColorField({ label, value, onChange, noneLabel, testId }: Props) {
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState(value);
  const [error, setError] = useState('');
  const [pickerStarted, setPickerStarted] = useState(false);

  useEffect(() => {
    setText(value);
    setError('');
  }, [value]);

  const commitText = () => {
    if (text.trim() === value) return;
    if (noneLabel && text.trim() === '') return onChange('', true);
    try {
      const parsed = parseColor(text);
      setError('');
      onChange(parsed.hex, true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <fieldset className="ed-field ed-color" data-testid={testId}>
      <legend className="ed-field__label">{label}</legend>
      <div className="ed-swatches">
        {noneLabel && (
          <button
            type="button"
            className={`ed-swatch ed-swatch--none${value === '' ? ' is-active' : ''}`}
            aria-label={noneLabel}
            aria-pressed={value === ''}
            title={noneLabel}
            onClick={() => onChange('', true)}
            data-testid={`${testId}.none`}
          />
        )}
        {SWATCHES.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className={`ed-swatch${value.toUpperCase() === swatch ? ' is-active' : ''}`}
            style={{ background: swatch.slice(0, 7) }}
            aria-label={swatch.slice(0, 7)}
            aria-pressed={value.toUpperCase() === swatch}
            onClick={() => onChange(swatch, true)}
          />
        ))}
      </div>
      <div className="ed-color__inputs">
        <input
          type="color"
          className="ed-color__picker"
          aria-label={label}
          value={rgbOf(value)}
          onFocus={() => setPickerStarted(false)}
          onBlur={() => setPickerStarted(false)}
          onChange={(event) => {
            onChange(`${event.target.value.toUpperCase()}${alphaOf(value)}`, !pickerStarted);
            setPickerStarted(true);
          }}
          data-testid={`${testId}.picker`}
        />
        <input
          id={id}
          className={`ed-input ed-color__hex${error ? ' is-invalid' : ''}`}
          value={text}
          spellCheck={false}
          autoComplete="off"
          placeholder="#RRGGBBAA"
          aria-label={label}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError('');
          }}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitText();
          }}
          data-testid={`${testId}.hex`}
        />
      </div>
      {error && (
        <p id={errorId} className="ed-field__error" role="alert" data-testid={`${testId}.error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
