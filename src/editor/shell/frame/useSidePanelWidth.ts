/**
 * The width of the right-hand panel (properties and layers), changed by dragging or with the arrow
 * keys on its edge. Kept for the browser session, so each project opens the panel as it was left.
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';

export const SIDE_PANEL_MIN = 280;
export const SIDE_PANEL_MAX = 560;
export const SIDE_PANEL_DEFAULT = 360;
const KEY_STEP = 20;

let remembered = SIDE_PANEL_DEFAULT;

/** Clamps a wanted width to the panel's range and to what leaves the canvas at least 320 px. */
export function clampSideWidth(width: number, viewportWidth: number): number {
  const roomy = Math.max(SIDE_PANEL_MIN, Math.min(SIDE_PANEL_MAX, viewportWidth - 320 - 88 - 300));
  return Math.round(Math.max(SIDE_PANEL_MIN, Math.min(roomy, width)));
}

export interface SidePanelWidth {
  width: number;
  /** Props for the separator on the panel's left edge. */
  handle: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLElement>): void;
    'aria-valuenow': number;
    'aria-valuemin': number;
    'aria-valuemax': number;
  };
}

export function useSidePanelWidth(): SidePanelWidth {
  const [width, setWidthState] = useState(() => clampSideWidth(remembered, window.innerWidth));
  const setWidth = (next: number) => {
    remembered = clampSideWidth(next, window.innerWidth);
    setWidthState(remembered);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const startX = event.clientX;
    const startWidth = width;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    // The panel is on the right: dragging its left edge leftwards makes it wider.
    const move = (e: globalThis.PointerEvent) => setWidth(startWidth + (startX - e.clientX));
    const end = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
    event.preventDefault();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowLeft' ? KEY_STEP : event.key === 'ArrowRight' ? -KEY_STEP : 0;
    if (step) setWidth(width + step);
    else if (event.key === 'Home') setWidth(SIDE_PANEL_MIN);
    else if (event.key === 'End') setWidth(SIDE_PANEL_MAX);
    else return;
    event.preventDefault();
  };

  return {
    width,
    handle: { onPointerDown, onKeyDown, 'aria-valuenow': width, 'aria-valuemin': SIDE_PANEL_MIN, 'aria-valuemax': SIDE_PANEL_MAX },
  };
}
