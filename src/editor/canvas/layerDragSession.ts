/**
 * The layer-drag effects of the gesture machine: the whole drag is one undo step (mark at the
 * start, moveLayers with {mark: false} on every move), all selected layers follow the dragged one,
 * the moving box snaps to the canvas edges and centre (guides in the overlay), and a cancelled drag
 * (Escape) puts everything back.
 */
import type Konva from 'konva';
import type { RefObject } from 'react';
import type { Editor } from '../../../engine/Editor';
import { moveLayers } from '../../../engine/commands';
import { guidesStore } from './canvasStores';
import { findLayerNodes } from './layerNodes';
import { isCanvasMovable, resetNodeToLayer } from '../scene/nodes/layerAttrs';
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
}

const NO_GUIDES: readonly Guide[] = [];

/** Sets the guides only when they differ, so the overlay re-renders when a snap starts or ends, not per move. */
function showGuides(guides: readonly Guide[]): void {
  const current = guidesStore.get();
  const same = current.length === guides.length && current.every((guide, i) => guide.orientation === guides[i].orientation && guide.pos === guides[i].pos);
  if (!same) guidesStore.set(guides);
}

export interface LayerDrag {
  begin(layerId: string): void;
  refuse(layerId: string): void;
  move(snap: boolean): void;
  end(cancelled: boolean): void;
}

/** Whether Konva may drag this layer from the canvas at all. */
export function canDragLayer(editor: Editor, layerId: string): boolean {
  const layer = editor.getLayer(layerId);
  return !!layer && isCanvasMovable(layer);
}

export function createLayerDrag(editor: Editor, content: RefObject<Konva.Layer | null>): LayerDrag {
  let session: DragSession | null = null;

  const resetNodes = (nodes: Konva.Node[]) => {
    // Konva moved the nodes itself; put them exactly where the document now says.
    for (const node of nodes) {
      const layer = editor.getLayer(node.id());
      if (layer) resetNodeToLayer(node, layer);
    }
  };

  return {
    begin(layerId) {
      const layerNode = content.current;
      const selected = editor.getSelectedIds();
      const ids = (selected.includes(layerId) ? selected : [layerId]).filter((id) => {
        const l = editor.getLayer(id);
        return !!l && isCanvasMovable(l) && l.visible !== false;
      });
      const nodes = findLayerNodes(layerNode, ids);
      const lead = nodes.findIndex((node) => node.id() === layerId);
      if (lead < 0 || !layerNode) return;
      session = {
        mark: editor.mark(moveLayers.name),
        ids: nodes.map((node) => node.id()),
        nodes,
        starts: nodes.map((node) => node.position()),
        lead,
        box: unionBox(nodes.map((node) => node.getClientRect({ relativeTo: layerNode }))),
        applied: { x: 0, y: 0 },
      };
    },
    refuse(layerId) {
      const [node] = findLayerNodes(content.current, [layerId]);
      node?.stopDrag();
      resetNodes(node ? [node] : []);
    },
    move(snap) {
      const s = session;
      if (!s) return;
      const start = s.starts[s.lead];
      let dx = s.nodes[s.lead].x() - start.x;
      let dy = s.nodes[s.lead].y() - start.y;
      if (s.box && snap) {
        const project = editor.getProject();
        const moved = { ...s.box, x: s.box.x + dx, y: s.box.y + dy };
        const snapped = snapBox(moved, canvasSnapTargets(project.canvasW, project.canvasH), SNAP_THRESHOLD_PX / getView().scale);
        dx += snapped.dx;
        dy += snapped.dy;
        showGuides(snapped.guides);
      } else showGuides(NO_GUIDES);
      // Whole canvas pixels keep nudging (1 px) and the stored document tidy.
      const total = { x: Math.round(dx), y: Math.round(dy) };
      s.nodes.forEach((node, i) => node.position({ x: s.starts[i].x + total.x, y: s.starts[i].y + total.y }));
      const step = { x: total.x - s.applied.x, y: total.y - s.applied.y };
      if (step.x !== 0 || step.y !== 0) {
        editor.exec(moveLayers, { ids: s.ids, dx: step.x, dy: step.y }, { mark: false });
        s.applied = total;
      }
    },
    end(cancelled) {
      const s = session;
      session = null;
      showGuides(NO_GUIDES);
      if (!s) return;
      if (cancelled) editor.bailToMark(s.mark);
      resetNodes(s.nodes);
    },
  };
}
