/** Picks the node component for a layer's value type. Memoised on the layer object: layers are
 * immutable, so an unchanged layer is never re-rendered (selection changes re-render none). */
import { memo } from 'react';
import type { Layer } from '../../../../engine/doc/types';
import { ColorfulTextLayerNode } from './ColorfulTextLayerNode';
import { ColorLayerNode } from './ColorLayerNode';
import { ImageLayerNode } from './ImageLayerNode';
import { TextLayerNode } from './TextLayerNode';

export const LayerNode = memo(function LayerNode({ layer }: { layer: Layer }) {
  switch (layer.value.valueType) {
    case 'img':
      return <ImageLayerNode layer={layer} />;
    case 'color':
      return <ColorLayerNode layer={layer} />;
    case 'text':
      return <TextLayerNode layer={layer} />;
    case 'colorfulText':
      return <ColorfulTextLayerNode layer={layer} />;
    default:
      return null;
  }
});
