/**
 * The 3D (projected) shadow under a layer: its silhouette in the shadow colour, laid on the ground
 * behind it with a 45° perspective (projectedShadow.ts), faded by shapeGradient and blurred; one
 * cached canvas shown as a Konva Image in the layer's local frame.
 */
import { memo, useMemo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import { toCssColor } from '../../../../engine/doc/color';
import type { ShadowParams } from '../../../../engine/doc/types';
import { projectedShadowCanvas } from '../../render/effectCanvases';
import { projectedShadowPlan } from '../../render/projectedShadow';
import type { LayerRaster } from '../../render/rasterize';

export const ProjectedShadowNode = memo(function ProjectedShadowNode({ raster, params }: { raster: LayerRaster; params: ShadowParams }) {
  const shadow = useMemo(() => {
    const plan = projectedShadowPlan(params, raster.box);
    return { image: projectedShadowCanvas(raster, plan, toCssColor(params.color)), bounds: plan.bounds };
  }, [raster, params]);
  const { bounds } = shadow;
  return <KonvaImage name="fx-shadow3d" image={shadow.image} x={bounds.x} y={bounds.y} width={bounds.width} height={bounds.height} listening={false} />;
});
