/**
 * The reflection under a layer: its bottom part mirrored below it (engine reflectionGeometry, in
 * the layer's local frame: it turns with the layer), faded to transparent, drawn once into an
 * offscreen canvas and shown as a Konva Image.
 */
import { memo, useMemo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import type { ReflectionParams } from '../../../../engine/doc/types';
import { reflectionGeometry } from '../../../../engine/effects/reflection';
import { reflectionCanvas } from '../../render/effectCanvases';
import type { LayerRaster } from '../../render/rasterize';

export const ReflectionNode = memo(function ReflectionNode({ raster, params }: { raster: LayerRaster; params: ReflectionParams }) {
  const reflection = useMemo(() => {
    const g = reflectionGeometry(params, { x: 0, y: 0, w: raster.box.width, h: raster.box.height });
    const xs = g.quad.map((p) => p.x);
    const x = Math.min(...xs);
    const bounds = { x, y: g.y, width: Math.max(1e-3, Math.max(...xs) - x), height: Math.max(1e-3, g.height) };
    return { image: reflectionCanvas(raster, g, bounds), bounds };
  }, [raster, params]);
  const { bounds } = reflection;
  return <KonvaImage name="fx-reflection" image={reflection.image} x={bounds.x} y={bounds.y} width={bounds.width} height={bounds.height} listening={false} />;
});
