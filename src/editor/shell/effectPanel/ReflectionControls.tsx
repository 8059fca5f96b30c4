/**
 * The "reflection" kind (its on/off switch sits in the heading): opacity next to the layer, the
 * gap below it, how much of the layer is mirrored, and the slant. One drag is one undo step; the
 * derived fields of SPEC §3 are stored beside the inputs for the layer's current rect.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReflectionParams } from '../../../../engine/doc/types';
import { REFLECTION_ANGLE_MAX } from '../../../../engine/effects/reflection';
import { GestureSlider } from './GestureSlider';
import { withReflectionField } from '../../../../engine/effects/effectDefaults';
import type { EffectWriter } from './useEffectWriter';

type Key = 'opacity' | 'distance' | 'scope' | 'angle';

const RANGES: Record<Key, { min: number; max: number }> = {
  opacity: { min: 0, max: 100 },
  distance: { min: 0, max: 100 },
  scope: { min: 0, max: 100 },
  angle: { min: -REFLECTION_ANGLE_MAX, max: REFLECTION_ANGLE_MAX },
};

export function ReflectionControls({ value, writer }: { value: ReflectionParams | null; writer: EffectWriter }) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const percent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent' }), [i18n.language]);
  const slider = (key: Key) => (
    <GestureSlider
      key={key}
      label={t(`effects.reflection.${key}`)}
      value={Math.round(value?.[key] ?? 0)}
      min={RANGES[key].min}
      max={RANGES[key].max}
      format={key === 'angle' ? (v) => `${number.format(v)}°` : (v) => percent.format(v / 100)}
      gestureLabel={writer.gestureLabel}
      onChange={(next, gesture) =>
        writer.update('reflectionParams', (current) => withReflectionField(current, key, next, writer.layer()?.rect ?? null), gesture)
      }
      testId={`effects.reflection.${key}`}
    />
  );
  return <>{(['opacity', 'distance', 'scope', 'angle'] as const).map(slider)}</>;
}
