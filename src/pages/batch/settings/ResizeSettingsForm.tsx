/**
 * Bulk resizer settings (engine/spec/batch.ts ResizeBatchSettings): exact size with keep-aspect and
 * fit / fill / crop, percentage, longest side, or a marketplace or social preset; output format,
 * quality and an optional file-size target.
 */
import { useTranslation } from 'react-i18next';
import {
  RESIZE_FITS,
  RESIZE_FORMATS,
  defaultResizeFit,
  RESIZE_MAX_SIDE,
  RESIZE_MIN_FILE_KB,
  RESIZE_MODES,
  RESIZE_PERCENT_RANGE,
  RESIZE_PRESETS,
  type ResizeBatchSettings,
} from '../../../../engine/spec/batch';
import type { SettingsFormProps } from './types';

/** A number field's value, or undefined while empty. */
const num = (raw: string) => (raw.trim() === '' ? undefined : Number(raw));

export function ResizeSettingsForm({ value, onChange, disabled, idPrefix }: SettingsFormProps<ResizeBatchSettings>) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  const mode = value.mode ?? 'exact';
  const format = value.format ?? 'original';
  const lossy = format === 'jpg' || format === 'webp' || format === 'original';
  const showFit = mode === 'preset' || (mode === 'exact' && value.keepAspect === false);
  // Marketplace presets default to the whole product on white, social ones to a filled frame.
  const defaultFit = defaultResizeFit(mode, value.presetId);
  const preset = RESIZE_PRESETS.find((p) => p.id === value.presetId);

  return (
    <div className="batch-form" data-testid="batch.resize.form">
      {/* Choices as chips, not selects: a select cuts its text off in the sidebar, and the longest labels (a German
          mode, a Thai or Spanish preset) are wider than any sidebar. Chips wrap. */}
      <ChipChoice
        legend={t('batch.resize.mode')}
        name={id('mode')}
        disabled={disabled}
        value={mode}
        testId="batch.resize.mode"
        options={RESIZE_MODES.map((m) => ({ value: m, label: t(`batch.resize.modes.${m}`) }))}
        onChange={(m) => onChange({ mode: m })}
      />

      {mode === 'exact' && (
        <>
          <div className="batch-row">
            <label className="batch-field" htmlFor={id('width')}>
              <span>{t('batch.resize.width')}</span>
              <input
                id={id('width')}
                type="number"
                inputMode="numeric"
                min={1}
                max={RESIZE_MAX_SIDE}
                value={value.width ?? ''}
                disabled={disabled}
                onChange={(e) => onChange({ width: num(e.target.value) })}
              />
            </label>
            <label className="batch-field" htmlFor={id('height')}>
              <span>{t('batch.resize.height')}</span>
              <input
                id={id('height')}
                type="number"
                inputMode="numeric"
                min={1}
                max={RESIZE_MAX_SIDE}
                value={value.height ?? ''}
                disabled={disabled}
                onChange={(e) => onChange({ height: num(e.target.value) })}
              />
            </label>
          </div>
          <label className="batch-check" htmlFor={id('keep')}>
            <input
              id={id('keep')}
              type="checkbox"
              checked={value.keepAspect ?? true}
              disabled={disabled}
              onChange={(e) => onChange({ keepAspect: e.target.checked })}
            />
            <span>{t('batch.resize.keepAspect')}</span>
          </label>
        </>
      )}

      {mode === 'percentage' && (
        <label className="batch-field" htmlFor={id('percent')}>
          <span>{t('batch.resize.percent')}</span>
          <input
            id={id('percent')}
            type="number"
            inputMode="numeric"
            min={RESIZE_PERCENT_RANGE[0]}
            max={RESIZE_PERCENT_RANGE[1]}
            value={value.percent ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ percent: num(e.target.value) })}
          />
        </label>
      )}

      {mode === 'longestSide' && (
        <label className="batch-field" htmlFor={id('longest')}>
          <span>{t('batch.resize.longestSide')}</span>
          <input
            id={id('longest')}
            type="number"
            inputMode="numeric"
            min={1}
            max={RESIZE_MAX_SIDE}
            value={value.longestSide ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ longestSide: num(e.target.value) })}
          />
        </label>
      )}

      {/* A new preset brings its own default fit (marketplace: the whole product on white; social: filled). */}
      {mode === 'preset' && (
        <fieldset className="batch-field batch-presets" disabled={disabled}>
          {/* The mode chip above already says "preset": the name is for screen readers, the groups are seen. */}
          <legend className="visually-hidden">{t('batch.resize.preset')}</legend>
          {(['marketplace', 'social'] as const).map((group) => (
            <ChipChoice
              key={group}
              legend={t(`batch.resize.presetGroups.${group}`)}
              name={id('preset')}
              value={value.presetId}
              testId="batch.resize.preset"
              small
              options={RESIZE_PRESETS.filter((p) => p.group === group).map((p) => ({
                value: p.id,
                label: t(`batch.resize.presets.${p.id}`),
                title: `${p.width} × ${p.height} px`,
              }))}
              onChange={(presetId) => onChange({ presetId, fit: undefined })}
            />
          ))}
          <p className="batch-hint" data-testid="batch.resize.presetSize">
            {preset ? `${t(`batch.resize.presets.${preset.id}`)} · ${preset.width} × ${preset.height} px` : t('batch.resize.choosePreset')}
          </p>
        </fieldset>
      )}

      {showFit && (
        <ChipChoice
          legend={t('batch.resize.fit')}
          name={id('fit')}
          disabled={disabled}
          value={value.fit ?? defaultFit}
          testId="batch.resize.fit"
          options={RESIZE_FITS.map((f) => ({ value: f, label: t(`batch.resize.fits.${f}`), title: t(`batch.resize.fitHints.${f}`) }))}
          onChange={(f) => onChange({ fit: f })}
        />
      )}

      {mode !== 'percentage' && (
        <label className="batch-check" htmlFor={id('noup')}>
          <input
            id={id('noup')}
            type="checkbox"
            checked={value.noUpscale ?? false}
            disabled={disabled}
            onChange={(e) => onChange({ noUpscale: e.target.checked })}
          />
          <span>{t('batch.resize.noUpscale')}</span>
        </label>
      )}

      {/* The format has a row of its own: beside the quality its select cut "Same as the original" off. */}
      <label className="batch-field" htmlFor={id('format')}>
        <span>{t('batch.resize.format')}</span>
        <select
          className="select"
          id={id('format')}
          value={format}
          disabled={disabled}
          onChange={(e) => onChange({ format: e.target.value as ResizeBatchSettings['format'] })}
        >
          {RESIZE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f === 'original' ? t('batch.resize.sameFormat') : f.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      {lossy && (
        <label className="batch-field" htmlFor={id('quality')}>
          <span>{t('batch.resize.quality')}</span>
          <input
            id={id('quality')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={value.quality ?? ''}
            placeholder="90"
            disabled={disabled}
            onChange={(e) => onChange({ quality: num(e.target.value) })}
          />
        </label>
      )}

      <label className="batch-field" htmlFor={id('maxkb')}>
        <span>{t('batch.resize.maxFileKB')}</span>
        <input
          id={id('maxkb')}
          type="number"
          inputMode="numeric"
          min={RESIZE_MIN_FILE_KB}
          value={value.maxFileKB ?? ''}
          placeholder={t('batch.resize.noLimit')}
          disabled={disabled}
          onChange={(e) => onChange({ maxFileKB: num(e.target.value) })}
        />
      </label>
    </div>
  );
}

interface ChipOption<T extends string> {
  value: T;
  label: string;
  title?: string;
}

/** One choice of a few as a row of chips (radio buttons): labels wrap where a select would cut them off. */
function ChipChoice<T extends string>(p: {
  legend: string;
  name: string;
  value: T | undefined;
  options: ChipOption<T>[];
  onChange(value: T): void;
  testId: string;
  disabled?: boolean;
  small?: boolean;
}) {
  return (
    <fieldset className={`batch-field${p.small ? ' batch-field--sub' : ''}`} disabled={p.disabled}>
      <legend>{p.legend}</legend>
      <div className="chip-row batch-chips" data-testid={p.testId}>
        {p.options.map((o) => (
          <label key={o.value} className={`chip${p.value === o.value ? ' is-active' : ''}`} title={o.title} data-testid={`${p.testId}.${o.value}`}>
            <input type="radio" className="visually-hidden" name={p.name} value={o.value} checked={p.value === o.value} onChange={() => p.onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
