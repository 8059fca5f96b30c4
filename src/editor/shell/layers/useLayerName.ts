import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../../engine/doc/types';
import { layerLabel } from '../../../../engine/layerLabel';

/** A layer's name in the UI language: the user's name, else derived ("Text: Hello", "Image"…). */
export function useLayerName(): (layer: Layer) => string {
  const { t } = useTranslation();
  return useCallback(
    (layer: Layer) => {
      const { name, kind, text } = layerLabel(layer);
      if (name) return name;
      // Shapes are named by their kind ("Rectangle", "Line"), in the designer section of the locales.
      if (kind === 'shape' && layer.value.valueType === 'shape') return t(`designer.shapes.${layer.value.shape.kind}`);
      return kind === 'text' && text ? t('editor.layers.kind.textWith', { text, interpolation: { escapeValue: false } }) : t(`editor.layers.kind.${kind}`);
    },
    [t],
  );
}
