/** Picks the node component for a layer's value type. Memoised on the layer object: layers are
 * immutable, so an unchanged layer is never re-rendered (selection changes re-render none).
 * A layer with shadow, outline, reflection or a blend mode goes through EffectedLayer; one
 * without draws as its node alone (adjust/filter are handled inside ImageLayerNode). */
import { type ComponentType, memo, useMemo } from 'react';
import type { Layer } from '../../../../engine/doc/types';
import { EffectedLayer } from '../effectNodes/EffectedLayer';
import { isPlainPlan, layerEffectsPlan } from '../../render/layerEffectsPlan';
import type { NodeFx } from '../effectNodes/nodeFx';
import { ColorfulTextLayerNode } from './ColorfulTextLayerNode';
import { ColorLayerNode } from './ColorLayerNode';
import { ImageLayerNode } from './ImageLayerNode';
import { ShapeLayerNode } from './ShapeLayerNode';
import { TextLayerNode } from './TextLayerNode';

type NodeComponent = ComponentType<{ layer: Layer; fx?: NodeFx }>;

function nodeComponent(layer: Layer): NodeComponent | null {
  switch (layer.value.valueType) {
    case 'img':
      return ImageLayerNode;
    case 'color':
      return ColorLayerNode;
    case 'text':
      return TextLayerNode;
    case 'colorfulText':
      return ColorfulTextLayerNode;
    case 'shape':
      return ShapeLayerNode;
    default:
      return null;
  }
}

export const LayerNode = memo(function LayerNode({ layer, below }: { layer: Layer; below?: readonly Layer[] }) {
  const Node = nodeComponent(layer);
  const { shadowParams, outlineParams, reflectionParams, blendParams } = layer;
  const plain = useMemo(
    () => isPlainPlan(layerEffectsPlan({ shadowParams, outlineParams, reflectionParams, blendParams })),
    [shadowParams, outlineParams, reflectionParams, blendParams],
  );
  if (!Node) return null;
  return plain ? <Node layer={layer} /> : <EffectedLayer layer={layer} below={below} Node={Node} />;
});
