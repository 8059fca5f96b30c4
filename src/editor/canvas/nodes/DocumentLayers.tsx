/**
 * The document's layers, bottom to top, hidden ones skipped. Used by the live stage and by the
 * export renderer, so what is exported is what is seen.
 */
import { memo } from 'react';
import type { Layer } from '../../../../engine/doc/types';
import { LayerNode } from './LayerNode';

export const DocumentLayers = memo(function DocumentLayers({ layers }: { layers: readonly Layer[] }) {
  return (
    <>
      {layers.map((layer) => (layer.visible === false ? null : <LayerNode key={layer.layerId} layer={layer} />))}
    </>
  );
});
