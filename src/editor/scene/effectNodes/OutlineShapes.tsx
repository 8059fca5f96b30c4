/**
 * The outline under a layer: closed Konva Lines along its alpha contour (outlineGeometry), in the
 * layer's local frame. A blurred outline is cached with a native canvas blur filter (Konva CSS
 * filter on the cached group), so a drag redraws one bitmap instead of re-blurring.
 */
import type Konva from 'konva';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { Group, Line } from 'react-konva';
import { toCssColor } from '../../../../engine/doc/color';
import type { OutlineParams } from '../../../../engine/doc/types';
import { outlineGeometry } from '../../render/outlineGeometry';
import { type LayerRaster, rasterAlpha } from '../../render/rasterize';

interface Props {
  raster: LayerRaster;
  params: OutlineParams;
  /** Pixels per content unit the blurred outline is cached at. */
  pixelRatio: number;
}

export const OutlineShapes = memo(function OutlineShapes({ raster, params, pixelRatio }: Props) {
  const group = useRef<Konva.Group>(null);
  const geometry = useMemo(() => {
    const { alpha, width, height } = rasterAlpha(raster);
    return outlineGeometry(alpha, width, height, raster.scale, params);
  }, [raster, params]);
  const color = toCssColor(geometry.color);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new colour must redraw the cached node
  useLayoutEffect(() => {
    const node = group.current;
    if (!node) return;
    if (geometry.blur > 0) {
      // Margin for the blur's reach (3σ) beyond the lines.
      node.cache({ pixelRatio, offset: Math.ceil(geometry.blur * 3) });
      node.filters([`blur(${geometry.blur}px)`]);
    } else if (node.isCached()) {
      node.filters([]);
      node.clearCache();
    }
  }, [geometry, pixelRatio, color]);

  return (
    <Group ref={group} name="fx-outline" listening={false}>
      {geometry.lines.map((line, i) => (
        <Line
          key={i}
          points={line.points}
          closed
          stroke={color}
          strokeWidth={line.strokeWidth}
          dash={geometry.dash ?? undefined}
          dashEnabled={!!geometry.dash}
          lineCap={geometry.lineCap}
          lineJoin="round"
          perfectDrawEnabled={false}
          listening={false}
        />
      ))}
    </Group>
  );
});
