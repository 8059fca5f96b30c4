/**
 * The "adjust" kind: one slider per adjustment with its SPEC range (±100, or 0..100 for clarity,
 * sharpen and grain), grouped Light / Colour / Detail / Effects, each group with its reset, and
 * "Reset all". A drag is one undo step, each arrow-key step its own; resets are one step each.
 */
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdjustParams } from '../../../../engine/doc/types';
import { ADJUST_RANGES, PGRAIN_RANGE, isIdentityAdjust, pgrainUniforms, type AdjustKey } from '../../../../engine/effects/adjustRanges';
import { ADJUSTMENTS } from '../../../../engine/doc/adjustRegistry';
import { GestureSlider } from './GestureSlider';
import { ADJUST_GROUPS, adjustOrDefault, isGroupDefault, resetGroup, withAdjust, withPgrain, type PGrainKey } from './adjustGroups';
import { EffectIcon } from './EffectIcon';
import type { EffectWriter } from './useEffectWriter';

interface Props {
  value: AdjustParams | null;
  writer: EffectWriter;
}

export function AdjustPanel({ value, writer }: Props) {
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const params = adjustOrDefault(value);
  const signed = useMemo(() => new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' }), [i18n.language]);
  const decimal = useMemo(() => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [i18n.language]);

  const slider = (key: AdjustKey) => {
    const range = ADJUST_RANGES[key];
    return (
      <GestureSlider
        key={key}
        label={t(ADJUSTMENTS[key].labelKey)}
        value={Math.round(params[key])}
        min={range.min}
        max={range.max}
        format={(v) => (range.min < 0 ? signed.format(v) : String(v))}
        gestureLabel={writer.gestureLabel}
        onChange={(next, gesture) => writer.update('adjustParams', (current) => withAdjust(current, key, next), gesture)}
        testId={`effects.adjust.${key}`}
      />
    );
  };

  const grainSlider = (key: PGrainKey) => (
    <GestureSlider
      key={key}
      label={t(`effects.pgrain.${key}`)}
      value={Math.round(params.pgrain[key])}
      min={PGRAIN_RANGE.min}
      max={PGRAIN_RANGE.max}
      // Roughness reads as the SPEC's 0.25..1 scale it drives; the others as their 0..100 amount.
      format={key === 'roughness' ? (v) => decimal.format(pgrainUniforms({ ...params.pgrain, roughness: v }).roughness) : undefined}
      gestureLabel={writer.gestureLabel}
      onChange={(next, gesture) => writer.update('adjustParams', (current) => withPgrain(current, key, next), gesture)}
      testId={`effects.adjust.pgrain.${key}`}
    />
  );

  return (
    <div className="fx-adjust">
      {ADJUST_GROUPS.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${baseId}-${group.id}`} className="fx-group" data-testid={`effects.adjust.group.${group.id}`}>
          <div className="fx-group__head">
            <h4 id={`${baseId}-${group.id}`} className="fx-group__title">
              {t(`effects.groups.${group.id}`)}
            </h4>
            <button
              type="button"
              className="fx-text-button"
              disabled={isGroupDefault(params, group)}
              onClick={() => writer.update('adjustParams', (current) => resetGroup(current, group))}
              data-testid={`effects.adjust.reset.${group.id}`}
            >
              <EffectIcon name="reset" size={14} />
              {t('effects.reset')}
              <span className="fx-visually-hidden">{t(`effects.groups.${group.id}`)}</span>
            </button>
          </div>
          {group.keys.map(slider)}
          {group.pgrain.length > 0 && (
            <div className="fx-subgroup" role="group" aria-label={t('effects.pgrain.title')}>
              <span className="fx-subgroup__title">{t('effects.pgrain.title')}</span>
              {group.pgrain.map(grainSlider)}
            </div>
          )}
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={isIdentityAdjust(value)}
        onClick={() => writer.update('adjustParams', () => null)}
        data-testid="effects.adjust.resetAll"
      >
        <EffectIcon name="reset" />
        {t('effects.resetAll')}
      </button>
    </div>
  );
}
