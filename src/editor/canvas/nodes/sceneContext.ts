/**
 * What layer nodes need besides their layer: the asset store, the canvas size (text wrap rules) and
 * whether they take part in editing (live stage) or only draw (export renderer).
 */
import { createContext, useContext } from 'react';
import type { AssetStore } from '../../../../engine/assets/AssetStore';

export interface Scene {
  assets: AssetStore | null;
  canvasW: number;
  canvasH: number;
  /** true on the live stage (listening, draggable, hidden while edited in place); false for export. */
  interactive: boolean;
  /** Device pixels per canvas pixel that raster content (colourful text) is drawn at. */
  pixelRatio: number;
}

export const SceneContext = createContext<Scene>({ assets: null, canvasW: 1, canvasH: 1, interactive: false, pixelRatio: 1 });

export function useScene(): Scene {
  return useContext(SceneContext);
}
