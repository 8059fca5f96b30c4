/**
 * Tells taps from drags on a pointer surface, for tools that act on a tap (the object selection): a press that
 * moves less than {@link TAP_SLOP_PX} screen pixels is a tap; one held for {@link LONG_PRESS_MS} is a long press,
 * reported while still held (a finger feels the answer without lifting). A drag is no tap and reports nothing.
 * With a mouse the right button counts as a long press, so the desktop needs no waiting.
 */
import { useEffect, useLayoutEffect, useRef, type PointerEvent } from 'react';
import type { Point } from './strokeHistory';

/** A press that moves less than this (screen px) is a tap: fingers wobble. */
const TAP_SLOP_PX = 8;
const LONG_PRESS_MS = 500;

interface Press {
  id: number;
  sx: number;
  sy: number;
  point: Point;
  moved: boolean;
  done: boolean;
  timer: number | null;
}

/**
 * Handlers for a surface's pointer events. `down` takes the press's point already in the caller's units
 * (image pixels); `onTap` gets that point and whether the press was a long one.
 */
export function useTapGesture(onTap: (point: Point, longPress: boolean) => void) {
  const press = useRef<Press | null>(null);
  // The long-press timer fires after a render or two: it must call the newest handler, not the one of the press.
  const latest = useRef(onTap);
  useLayoutEffect(() => {
    latest.current = onTap;
  });

  const stop = () => {
    if (press.current?.timer != null) window.clearTimeout(press.current.timer);
    press.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops a pending press on unmount only; stop reads refs
  useEffect(() => stop, []);

  return {
    down(event: PointerEvent<Element>, point: Point) {
      if (press.current) return; // a second finger while one is down is not a tap
      const state: Press = { id: event.pointerId, sx: event.clientX, sy: event.clientY, point, moved: false, done: false, timer: null };
      if (event.pointerType === 'mouse' && event.button === 2) {
        latest.current(point, true);
        return;
      }
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      press.current = state;
      state.timer = window.setTimeout(() => {
        if (press.current !== state || state.moved) return;
        state.done = true;
        latest.current(state.point, true);
      }, LONG_PRESS_MS);
    },
    move(event: PointerEvent<Element>) {
      const state = press.current;
      if (state?.id === event.pointerId && Math.hypot(event.clientX - state.sx, event.clientY - state.sy) > TAP_SLOP_PX) state.moved = true;
    },
    up(event: PointerEvent<Element>) {
      const state = press.current;
      if (state?.id !== event.pointerId) return;
      stop();
      if (!state.moved && !state.done) latest.current(state.point, false);
    },
    cancel: stop,
  };
}
