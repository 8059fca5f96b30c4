/**
 * A layer with effects beyond adjust/filter: its node (flat shadow, W3C blend mode and blend
 * opacity set on it through NodeFx), with, in the layer's local frame,
 *   under it: reflection, 3D shadow, outline (made from the node's own pixels, rasterize.ts);
 *   over it: the pre-blended copy for the blend modes a canvas lacks (the node is then drawn at
 *            opacity 0: it still hit-tests, selects and transforms as before).
 * The two effect groups follow the node's transform attribute by attribute, so they move with it
 * during drags and Transformer gestures before the document is written.
 */
import type Konva from 'konva';
import { type ComponentType, memo, useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Group, Image as KonvaImage } from 'react-konva';
import type { Layer } from '../../../../engine/doc/types';
import { layerOpacity } from '../nodes/layerAttrs';
import { useScene } from '../sceneContext';
import { konvaShadowAttrs, layerEffectsPlan, needsRaster } from '../../render/layerEffectsPlan';
import type { NodeFx } from './nodeFx';
import { OutlineShapes } from './OutlineShapes';
import { ProjectedShadowNode } from './ProjectedShadowNode';
import { type LayerRaster, rasterizeNode } from '../../render/rasterize';
import { ReflectionNode } from './ReflectionNode';
import { useBackdropBlend } from './useBackdropBlend';

const FOLLOWED = ['x', 'y', 'rotation', 'scaleX', 'scaleY', 'skewX', 'skewY', 'offsetX', 'offsetY', 'visible'] as const;
const FOLLOW_EVENTS = FOLLOWED.map((attr) => `${attr}Change.fx`).join(' ');

function follow(node: Konva.Node, groups: Array<Konva.Group | null>): void {
  const attrs: Record<string, unknown> = {};
  for (const attr of FOLLOWED) attrs[attr] = node.getAttr(attr) ?? (attr === 'visible' ? true : attr.startsWith('scale') ? 1 : 0);
  for (const group of groups) group?.setAttrs(attrs);
}

export interface EffectedLayerProps {
  layer: Layer;
  /** The layers under this one (only for backdrop blend modes). */
  below?: readonly Layer[];
  Node: ComponentType<{ layer: Layer; fx?: NodeFx }>;
}

export const EffectedLayer = memo(function EffectedLayer({ layer, below, Node }: EffectedLayerProps) {
  const scene = useScene();
  const { shadowParams, outlineParams, reflectionParams, blendParams } = layer;
  const plan = useMemo(
    () => layerEffectsPlan({ shadowParams, outlineParams, reflectionParams, blendParams }),
    [shadowParams, outlineParams, reflectionParams, blendParams],
  );
  const [node, setNode] = useState<Konva.Node | null>(null);
  const [contentVersion, contentChanged] = useReducer((n: number) => n + 1, 0);
  const wantRaster = needsRaster(plan);
  const [raster, setRaster] = useState<LayerRaster | null>(null);

  // Rasterize after the commit that changed the node's pixels (not on moves: they keep them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: contentVersion marks a change of the node's pixels (the node object stays the same)
  useLayoutEffect(() => {
    setRaster(node && wantRaster ? rasterizeNode(node, scene.pixelRatio) : null);
  }, [node, wantRaster, contentVersion, scene.pixelRatio]);

  const blended = useBackdropBlend(layer, below, raster, plan.blend, scene);
  const { w, h } = layer.rect;
  const shadow = useMemo(
    () => (plan.shadow ? konvaShadowAttrs(plan.shadow, w, h, layer.flipH, layer.flipV) : null),
    [plan.shadow, w, h, layer.flipH, layer.flipV],
  );
  const opacity = layerOpacity(layer) * plan.blend.opacity;
  const ref = useCallback((next: Konva.Node | null) => setNode(next), []);
  const fx = useMemo<NodeFx>(
    () => ({
      ref,
      // A pre-blended copy carries the shadow (the node itself is then invisible).
      shadow: blended ? null : shadow,
      globalCompositeOperation: plan.blend.compositeOp,
      opacity: blended ? 0 : opacity,
      onContent: contentChanged,
    }),
    [ref, blended, shadow, plan.blend.compositeOp, opacity],
  );

  const under = useRef<Konva.Group>(null);
  const over = useRef<Konva.Group>(null);
  useLayoutEffect(() => {
    if (!node) return;
    const sync = () => follow(node, [under.current, over.current]);
    sync();
    node.on(FOLLOW_EVENTS, sync);
    return () => {
      node.off(FOLLOW_EVENTS, sync);
    };
  });

  const showUnder = raster && (plan.reflection || plan.shadow3D || plan.outline);
  return (
    <>
      {showUnder && (
        <Group ref={under} name="fx-under" listening={false} opacity={layerOpacity(layer)}>
          {plan.reflection && <ReflectionNode raster={raster} params={plan.reflection} />}
          {plan.shadow3D && <ProjectedShadowNode raster={raster} params={plan.shadow3D} />}
          {plan.outline && <OutlineShapes raster={raster} params={plan.outline} pixelRatio={scene.pixelRatio} />}
        </Group>
      )}
      <Node layer={layer} fx={fx} />
      {blended && raster && (
        <Group ref={over} name="fx-over" listening={false}>
          <KonvaImage image={blended} width={raster.box.width} height={raster.box.height} opacity={opacity} {...(shadow ?? {})} listening={false} />
        </Group>
      )}
    </>
  );
});
