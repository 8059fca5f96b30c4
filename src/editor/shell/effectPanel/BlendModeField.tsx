/** The "blend mode" kind: the 27 modes of SPEC §3 (translated names) and the blend opacity 0..100 % (stored 0..1). */
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BLEND_MODES, type BlendMode, type BlendParams } from '../../../../engine/doc/types';
import { GestureSlider } from './GestureSlider';
import { blendOpacityPercent, withBlendMode, withBlendOpacity } from '../../../../engine/effects/effectDefaults';
import type { EffectWriter } from './useEffectWriter';

export function BlendModeField({ value, writer }: { value: BlendParams | null; writer: EffectWriter }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const percent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent' }), [i18n.language]);
  const mode = value?.mode ?? 'Normal';
  return (
    <>
      <div className="ed-field">
        <label htmlFor={id} className="ed-field__label">
          {t('effects.blend.mode')}
        </label>
        <select
          id={id}
          className="ed-input fx-select"
          value={mode}
          onChange={(event) => writer.update('blendParams', (current) => withBlendMode(current, event.target.value as BlendMode))}
          data-testid="effects.blend"
        >
          {BLEND_MODES.map((entry) => (
            <option key={entry} value={entry}>
              {t(`effects.blend.modes.${entry}`)}
            </option>
          ))}
        </select>
      </div>
      <GestureSlider
        label={t('effects.blend.opacity')}
        value={blendOpacityPercent(value)}
        min={0}
        max={100}
        format={(v) => percent.format(v / 100)}
        gestureLabel={writer.gestureLabel}
        onChange={(next, gesture) => writer.update('blendParams', (current) => withBlendOpacity(current, next), gesture)}
        testId="effects.blend.opacity"
      />
    </>
  );
}
