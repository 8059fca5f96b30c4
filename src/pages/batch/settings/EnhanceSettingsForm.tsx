/** Bulk enhancer settings: strength (SPEC §3 Slight, Balance, Strong) and enlargement. */
import { useTranslation } from 'react-i18next';
import type { EnhanceBatchSettings } from '../../../../engine/spec/batch';
import { ENHANCE_STRENGTHS } from '../../../../engine/spec/kinds';
import type { SettingsFormProps } from './types';

export function EnhanceSettingsForm({ value, onChange, disabled, idPrefix }: SettingsFormProps<EnhanceBatchSettings>) {
  const { t } = useTranslation();
  return (
    <div className="batch-form">
      <label className="batch-field" htmlFor={`${idPrefix}-strength`}>
        <span>{t('enhancer.strength')}</span>
        <select
          className="select"
          id={`${idPrefix}-strength`}
          value={value.efMode ?? 'Balance'}
          disabled={disabled}
          onChange={(e) => onChange({ efMode: e.target.value as EnhanceBatchSettings['efMode'] })}
        >
          {ENHANCE_STRENGTHS.map((s) => (
            <option key={s} value={s}>
              {t(`enhancer.strengths.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="batch-field" htmlFor={`${idPrefix}-scale`}>
        <span>{t('enhancer.scale')}</span>
        <select
          className="select"
          id={`${idPrefix}-scale`}
          value={value.scale ?? 4}
          disabled={disabled}
          onChange={(e) => onChange({ scale: Number(e.target.value) as 2 | 4 })}
        >
          <option value={2}>2×</option>
          <option value={4}>4×</option>
        </select>
      </label>
      <p className="muted small">{t('enhancer.strengthHint')}</p>
    </div>
  );
}
