/**
 * Frame maths of the image extender page: the new frame for a ratio choice, whether the server will accept it, where
 * the photo sits in the preview, and how a drag or an arrow key moves it. Mirrors the server's layout
 * (server/src/processors/aiextendLayout.ts): same preset rule, same limits, same rounding of the position.
 */

import { EXTEND_CUSTOM_MAX_SIDE, EXTEND_MAX_AREA_FACTOR, EXTEND_RATIOS, type ExtendRatio } from '../../../../engine/spec/tasks';

/** A ratio the task table accepts: a preset, or 'custom'. */
export type RatioChoice = ExtendRatio;
/** The task table's preset ratios (every ratio but 'custom'). */
export const PRESET_RATIOS = EXTEND_RATIOS.filter((ratio): ratio is Exclude<ExtendRatio, 'custom'> => ratio !== 'custom');
/** Server limits of a frame (aiextendLayout.ts). */
// The server's limits, from the task table (engine/spec/tasks).
export const CUSTOM_MAX_SIDE = EXTEND_CUSTOM_MAX_SIDE;
export const MAX_AREA_FACTOR = EXTEND_MAX_AREA_FACTOR;

export interface Size {
  width: number;
  height: number;
}
/** The photo's place in the frame: 0 = left/top edge, 1 = right/bottom edge. */
export interface Position {
  x: number;
  y: number;
}
export const CENTRED: Position = { x: 0.5, y: 0.5 };

/** Why the server would refuse a frame, or null when it is fine. */
export type FrameProblem = 'sameSize' | 'smallerThanPhoto' | 'overSide' | 'tooLarge' | null;

/** The frame for a choice: a preset gives the smallest frame of that shape around the photo; custom is as typed. */
export function frameFor(choice: RatioChoice, photo: Size, custom: Size): Size {
  if (choice === 'custom') return { width: Math.round(custom.width), height: Math.round(custom.height) };
  const [a, b] = choice.split(':').map(Number);
  const { width: w, height: h } = photo;
  if (w * b < h * a) return { width: Math.max(w, Math.round((h * a) / b)), height: h };
  return { width: w, height: Math.max(h, Math.round((w * b) / a)) };
}

/** The first reason the server would refuse this frame for this photo. */
export function frameProblem(choice: RatioChoice, frame: Size, photo: Size): FrameProblem {
  if (!(frame.width > 0 && frame.height > 0)) return 'smallerThanPhoto';
  if (frame.width < photo.width || frame.height < photo.height) return 'smallerThanPhoto';
  if (choice === 'custom' && (frame.width > CUSTOM_MAX_SIDE || frame.height > CUSTOM_MAX_SIDE)) return 'overSide';
  if (frame.width === photo.width && frame.height === photo.height) return 'sameSize';
  if (frame.width * frame.height > MAX_AREA_FACTOR * photo.width * photo.height) return 'tooLarge';
  return null;
}

/** A custom size to start from: the photo with a quarter more room on each axis, within the limits. */
export function defaultCustomSize(photo: Size): Size {
  const grow = (side: number) => Math.min(Math.max(side, CUSTOM_MAX_SIDE), Math.round(side * 1.25));
  return { width: grow(photo.width), height: grow(photo.height) };
}

/** The photo's box inside the frame preview, in percent of the frame (CSS left/top/width/height). */
export function photoBox(frame: Size, photo: Size, pos: Position): { left: number; top: number; width: number; height: number } {
  const fw = Math.min(1, photo.width / frame.width);
  const fh = Math.min(1, photo.height / frame.height);
  return { left: pos.x * (1 - fw) * 100, top: pos.y * (1 - fh) * 100, width: fw * 100, height: fh * 100 };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The position after dragging the photo by (dx, dy) screen pixels from `start`, in a preview drawn `box` pixels
 * large. An axis without free space stays where it is.
 */
export function dragTo(start: Position, dx: number, dy: number, box: Size, frame: Size, photo: Size): Position {
  const freeX = box.width * (1 - photo.width / frame.width);
  const freeY = box.height * (1 - photo.height / frame.height);
  return {
    x: freeX > 0.5 ? clamp01(start.x + dx / freeX) : start.x,
    y: freeY > 0.5 ? clamp01(start.y + dy / freeY) : start.y,
  };
}

/** Arrow keys move the photo by a twentieth of the free space (a tenth with Shift); Home/End jump to the edges. */
export function nudge(pos: Position, key: string, big = false): Position | null {
  const step = big ? 0.1 : 0.05;
  switch (key) {
    case 'ArrowLeft':
      return { ...pos, x: clamp01(pos.x - step) };
    case 'ArrowRight':
      return { ...pos, x: clamp01(pos.x + step) };
    case 'ArrowUp':
      return { ...pos, y: clamp01(pos.y - step) };
    case 'ArrowDown':
      return { ...pos, y: clamp01(pos.y + step) };
    case 'Home':
      return { x: 0, y: 0 };
    case 'End':
      return { x: 1, y: 1 };
    default:
      return null;
  }
}

/** The photo's top-left corner in the frame, in frame pixels, rounded as the server rounds it. */
export function photoOffset(frame: Size, photo: Size, pos: Position): { left: number; top: number } {
  return { left: Math.round(pos.x * (frame.width - photo.width)), top: Math.round(pos.y * (frame.height - photo.height)) };
}
