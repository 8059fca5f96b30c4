/**
 * Shape layers (our addition to SPEC §3, layer kind 5): a rectangle, an ellipse or a line, with a
 * fill, an outline and (rectangles) rounded corners. The defaults give something visible at once.
 */
import { LayerKind } from '../spec/kinds';
import { SHAPE_CANVAS_RATIO } from '../spec/limits';
import { normaliseColor } from './color';
import { createLayer } from './factories';
import type { Layer, ShapeKind, ShapeValue } from './types';

/** What a new shape of each kind looks like. */
export const SHAPE_DEFAULTS: Record<ShapeKind, ShapeValue> = {
  rect: { kind: 'rect', fill: '#4F46E5FF', stroke: '', strokeWidth: 0, radius: 0 },
  ellipse: { kind: 'ellipse', fill: '#F59E0BFF', stroke: '', strokeWidth: 0, radius: 0 },
  line: { kind: 'line', fill: '', stroke: '#111827FF', strokeWidth: 8, radius: 0 },
};

export interface CreateShapeLayerOptions extends Partial<Omit<ShapeValue, 'kind'>> {
  kind: ShapeKind;
  canvasW: number;
  canvasH: number;
}

/**
 * A shape layer centred on the canvas: a square rectangle or circle, or a horizontal line, sized
 * SHAPE_CANVAS_RATIO of the canvas' shorter side (a line's box is as tall as its stroke, at least 24 px
 * so it stays easy to pick).
 * @example createShapeLayer({ kind: 'ellipse', canvasW: 1080, canvasH: 1080, fill: '#FF0000' })
 */
export function createShapeLayer(o: CreateShapeLayerOptions): Layer {
  const { kind, canvasW, canvasH, ...style } = o;
  const shape: ShapeValue = { ...SHAPE_DEFAULTS[kind], ...style, kind };
  shape.fill = shape.fill ? normaliseColor(shape.fill) : '';
  shape.stroke = shape.stroke ? normaliseColor(shape.stroke) : '';
  const side = Math.round(Math.min(canvasW, canvasH) * SHAPE_CANVAS_RATIO);
  const w = kind === 'line' ? Math.round(side * 1.5) : side;
  const h = kind === 'line' ? Math.max(24, shape.strokeWidth) : side;
  return createLayer({
    type: LayerKind.SHAPE,
    value: { valueType: 'shape', shape },
    rect: { x: (canvasW - w) / 2, y: (canvasH - h) / 2, w, h, angle: 0 },
  });
}
