/**
 * Dragging layers: the whole drag is one undo step (mark at dragstart, moveLayers with
 * {mark: false} on every move), all selected layers follow the dragged one, the moving box snaps
 * to the canvas edges and centre (guides in the overlay), and Escape puts everything back.
 */
import Konva from 'konva';
import { type RefObject, useRef } from 'react';
import type { Editor } from '../../../engine/Editor';
import { moveLayers } from '../../../engine/commands';
import { guidesStore } from './canvasStores';
import { type GestureState, listenForEscape } from './gestureState';
import { findLayerNodes } from './layerNodes';
import { LAYER_NODE_NAME, isCanvasMovable, resetNodeToLayer } from '../scene/nodes/layerAttrs';
import { SNAP_THRESHOLD_PX, type Box, type Guide, canvasSnapTargets, snapBox, unionBox } from './snapping';
import { getView } from './viewStore';

interface DragSession {
  mark: string;
  ids: string[];
  nodes: Konva.Node[];
  starts: Array<{ x: number; y: number }>;
  /** Index of the node under the pointer in `nodes`. */
  lead: number;
  box: Box | null;
  applied: { x: number; y: number };
  stopEscape: () => void;
  cancelled: boolean;
}

const NO_GUIDES: readonly Guide[] = [];

/** Sets the guides only when they differ, so the overlay re-renders when a snap starts or ends, not per move. */
function showGuides(guides: readonly Guide[]): void {
  const current = guidesStore.get();
  const same = current.length === guides.length
    && current.every((guide, i) => guide.orientation === guides[i].orientation && guide.pos === guides[i].pos);
  if (!same) guidesStore.set(guides);
}

export function useLayerDrag(editor: Editor, content: RefObject<Konva.Layer | null>, gesture: GestureState) {
  const session = useRef<DragSession | null>(null);

  const end = (s: DragSession) => {
    s.stopEscape();
    session.current = null;
    showGuides(NO_GUIDES);
  };

  const onDragStart = (e: Konva.KonvaEventObject<globalThis.DragEvent>) => {
    const target = e.target as Konva.Node;
    if (target.name() !== LAYER_NODE_NAME) return;
    const layer = editor.getLayer(target.id());
    if (gesture.cancelNextDrag || gesture.busy || !layer || !isCanvasMovable(layer)) {
      gesture.cancelNextDrag = false;
      target.stopDrag();
      if (layer) resetNodeToLayer(target, layer);
      return;
    }
    const selected = editor.getSelectedIds();
    const ids = (selected.includes(layer.layerId) ? selected : [layer.layerId])
      .filter((id) => { const l = editor.getLayer(id); return !!l && isCanvasMovable(l) && l.visible !== false; });
    const nodes = findLayerNodes(content.current, ids);
    const lead = nodes.indexOf(target);
    if (lead < 0) return;
    const layerNode = content.current;
    const box = layerNode ? unionBox(nodes.map((node) => node.getClientRect({ relativeTo: layerNode }))) : null;
    const s: DragSession = {
      mark: editor.mark(moveLayers.name),
      ids: nodes.map((node) => node.id()),
      nodes,
      starts: nodes.map((node) => node.position()),
      lead,
      box,
      applied: { x: 0, y: 0 },
      stopEscape: () => undefined,
      cancelled: false,
    };
    s.stopEscape = listenForEscape(() => {
      s.cancelled = true;
      target.stopDrag();
    });
    session.current = s;
  };

  const onDragMove = (e: Konva.KonvaEventObject<globalThis.DragEvent>) => {
    const s = session.current;
    if (!s || (e.target as Konva.Node) !== s.nodes[s.lead]) return;
    const start = s.starts[s.lead];
    let dx = s.nodes[s.lead].x() - start.x;
    let dy = s.nodes[s.lead].y() - start.y;
    const { scale } = getView();
    // Alt (Option) drags freely, without snapping.
    if (s.box && !(e.evt as MouseEvent | undefined)?.altKey) {
      const project = editor.getProject();
      const moved = { ...s.box, x: s.box.x + dx, y: s.box.y + dy };
      const snap = snapBox(moved, canvasSnapTargets(project.canvasW, project.canvasH), SNAP_THRESHOLD_PX / scale);
      dx += snap.dx;
      dy += snap.dy;
      showGuides(snap.guides);
    } else showGuides(NO_GUIDES);
    // Whole canvas pixels keep nudging (1 px) and the stored document tidy.
    const total = { x: Math.round(dx), y: Math.round(dy) };
    s.nodes.forEach((node, i) => node.position({ x: s.starts[i].x + total.x, y: s.starts[i].y + total.y }));
    const step = { x: total.x - s.applied.x, y: total.y - s.applied.y };
    if (step.x !== 0 || step.y !== 0) {
      editor.exec(moveLayers, { ids: s.ids, dx: step.x, dy: step.y }, { mark: false });
      s.applied = total;
    }
  };

  const onDragEnd = (e: Konva.KonvaEventObject<globalThis.DragEvent>) => {
    const s = session.current;
    if (!s || (e.target as Konva.Node) !== s.nodes[s.lead]) return;
    end(s);
    if (s.cancelled) editor.bailToMark(s.mark);
    // Konva moved the nodes itself; put them exactly where the document now says.
    for (const node of s.nodes) {
      const layer = editor.getLayer(node.id());
      if (layer) resetNodeToLayer(node, layer);
    }
  };

  return { onDragStart, onDragMove, onDragEnd };
}
