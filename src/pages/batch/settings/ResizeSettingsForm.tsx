/**
 * Bulk resizer settings (engine/spec/batch.ts ResizeBatchSettings): exact size with keep-aspect and
 * fit / fill / crop, percentage, longest side, or a marketplace or social preset; output format,
 * quality and an optional file-size target.
 */
import { useTranslation } from 'react-i18next';
import {
  RESIZE_FITS, RESIZE_FORMATS, defaultResizeFit, RESIZE_MAX_SIDE, RESIZE_MIN_FILE_KB, RESIZE_MODES, RESIZE_PERCENT_RANGE, RESIZE_PRESETS,
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

  return (
    <div className="batch-form" data-testid="batch.resize.form">
      <label className="batch-field" htmlFor={id('mode')}>
        <span>{t('batch.resize.mode')}</span>
        <select className="select" id={id('mode')} value={mode} disabled={disabled} onChange={(e) => onChange({ mode: e.target.value as ResizeBatchSettings['mode'] })}>
          {RESIZE_MODES.map((m) => <option key={m} value={m}>{t(`batch.resize.modes.${m}`)}</option>)}
        </select>
      </label>

      {mode === 'exact' && (
        <>
          <div className="batch-row">
            <label className="batch-field" htmlFor={id('width')}>
              <span>{t('batch.resize.width')}</span>
              <input id={id('width')} type="number" inputMode="numeric" min={1} max={RESIZE_MAX_SIDE} value={value.width ?? ''} disabled={disabled} onChange={(e) => onChange({ width: num(e.target.value) })} />
            </label>
            <label className="batch-field" htmlFor={id('height')}>
              <span>{t('batch.resize.height')}</span>
              <input id={id('height')} type="number" inputMode="numeric" min={1} max={RESIZE_MAX_SIDE} value={value.height ?? ''} disabled={disabled} onChange={(e) => onChange({ height: num(e.target.value) })} />
            </label>
          </div>
          <label className="batch-check" htmlFor={id('keep')}>
            <input id={id('keep')} type="checkbox" checked={value.keepAspect ?? true} disabled={disabled} onChange={(e) => onChange({ keepAspect: e.target.checked })} />
            <span>{t('batch.resize.keepAspect')}</span>
          </label>
        </>
      )}

      {mode === 'percentage' && (
        <label className="batch-field" htmlFor={id('percent')}>
          <span>{t('batch.resize.percent')}</span>
          <input id={id('percent')} type="number" inputMode="numeric" min={RESIZE_PERCENT_RANGE[0]} max={RESIZE_PERCENT_RANGE[1]} value={value.percent ?? ''} disabled={disabled} onChange={(e) => onChange({ percent: num(e.target.value) })} />
        </label>
      )}

      {mode === 'longestSide' && (
        <label className="batch-field" htmlFor={id('longest')}>
          <span>{t('batch.resize.longestSide')}</span>
          <input id={id('longest')} type="number" inputMode="numeric" min={1} max={RESIZE_MAX_SIDE} value={value.longestSide ?? ''} disabled={disabled} onChange={(e) => onChange({ longestSide: num(e.target.value) })} />
        </label>
      )}

      {/* A new preset brings its own default fit (marketplace: the whole product on white; social: filled). */}
      {mode === 'preset' && (
        <label className="batch-field" htmlFor={id('preset')}>
          <span>{t('batch.resize.preset')}</span>
          <select className="select" id={id('preset')} value={value.presetId ?? ''} disabled={disabled} onChange={(e) => onChange({ presetId: e.target.value as ResizeBatchSettings['presetId'], fit: undefined })}>
            <option value="" disabled>{t('batch.resize.choosePreset')}</option>
            {(['marketplace', 'social'] as const).map((group) => (
              <optgroup key={group} label={t(`batch.resize.presetGroups.${group}`)}>
                {RESIZE_PRESETS.filter((p) => p.group === group).map((p) => (
                  <option key={p.id} value={p.id}>{`${t(`batch.resize.presets.${p.id}`)} · ${p.width} × ${p.height}`}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      )}

      {showFit && (
        <fieldset className="batch-field" disabled={disabled}>
          <legend>{t('batch.resize.fit')}</legend>
          <div className="chip-row batch-chips">
            {RESIZE_FITS.map((f) => (
              <label key={f} className={`chip${(value.fit ?? defaultFit) === f ? ' is-active' : ''}`} title={t(`batch.resize.fitHints.${f}`)}>
                <input type="radio" className="visually-hidden" name={id('fit')} value={f} checked={(value.fit ?? defaultFit) === f} onChange={() => onChange({ fit: f })} />
                {t(`batch.resize.fits.${f}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {mode !== 'percentage' && (
        <label className="batch-check" htmlFor={id('noup')}>
          <input id={id('noup')} type="checkbox" checked={value.noUpscale ?? false} disabled={disabled} onChange={(e) => onChange({ noUpscale: e.target.checked })} />
          <span>{t('batch.resize.noUpscale')}</span>
        </label>
      )}

      <div className="batch-row">
        <label className="batch-field" htmlFor={id('format')}>
          <span>{t('batch.resize.format')}</span>
          <select className="select" id={id('format')} value={format} disabled={disabled} onChange={(e) => onChange({ format: e.target.value as ResizeBatchSettings['format'] })}>
            {RESIZE_FORMATS.map((f) => <option key={f} value={f}>{f === 'original' ? t('batch.resize.sameFormat') : f.toUpperCase()}</option>)}
          </select>
        </label>
        {lossy && (
          <label className="batch-field" htmlFor={id('quality')}>
            <span>{t('batch.resize.quality')}</span>
            <input id={id('quality')} type="number" inputMode="numeric" min={1} max={100} value={value.quality ?? ''} placeholder="90" disabled={disabled} onChange={(e) => onChange({ quality: num(e.target.value) })} />
          </label>
        )}
      </div>

      <label className="batch-field" htmlFor={id('maxkb')}>
        <span>{t('batch.resize.maxFileKB')}</span>
        <input id={id('maxkb')} type="number" inputMode="numeric" min={RESIZE_MIN_FILE_KB} value={value.maxFileKB ?? ''} placeholder={t('batch.resize.noLimit')} disabled={disabled} onChange={(e) => onChange({ maxFileKB: num(e.target.value) })} />
      </label>
    </div>
  );
}
