/**
 * A shape layer (rectangle, ellipse, line): one Konva.Shape drawing in the layer's box, so the
 * Transformer, flips, rotation and effects treat it like any other layer. The outline is drawn
 * inside the box edge (a rectangle's or ellipse's outline never grows past its box).
 */
import type Konva from 'konva';
import { memo, useCallback } from 'react';
import { Group, Shape } from 'react-konva';
import { toCssColor } from '../../../../engine/doc/color';
import type { Layer, ShapeValue } from '../../../../engine/doc/types';
import { type NodeFx, fxNodeAttrs, useContentSignal } from '../effectNodes/nodeFx';
import { layerNodeAttrs } from './layerAttrs';
import { useScene } from '../sceneContext';
import { MaskCutoutNode } from '../mask/MaskCutoutNode';
import { useLayerMask } from '../mask/useLayerMask';

/** Hit area around a thin line, in screen pixels, so it stays easy to pick. */
const LINE_HIT_WIDTH = 24;

/** Traces the shape's path in a w × h box (inset by half the outline for rectangles and ellipses). */
export function traceShape(
  ctx: {
    beginPath(): void;
    moveTo(x: number, y: number): void;
    lineTo(x: number, y: number): void;
    ellipse(...args: number[]): void;
    roundRect?(...args: number[]): void;
    arcTo(x1: number, y1: number, x2: number, y2: number, r: number): void;
    closePath(): void;
  },
  shape: ShapeValue,
  w: number,
  h: number,
): void {
  ctx.beginPath();
  if (shape.kind === 'line') {
    ctx.moveTo(0, h / 2);
    ctx.lineTo(w, h / 2);
    return;
  }
  const inset = shape.stroke ? Math.min(shape.strokeWidth / 2, w / 2, h / 2) : 0;
  const bw = w - inset * 2;
  const bh = h - inset * 2;
  if (shape.kind === 'ellipse') {
    ctx.ellipse(w / 2, h / 2, Math.max(0, bw / 2), Math.max(0, bh / 2), 0, 0, Math.PI * 2);
    ctx.closePath();
    return;
  }
  const r = Math.max(0, Math.min(shape.radius, bw / 2, bh / 2));
  ctx.moveTo(inset + r, inset);
  ctx.arcTo(inset + bw, inset, inset + bw, inset + bh, r);
  ctx.arcTo(inset + bw, inset + bh, inset, inset + bh, r);
  ctx.arcTo(inset, inset + bh, inset, inset, r);
  ctx.arcTo(inset, inset, inset + bw, inset, r);
  ctx.closePath();
}

export const ShapeLayerNode = memo(function ShapeLayerNode({ layer, fx }: { layer: Layer; fx?: NodeFx }) {
  const { interactive } = useScene();
  const shape = layer.value.valueType === 'shape' ? layer.value.shape : null;
  const { w, h } = layer.rect;
  const mask = useLayerMask(layer);
  useContentSignal(fx, [shape, w, h, mask.source, mask.version]);
  const sceneFunc = useCallback(
    (ctx: Konva.Context, node: Konva.Shape) => {
      if (!shape) return;
      traceShape(ctx as unknown as Parameters<typeof traceShape>[0], shape, w, h);
      ctx.fillStrokeShape(node);
    },
    [shape, w, h],
  );
  if (!shape) return null;
  const line = shape.kind === 'line';
  const drawing = {
    width: w,
    height: h,
    sceneFunc,
    fill: !line && shape.fill ? toCssColor(shape.fill) : undefined,
    stroke: shape.stroke && shape.strokeWidth > 0 ? toCssColor(shape.stroke) : undefined,
    strokeWidth: shape.strokeWidth,
    strokeScaleEnabled: false,
    lineCap: 'round' as const,
    hitStrokeWidth: line ? Math.max(LINE_HIT_WIDTH, shape.strokeWidth) : ('auto' as const),
  };
  if (!mask.source) {
    return <Shape {...layerNodeAttrs(layer, { width: w, height: h }, interactive)} {...fxNodeAttrs(fx, true)} {...drawing} />;
  }
  // A masked shape is a group (as a text is): the shape, then its mask erasing inside the group only.
  return (
    <Group {...layerNodeAttrs(layer, { width: w, height: h }, interactive)} {...fxNodeAttrs(fx, false)} isolated>
      <Shape {...drawing} {...(fx?.shadow ?? {})} />
      <MaskCutoutNode mask={mask} width={w} height={h} />
    </Group>
  );
});
