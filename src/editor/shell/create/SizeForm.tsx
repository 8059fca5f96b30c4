/**
 * Width × height inputs for a custom canvas, each checked (whole number, 16..8192) with the
 * problem shown under the field; submit only with both valid.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CANVAS_MAX_SIDE, CANVAS_MIN_SIDE, checkSide, type SideCheck } from '../../templates';

interface Props {
  initial?: { width: number; height: number };
  submitLabel: string;
  busy?: boolean;
  onSubmit(width: number, height: number): void;
  testId: string;
}

export function SizeForm({ initial, submitLabel, busy = false, onSubmit, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [width, setWidth] = useState(String(initial?.width ?? 1080));
  const [height, setHeight] = useState(String(initial?.height ?? 1080));
  const [touched, setTouched] = useState(false);
  const w = checkSide(width);
  const h = checkSide(height);
  const limits = { min: CANVAS_MIN_SIDE, max: CANVAS_MAX_SIDE };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (w.ok && h.ok) onSubmit(w.value, h.value);
  };

  const field = (key: 'width' | 'height', value: string, set: (v: string) => void, check: SideCheck) => {
    const errorId = `${id}-${key}-error`;
    const showError = touched && !check.ok;
    return (
      <div className="ed-field ed-size-field">
        <label htmlFor={`${id}-${key}`} className="ed-field__label">
          {t(`editor.sizes.${key}`)}
        </label>
        <input
          id={`${id}-${key}`}
          className={`ed-input${showError ? ' is-invalid' : ''}`}
          inputMode="numeric"
          value={value}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => {
            set(event.target.value);
            setTouched(true);
          }}
          data-testid={`${testId}.${key}`}
        />
        {showError && !check.ok && (
          <p id={errorId} className="ed-field__error" role="alert" data-testid={`${testId}.${key}.error`}>
            {t(`editor.sizes.errors.${check.error}`, limits)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="ed-size-form" onSubmit={submit} noValidate data-testid={testId}>
      <div className="ed-size-form__fields">
        {field('width', width, setWidth, w)}
        <span className="ed-size-form__times" aria-hidden="true">
          ×
        </span>
        {field('height', height, setHeight, h)}
      </div>
      <p className="ed-hint">{t('editor.sizes.limits', limits)}</p>
      <button type="submit" className="button button--primary" disabled={busy} data-testid={`${testId}.submit`}>
        {submitLabel}
      </button>
    </form>
  );
}
