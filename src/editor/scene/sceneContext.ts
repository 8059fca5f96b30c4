/**
 * What layer nodes need besides their layer: the asset store, the canvas size (text wrap rules) and
 * whether they take part in editing (live stage) or only draw (export renderer).
 */
import { createContext, useContext } from 'react';
import type { AssetStore } from '../../../engine/assets/AssetStore';
import type { Layer } from '../../../engine/doc/types';
import type { WorkTracker } from './effectNodes/workTracker';

export interface Scene {
  assets: AssetStore | null;
  canvasW: number;
  canvasH: number;
  /** true on the live stage (listening, draggable, hidden while edited in place); false for export. */
  interactive: boolean;
  /** Device pixels per canvas pixel that raster content (colourful text) is drawn at. */
  pixelRatio: number;
  /** Effect renders at preview size (the live stage and what is drawn offscreen for it) rather
   * than at full resolution (exports). */
  preview: boolean;
  /** Pending asynchronous effect work; the export waits for it (null: nobody waits). */
  work: WorkTracker | null;
  /**
   * Draws other layers of this document offscreen at `size` pixels (their own effects included): the
   * backdrop of a blended layer and the canvas-wide effects come from here (`offscreen/drawLayers.ts`
   * provides it), so the scene never imports the exporter. null: nothing is drawn offscreen.
   */
  drawLayers: DrawLayers | null;
}

/** Draws layers offscreen into a new canvas of exactly `size` pixels. */
export type DrawLayers = (layers: readonly Layer[], size: { width: number; height: number }) => Promise<HTMLCanvasElement>;

export const SceneContext = createContext<Scene>({
  assets: null,
  canvasW: 1,
  canvasH: 1,
  interactive: false,
  pixelRatio: 1,
  preview: false,
  work: null,
  drawLayers: null,
});

export function useScene(): Scene {
  return useContext(SceneContext);
}
