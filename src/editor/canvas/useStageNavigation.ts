/**
 * Moving the view (never the document): wheel pans, Ctrl/⌘+wheel (and trackpad pinch, which
 * browsers send as Ctrl+wheel) zooms about the pointer; Space+drag, middle-drag and a one-finger
 * drag on empty canvas pan; two fingers pinch-zoom and pan. Native listeners on the container,
 * in the capture phase, so a pan never reaches Konva as a layer drag.
 */
import type Konva from 'konva';
import { type RefObject, useEffect } from 'react';
import { BACKGROUND_LAYER_ID } from '../../../engine/spec/kinds';
import type { GestureState } from './gestureState';
import { layerNodeOf } from './layerNodes';
import { wheelZoomFactor, zoomAt } from './viewMath';
import { getView, panBy, setView, zoomTo } from './viewStore';

interface Point { x: number; y: number }

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function isEditableTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
}

/** A touch that moved less than this (screen px) before lifting is a tap. */
const TAP_SLOP_PX = 6;

export function useStageNavigation(
  container: RefObject<HTMLElement | null>,
  stage: RefObject<Konva.Stage | null>,
  gesture: GestureState,
  onTapEmpty: () => void,
) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const local = (e: { clientX: number; clientY: number }): Point => {
      const rect = element.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const touches = new Map<number, Point>();
    let pinch: { dist: number; mid: Point; view: ReturnType<typeof getView> } | null = null;
    let panFrom: Point | null = null;
    let panStart: Point | null = null;

    const stopLayerDrags = () => {
      for (const node of stage.current?.find('.layer') ?? []) if (node.isDragging()) node.stopDrag();
    };
    const isEmptyAt = (point: Point) => {
      const hit = stage.current?.getIntersection(point) ?? null;
      const id = layerNodeOf(hit)?.id();
      return !hit || !id || id === BACKGROUND_LAYER_ID;
    };

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) zoomTo(getView().scale * wheelZoomFactor(e.deltaY, e.deltaMode), local(e));
      else {
        const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? element.clientHeight : 1;
        // Shift+wheel scrolls sideways on a mouse without a horizontal wheel.
        if (e.shiftKey && e.deltaX === 0) panBy(-e.deltaY * unit, 0);
        else panBy(-e.deltaX * unit, -e.deltaY * unit);
      }
    };

    const onPointerDown = (e: PointerEvent) => {
      if (isEditableTarget(e.target)) return;
      const point = local(e);
      if (e.pointerType === 'touch') {
        touches.set(e.pointerId, point);
        if (touches.size === 2) {
          const [a, b] = [...touches.values()];
          stopLayerDrags();
          pinch = { dist: Math.max(1, distance(a, b)), mid: middle(a, b), view: getView() };
          panFrom = null;
          gesture.busy = 'pinch';
          e.stopPropagation();
          return;
        }
        if (touches.size === 1 && isEmptyAt(point)) panFrom = point;
      } else if (e.button === 1 || (e.button === 0 && gesture.spaceHeld)) panFrom = point;
      if (!panFrom) return;
      panStart = point;
      gesture.busy = 'pan';
      element.setPointerCapture?.(e.pointerId);
      e.stopPropagation();
      e.preventDefault();
    };

    const onPointerMove = (e: PointerEvent) => {
      const point = local(e);
      if (e.pointerType === 'touch' && touches.has(e.pointerId)) touches.set(e.pointerId, point);
      if (pinch && touches.size >= 2) {
        const [a, b] = [...touches.values()];
        const mid = middle(a, b);
        const zoomed = zoomAt(pinch.view, pinch.mid, (pinch.view.scale * distance(a, b)) / pinch.dist);
        setView({ scale: zoomed.scale, x: zoomed.x + mid.x - pinch.mid.x, y: zoomed.y + mid.y - pinch.mid.y });
        e.stopPropagation();
      } else if (panFrom) {
        panBy(point.x - panFrom.x, point.y - panFrom.y);
        panFrom = point;
        e.stopPropagation();
      }
    };

    const onPointerUp = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      const point = local(e);
      if (e.pointerType === 'touch' && panStart && !pinch && gesture.busy === 'pan' && distance(point, panStart) < TAP_SLOP_PX) onTapEmpty();
      if (pinch && touches.size < 2) pinch = null;
      if (panFrom || gesture.busy === 'pinch') e.stopPropagation();
      if (touches.size === 0 || e.pointerType !== 'touch') {
        panFrom = null;
        panStart = null;
        if (gesture.busy === 'pan' || gesture.busy === 'pinch') gesture.busy = null;
      }
    };

    // Touch events still reach Konva after their pointer event was stopped: keep pans and pinches from
    // starting or moving layer drags.
    const onTouch = (e: TouchEvent) => {
      if (gesture.busy === 'pan' || gesture.busy === 'pinch') e.stopPropagation();
    };

    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || isEditableTarget(document.activeElement)) return;
      const down = e.type === 'keydown';
      const focusOnCanvas = document.activeElement === document.body || element.contains(document.activeElement);
      if (down && !focusOnCanvas) return;
      gesture.spaceHeld = down;
      element.style.cursor = down ? 'grab' : '';
      // Space would scroll the page or press the focused button.
      if (down) e.preventDefault();
    };
    const onBlur = () => {
      gesture.spaceHeld = false;
      element.style.cursor = '';
    };

    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('pointerdown', onPointerDown, true);
    element.addEventListener('pointermove', onPointerMove, true);
    element.addEventListener('pointerup', onPointerUp, true);
    element.addEventListener('pointercancel', onPointerUp, true);
    for (const type of ['touchstart', 'touchmove', 'touchend'] as const) element.addEventListener(type, onTouch, true);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('blur', onBlur);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('pointerdown', onPointerDown, true);
      element.removeEventListener('pointermove', onPointerMove, true);
      element.removeEventListener('pointerup', onPointerUp, true);
      element.removeEventListener('pointercancel', onPointerUp, true);
      for (const type of ['touchstart', 'touchmove', 'touchend'] as const) element.removeEventListener(type, onTouch, true);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
    };
  }, [container, stage, gesture, onTapEmpty]);
}
