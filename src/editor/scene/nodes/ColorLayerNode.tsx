/** A colour layer (the background colour): one filled Konva.Rect over the layer's box. */
import { memo } from 'react';
import { Rect } from 'react-konva';
import { toCssColor } from '../../../../engine/doc/color';
import type { Layer } from '../../../../engine/doc/types';
import { type NodeFx, fxNodeAttrs, useContentSignal } from '../effectNodes/nodeFx';
import { layerNodeAttrs } from './layerAttrs';
import { useScene } from '../sceneContext';

export const ColorLayerNode = memo(function ColorLayerNode({ layer, fx }: { layer: Layer; fx?: NodeFx }) {
  const { interactive } = useScene();
  const color = layer.value.valueType === 'color' ? layer.value.color.color : '';
  const { w, h } = layer.rect;
  useContentSignal(fx, [color, w, h]);
  return <Rect {...layerNodeAttrs(layer, { width: w, height: h }, interactive)} {...fxNodeAttrs(fx, true)} width={w} height={h} fill={toCssColor(color)} />;
});
