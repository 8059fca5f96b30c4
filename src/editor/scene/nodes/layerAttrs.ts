/**
 * The Konva attributes of every layer's node. A layer is ONE top node named 'layer' with
 * id = layerId (a Konva.Image for pictures and colourful text, a Rect for colours, a Group of
 * background + text for text), placed at its rect's centre with offset = half its content box, so
 * rotation (rect.angle, degrees clockwise) and flips (scale −1) turn about the centre.
 */
import type Konva from 'konva';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';
import type { Layer } from '../../../../engine/doc/types';

export const LAYER_NODE_NAME = 'layer';

/** The stage handles drags (bubbled to its content layer); this only tells react-konva that the
 * position is under control, so it does not warn about draggable nodes without drag handlers. */
const NOOP = () => undefined;

export interface ContentSize {
  width: number;
  height: number;
}

/** Konva opacity (0..1) of a layer (document 0..100). */
export function layerOpacity(layer: Layer): number {
  const value = Number.isFinite(layer.opacity) ? layer.opacity : 100;
  return Math.min(1, Math.max(0, value / 100));
}

/** Background and locked layers are never dragged or transformed on the canvas. */
export function isCanvasMovable(layer: Layer): boolean {
  return layer.layerId !== BACKGROUND_LAYER_ID && !layer.locked;
}

/** The transform part of a layer's node: what the Transformer changes and a cancel restores. */
export function layerTransformAttrs(layer: Layer) {
  return {
    x: layer.rect.x + layer.rect.w / 2,
    y: layer.rect.y + layer.rect.h / 2,
    rotation: layer.rect.angle,
    scaleX: layer.flipH ? -1 : 1,
    scaleY: layer.flipV ? -1 : 1,
    skewX: 0,
    skewY: 0,
  };
}

/** All top-node attributes for a layer whose content box is `size` (drawn from 0,0). */
export function layerNodeAttrs(layer: Layer, size: ContentSize, interactive: boolean) {
  return {
    id: layer.layerId,
    name: LAYER_NODE_NAME,
    ...layerTransformAttrs(layer),
    offsetX: size.width / 2,
    offsetY: size.height / 2,
    opacity: layerOpacity(layer),
    // Locked layers let clicks through to what is below; the background still catches them (deselect).
    listening: interactive && (!layer.locked || layer.layerId === BACKGROUND_LAYER_ID),
    draggable: interactive && isCanvasMovable(layer),
    onDragEnd: NOOP,
  };
}

/** Puts a layer node back where the document says (Escape during a transform, or after a commit). */
export function resetNodeToLayer(node: Konva.Node, layer: Layer): void {
  node.setAttrs(layerTransformAttrs(layer));
}
