/**
 * View state that the interaction layer (src/editor/canvas) writes and the scene draws: the text being
 * edited in place (hidden under its editor), the mask being painted (drawn live on its layer) and the
 * layer whose effects preview live on the GPU (the selected one, at its size on screen).
 * It lives here, below the canvas, so the scene never imports the canvas (picture pipeline, one way).
 * Never document state, never in the history; exports (interactive = false) ignore it.
 */
import { createSmallStore } from './smallStore';

/** The text layer being edited in place, if any. */
export const editingTextStore = createSmallStore<string | null>(null);

export function useIsEditingText(layerId: string): boolean {
  return editingTextStore.use((id) => id === layerId);
}

/** The long side of a mask being painted, in mask pixels. */
export const MASK_MAX_SIDE = 1024;
export type BrushMode = 'hide' | 'show';

/** 'mask': the layer mask (white shows); 'retouch': the area an AI retouch erases (white = erase). */
export type MaskPurpose = 'mask' | 'retouch';

export interface MaskSession {
  layerId: string;
  purpose: MaskPurpose;
  canvas: HTMLCanvasElement;
  /** The picture's own size for an image layer (the mask covers it whole); the content box otherwise. */
  natural: { w: number; h: number };
  /** Bumped after each stroke segment, so the layer redraws with the new mask. */
  version: number;
  mode: BrushMode;
  /** Brush diameter in screen pixels. */
  size: number;
}

/** The mask being painted (canvas/mask/maskStore.ts starts, paints and ends it). */
export const maskStore = createSmallStore<MaskSession | null>(null);

/** The one selected layer, previewed live (livePreview/) at `scale` device pixels per canvas pixel. */
export const livePreviewStore = createSmallStore<{ layerId: string; scale: number } | null>(null);
