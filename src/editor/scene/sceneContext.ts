/**
 * What layer nodes need besides their layer: the asset store, the canvas size (text wrap rules) and
 * whether they take part in editing (live stage) or only draw (export renderer).
 */
import { createContext, useContext } from 'react';
import type { AssetStore } from '../../../engine/assets/AssetStore';
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
}

export const SceneContext = createContext<Scene>({ assets: null, canvasW: 1, canvasH: 1, interactive: false, pixelRatio: 1, preview: false, work: null });

export function useScene(): Scene {
  return useContext(SceneContext);
}
