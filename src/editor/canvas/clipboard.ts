/**
 * The in-app layer clipboard: Mod+C keeps deep copies of the selected layers' JSON, Mod+V pastes
 * them with fresh ids (pasteLayers). Kept in memory for the page's life, not the system clipboard,
 * so an image copied in another app still reaches the image paste handler.
 */
import type { Layer } from '../../../engine/doc/types';

let copied: Layer[] = [];

export function copyLayers(layers: readonly Layer[]): void {
  copied = layers.map((layer) => structuredClone(layer));
}

/** Deep copies of what was copied (each paste gets its own objects). */
export function clipboardLayers(): Layer[] {
  return copied.map((layer) => structuredClone(layer));
}

export function hasClipboardLayers(): boolean {
  return copied.length > 0;
}

export function clearClipboard(): void {
  copied = [];
}
