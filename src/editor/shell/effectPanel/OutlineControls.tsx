/**
 * The "outline" kind: the six line types as icon buttons (0 switches it off), width (default 20),
 * colour, smoothing and softness 0..8, and the distance from the shape. A type click is one undo
 * step, a drag one step, a colour-picker session one step.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_OUTLINE_COLOR, DEFAULT_OUTLINE_SIZE } from '../../../../engine/doc/defaults';
import type { OutlineParams, OutlineType } from '../../../../engine/doc/types';
import { OUTLINE_BLUR_MAX, OUTLINE_SMOOTH_MAX, OUTLINE_TYPES } from '../../../../engine/effects/outline';
import { ColorField } from '../props/ColorField';
import { GestureSlider } from './GestureSlider';
import { OutlineTypeIcon } from './EffectIcon';
import { withOutlineField, withOutlineType } from '../../../../engine/effects/effectDefaults';
import type { Gesture } from '../props/useGesture';
import type { EffectWriter } from './useEffectWriter';

const TYPES = Object.keys(OUTLINE_TYPES).map(Number) as OutlineType[];
/** Width and distance sliders, in layer pixels. */
const SIZE_MAX = 100;
const DISTANCE_MAX = 100;

export function OutlineControls({ value, writer }: { value: OutlineParams | null; writer: EffectWriter }) {
  const { t } = useTranslation();
  const labelId = useId();
  const type = value?.enabled ? value.type : 0;
  const update = <K extends keyof OutlineParams>(key: K, next: OutlineParams[K], via?: Gesture | boolean) =>
    writer.update('outlineParams', (current) => withOutlineField(current, key, next), via);

  const slider = (key: 'size' | 'smooth' | 'blur' | 'distance', max: number, fallback: number) => (
    <GestureSlider
      label={t(`effects.outline.${key}`)}
      value={Math.round(value?.[key] ?? fallback)}
      min={0}
      max={max}
      gestureLabel={writer.gestureLabel}
      onChange={(next, gesture) => update(key, next, gesture)}
      testId={`effects.outline.${key}`}
    />
  );

  return (
    <>
      <div className="ed-field">
        <span className="ed-field__label" id={labelId}>
          {t('effects.outline.type')}
        </span>
        <div className="fx-outline-types" role="group" aria-labelledby={labelId}>
          {TYPES.map((entry) => {
            const label = t(`effects.outline.types.${OUTLINE_TYPES[entry]}`);
            return (
              <button
                key={entry}
                type="button"
                className={`ed-icon-button${type === entry ? ' is-active' : ''}`}
                aria-pressed={type === entry}
                aria-label={label}
                title={label}
                onClick={() => writer.update('outlineParams', (current) => withOutlineType(current, entry))}
                data-testid={`effects.outline.type.${entry}`}
              >
                <OutlineTypeIcon type={entry} />
              </button>
            );
          })}
        </div>
      </div>
      {type !== 0 && (
        <>
          {slider('size', SIZE_MAX, DEFAULT_OUTLINE_SIZE)}
          <ColorField
            label={t('effects.outline.color')}
            value={value?.color ?? DEFAULT_OUTLINE_COLOR}
            onChange={(color, first) => update('color', color, first)}
            testId="effects.outline.color"
          />
          {slider('smooth', OUTLINE_SMOOTH_MAX, 0)}
          {slider('blur', OUTLINE_BLUR_MAX, 0)}
          {slider('distance', DISTANCE_MAX, 0)}
        </>
      )}
    </>
  );
}
