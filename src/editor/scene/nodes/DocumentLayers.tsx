/**
 * The document's layers, bottom to top, hidden ones skipped. Used by the live stage and by the
 * export renderer, so what is exported is what is seen. A layer whose blend mode needs the pixels
 * below it also gets the layers below (so it re-renders when they change; no other layer does).
 */
import { memo } from 'react';
import type { Layer } from '../../../../engine/doc/types';
import { needsBackdrop } from '../../render/canvasEffects';
import { LayerNode } from './LayerNode';

export const DocumentLayers = memo(function DocumentLayers({ layers }: { layers: readonly Layer[] }) {
  return (
    <>
      {layers.map((layer, i) =>
        layer.visible === false ? null : <LayerNode key={layer.layerId} layer={layer} below={needsBackdrop(layer) ? layers.slice(0, i) : undefined} />,
      )}
    </>
  );
});
