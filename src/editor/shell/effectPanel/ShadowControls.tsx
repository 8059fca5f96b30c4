/**
 * The "shadow" kind: presets, offsets, blur, opacity (default 100), colour, and the 3D (projected)
 * shadow's angle, length and fade. Text layers start from the text shadow preset. Each preset
 * click is one undo step, each drag one step, a colour-picker session one step.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShadowParams } from '../../../../engine/doc/types';
import { SHADOW_PRESETS } from '../../../../engine/effects/shadow';
import { ColorField } from '../props/ColorField';
import { GestureSlider } from './GestureSlider';
import { TEXT_SHADOW_PRESET_ID, withShadowField, withShadowPreset, type PanelShadowPresetId } from '../../../../engine/effects/effectDefaults';
import type { Gesture } from '../props/useGesture';
import type { EffectWriter } from './useEffectWriter';

type NumericKey = 'xOffset' | 'yOffset' | 'blur' | 'opacity' | 'shapeAngle' | 'shapeLength' | 'shapeGradient';

/** Slider ranges of the stored shadow numbers (engine/effects/shadow.ts maps them onto pixels). */
const RANGES: Record<NumericKey, { min: number; max: number }> = {
  xOffset: { min: -100, max: 100 },
  yOffset: { min: -100, max: 100 },
  blur: { min: 0, max: 100 },
  opacity: { min: 0, max: 100 },
  shapeAngle: { min: -180, max: 180 },
  shapeLength: { min: 0, max: 100 },
  shapeGradient: { min: 0, max: 100 },
};

interface Props {
  value: ShadowParams | null;
  writer: EffectWriter;
  forText: boolean;
}

export function ShadowControls({ value, writer, forText }: Props) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const presets: PanelShadowPresetId[] = SHADOW_PRESETS.map((preset) => preset.id);
  if (forText) presets.unshift(TEXT_SHADOW_PRESET_ID);
  const update = <K extends keyof ShadowParams>(key: K, next: ShadowParams[K], via?: Gesture | boolean) =>
    writer.update('shadowParams', (current) => withShadowField(current, key, next), via);

  const slider = (key: NumericKey, format?: (v: number) => string) => (
    <GestureSlider
      label={t(`effects.shadow.${key}`)}
      value={Math.round(value?.[key] ?? 0)}
      min={RANGES[key].min}
      max={RANGES[key].max}
      format={format}
      gestureLabel={writer.gestureLabel}
      onChange={(next, gesture) => update(key, next, gesture)}
      testId={`effects.shadow.${key}`}
    />
  );

  return (
    <>
      <div className="ed-field">
        <span className="ed-field__label">{t('effects.shadow.presets')}</span>
        <div className="fx-presets" role="group" aria-label={t('effects.shadow.presets')}>
          {presets.map((id) => (
            <button
              key={id}
              type="button"
              className={`fx-preset${value?.presetId === id ? ' is-active' : ''}`}
              aria-pressed={value?.presetId === id}
              onClick={() => writer.update('shadowParams', (current) => withShadowPreset(current, id))}
              data-testid={`effects.shadow.preset.${id}`}
            >
              {t(`effects.shadow.presetNames.${id}`)}
            </button>
          ))}
        </div>
      </div>
      {slider('xOffset')}
      {slider('yOffset')}
      {slider('blur')}
      {slider('opacity')}
      <ColorField
        label={t('effects.shadow.color')}
        value={value?.color ?? '#000000FF'}
        onChange={(color, first) => update('color', color, first)}
        testId="effects.shadow.color"
      />
      <label className="fx-checkbox">
        <input
          type="checkbox"
          checked={!!value?.is3DShadow}
          onChange={(event) => update('is3DShadow', event.target.checked)}
          data-testid="effects.shadow.is3D"
        />
        {t('effects.shadow.is3D')}
      </label>
      {value?.is3DShadow && (
        <>
          {slider('shapeAngle', (v) => `${number.format(v)}°`)}
          {slider('shapeLength')}
          {slider('shapeGradient')}
        </>
      )}
    </>
  );
}
