/** Opacity of the selected layers, 0..100; one drag is one undo step. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setOpacity } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { SliderField } from './SliderField';
import { useGesture } from './useGesture';

export function OpacityControl({ layers }: { layers: Layer[] }) {
  const { t, i18n } = useTranslation();
  const gesture = useGesture();
  const ids = layers.map((layer) => layer.layerId);
  const value = Math.round(layers[0]?.opacity ?? 100);
  const percent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent' }), [i18n.language]);
  return (
    <SliderField
      label={t('editor.props.opacity')}
      value={value}
      min={0}
      max={100}
      format={(v) => percent.format(v / 100)}
      gesture={gesture}
      gestureLabel={setOpacity.name}
      onChange={(opacity) => gesture.exec(setOpacity, { ids, opacity })}
      testId="props.opacity"
    />
  );
}
