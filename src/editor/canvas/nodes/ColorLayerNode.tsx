/** A colour layer (the background colour): one filled Konva.Rect over the layer's box. */
import { memo } from 'react';
import { Rect } from 'react-konva';
import { toCssColor } from '../../../../engine/doc/color';
import type { Layer } from '../../../../engine/doc/types';
import { layerNodeAttrs } from './layerAttrs';
import { useScene } from './sceneContext';

export const ColorLayerNode = memo(function ColorLayerNode({ layer }: { layer: Layer }) {
  const { interactive } = useScene();
  const color = layer.value.valueType === 'color' ? layer.value.color.color : '';
  const { w, h } = layer.rect;
  return <Rect {...layerNodeAttrs(layer, { width: w, height: h }, interactive)} width={w} height={h} fill={toCssColor(color)} />;
});
