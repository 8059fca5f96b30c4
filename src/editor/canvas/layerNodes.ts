/** Finding the Konva nodes of layers on the live stage (one top node per layer, name 'layer', id = layerId). */
import Konva from 'konva';
import { LAYER_NODE_NAME } from '../scene/nodes/layerAttrs';

/** The layer node a clicked shape is or belongs to, or null (empty canvas, transformer, overlay). */
export function layerNodeOf(target: Konva.Node | null): Konva.Node | null {
  let node: Konva.Node | null = target;
  while (node && !(node instanceof Konva.Stage)) {
    if (node instanceof Konva.Transformer) return null;
    if (node.name() === LAYER_NODE_NAME) return node;
    node = node.getParent();
  }
  return null;
}

/** Whether a target is part of a Transformer (its anchors, border, rotater). */
export function isTransformerPart(target: Konva.Node | null): boolean {
  let node: Konva.Node | null = target;
  while (node) {
    if (node instanceof Konva.Transformer) return true;
    node = node.getParent();
  }
  return false;
}

/** The layer nodes with these ids inside `root`, in the order of `ids` (missing ones skipped). */
export function findLayerNodes(root: Konva.Container | null, ids: readonly string[]): Konva.Node[] {
  if (!root || ids.length === 0) return [];
  const byId = new Map<string, Konva.Node>();
  // A function selector: Konva re-parses a string selector for every node it visits.
  for (const node of root.find((candidate: Konva.Node) => candidate.hasName(LAYER_NODE_NAME))) byId.set(node.id(), node);
  return ids.map((id) => byId.get(id)).filter((node): node is Konva.Node => !!node);
}
