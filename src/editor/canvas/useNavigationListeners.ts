/**
 * Native listeners on the stage's container feeding the gesture machine. They run in the capture
 * phase, before Konva: a press the machine turns into a pan or pinch is stopped there, so it never
 * reaches Konva as a selection or a layer drag. Wheel pans, Ctrl/⌘+wheel (and trackpad pinch, which
 * browsers send as Ctrl+wheel) zooms about the pointer; neither needs a gesture state.
 */
import type Konva from 'konva';
import { type RefObject, useEffect } from 'react';
import type { Actor } from 'xstate';
import { BACKGROUND_LAYER_ID } from '../../../engine/spec/kinds';
import type { PointerKind, canvasGestureMachine } from '../../../machines/canvasGesture.machine';
import { layerNodeOf } from './layerNodes';
import { toCanvasPoint, wheelZoomFactor } from './viewMath';
import { getView, panBy, zoomTo } from './viewStore';

type GestureActor = Actor<typeof canvasGestureMachine>;

function isEditableTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
}

const kind = (e: PointerEvent): PointerKind => (e.pointerType === 'touch' || e.pointerType === 'pen' ? e.pointerType : 'mouse');
/** The pointer states in which the view, not Konva, owns the pointer. */
const navigating = (actor: GestureActor) => {
  const state = actor.getSnapshot();
  return state.matches({ pointer: 'panning' }) || state.matches({ pointer: 'pinching' }) || state.matches({ pointer: 'pinchEnding' });
};

export function useNavigationListeners(actor: GestureActor, container: RefObject<HTMLElement | null>, stage: RefObject<Konva.Stage | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const local = (e: { clientX: number; clientY: number }) => {
      const rect = element.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const isEmptyAt = (point: { x: number; y: number }) => {
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
      const wasPanning = actor.getSnapshot().matches({ pointer: 'panning' });
      actor.send({ type: 'nav.down', pointerId: e.pointerId, pointerType: kind(e), button: e.button, point, emptyAt: kind(e) === 'touch' && isEmptyAt(point) });
      if (!navigating(actor)) return;
      e.stopPropagation();
      if (!wasPanning && actor.getSnapshot().matches({ pointer: 'panning' })) {
        element.setPointerCapture?.(e.pointerId);
        e.preventDefault();
      }
    };
    const onPointerMove = (e: PointerEvent) => {
      actor.send({ type: 'nav.move', pointerId: e.pointerId, pointerType: kind(e), point: local(e) });
      if (navigating(actor)) e.stopPropagation();
    };
    const onPointerUp = (e: PointerEvent) => {
      const owned = navigating(actor);
      actor.send({ type: 'nav.up', pointerId: e.pointerId, pointerType: kind(e), point: local(e) });
      if (owned) e.stopPropagation();
    };
    // Touch events still reach Konva after their pointer event was stopped: keep pans and pinches from
    // starting or moving layer drags.
    const onTouch = (e: TouchEvent) => {
      if (navigating(actor)) e.stopPropagation();
    };

    // The marquee follows the pointer anywhere in the window, also off the stage.
    const canvasPoint = (e: PointerEvent) => toCanvasPoint(getView(), local(e));
    const onWindowMove = (e: PointerEvent) => {
      if (actor.getSnapshot().matches({ pointer: 'marquee' })) actor.send({ type: 'marquee.move', point: canvasPoint(e) });
    };
    const onWindowUp = (e: PointerEvent) => {
      if (actor.getSnapshot().matches({ pointer: 'marquee' })) actor.send({ type: 'marquee.up', point: canvasPoint(e) });
    };

    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || isEditableTarget(document.activeElement)) return;
      const down = e.type === 'keydown';
      const focusOnCanvas = document.activeElement === document.body || element.contains(document.activeElement);
      if (down && !focusOnCanvas) return;
      actor.send({ type: down ? 'space.down' : 'space.up' });
      // Space would scroll the page or press the focused button.
      if (down) e.preventDefault();
    };
    // Escape cancels a drag or resize; it goes first (capture) and is swallowed then, so it does not
    // also clear the selection.
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !actor.getSnapshot().can({ type: 'escape' })) return;
      e.preventDefault();
      e.stopPropagation();
      actor.send({ type: 'escape' });
    };
    const onBlur = () => actor.send({ type: 'window.blur' });

    const touchTypes = ['touchstart', 'touchmove', 'touchend'] as const;
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('pointerdown', onPointerDown, true);
    element.addEventListener('pointermove', onPointerMove, true);
    element.addEventListener('pointerup', onPointerUp, true);
    element.addEventListener('pointercancel', onPointerUp, true);
    for (const type of touchTypes) element.addEventListener(type, onTouch, true);
    window.addEventListener('pointermove', onWindowMove);
    window.addEventListener('pointerup', onWindowUp);
    window.addEventListener('pointercancel', onWindowUp);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('keydown', onEscape, true);
    window.addEventListener('blur', onBlur);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('pointerdown', onPointerDown, true);
      element.removeEventListener('pointermove', onPointerMove, true);
      element.removeEventListener('pointerup', onPointerUp, true);
      element.removeEventListener('pointercancel', onPointerUp, true);
      for (const type of touchTypes) element.removeEventListener(type, onTouch, true);
      window.removeEventListener('pointermove', onWindowMove);
      window.removeEventListener('pointerup', onWindowUp);
      window.removeEventListener('pointercancel', onWindowUp);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('keydown', onEscape, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [actor, container, stage]);
}
