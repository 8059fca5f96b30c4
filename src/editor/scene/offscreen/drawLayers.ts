/**
 * Layers drawn offscreen by the live stage's own node components (OffscreenDocument) into a plain
 * canvas: what exports start from, and what the scene draws a blended layer's backdrop and the
 * canvas-wide effects with. The scene reaches it only through its context (`Scene.drawLayers`),
 * never by import: a layer node that drew its own backdrop by import would close an import cycle
 * (node → drawLayers → OffscreenDocument → node).
 */
import type Konva from 'konva';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { AssetStore } from '../../../../engine/assets/AssetStore';
import type { Layer } from '../../../../engine/doc/types';
import type { DrawLayers } from '../sceneContext';
import { OffscreenDocument } from './OffscreenDocument';
import { preloadResources } from './preloadResources';

export interface RenderSize {
  width: number;
  height: number;
}

/** The canvas area of a document: its layers and size. */
export interface LayersToDraw {
  layers: readonly Layer[];
  canvasW: number;
  canvasH: number;
}

/** The largest side of an offscreen drawing (browsers' canvas limit). */
const MAX_SIDE = 16_384;

/** A side in pixels: the wanted one (or `fallback`), rounded and kept within 1..16384. */
export function exportSide(value: number | undefined, fallback: number): number {
  const side = Math.round(value && value > 0 ? value : fallback);
  return Math.min(MAX_SIDE, Math.max(1, Number.isFinite(side) ? side : 1));
}

/**
 * Draws layers (with their own effects, not the canvas-wide ones) into a new canvas of exactly
 * width × height pixels (the canvas area scaled to fit it); waits for pictures, fonts and effect
 * renders first. Layers inside that need a backdrop draw it again through this same function.
 * @example const canvas = await renderLayersToCanvas(project, editor.assets, { width: 1080, height: 1080 })
 */
export async function renderLayersToCanvas(
  doc: LayersToDraw,
  assets: AssetStore | null,
  size: RenderSize,
  options: { preview?: boolean } = {},
): Promise<HTMLCanvasElement> {
  const width = exportSide(size.width, doc.canvasW);
  const height = exportSide(size.height, doc.canvasH);
  await preloadResources(doc.layers, assets);
  const container = document.createElement('div');
  const root = createRoot(container);
  try {
    const stage = await new Promise<Konva.Stage>((resolve) => {
      root.render(
        createElement(OffscreenDocument, {
          layers: doc.layers,
          canvasW: doc.canvasW,
          canvasH: doc.canvasH,
          assets,
          width,
          height,
          preview: options.preview,
          onReady: resolve,
          drawLayers: layersDrawer(doc.canvasW, doc.canvasH, assets, options.preview ?? false),
        }),
      );
    });
    const drawn = stage.toCanvas({ x: 0, y: 0, width, height, pixelRatio: 1 });
    // Hand back a plain canvas that outlives the stage.
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(drawn, 0, 0, width, height);
    return canvas;
  } finally {
    root.unmount();
  }
}

/**
 * The `Scene.drawLayers` of a scene with this canvas size, assets and resolution: the live stage
 * (preview) and every offscreen drawing hand it to their layers through the scene context.
 */
export function layersDrawer(canvasW: number, canvasH: number, assets: AssetStore | null, preview: boolean): DrawLayers {
  return (layers, size) => renderLayersToCanvas({ layers, canvasW, canvasH }, assets, size, { preview });
}
