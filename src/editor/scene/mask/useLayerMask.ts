/**
 * The mask a layer node draws with (SPEC §3 `mask`): the one being painted on this layer (live
 * preview on the stage) or else the stored one. `version` is the paint session's stroke count, or
 * −1 for a stored mask, so caches made from the mask know when it changed.
 */
import type { Layer } from '../../../../engine/doc/types';
import { resolveImageUri, useCachedImage } from '../imageCache';
import { useScene } from '../sceneContext';
import { maskStore } from '../liveView';

export interface LayerMask {
  source: HTMLImageElement | HTMLCanvasElement | null;
  version: number;
}

export function useLayerMask(layer: Layer): LayerMask {
  const { assets, interactive } = useScene();
  const { image: stored } = useCachedImage(layer.mask ? resolveImageUri(layer.mask.uri, assets) : null);
  const session = maskStore.use((value) => (interactive && value?.purpose === 'mask' && value.layerId === layer.layerId ? value : null));
  return { source: session?.canvas ?? stored ?? null, version: session?.version ?? -1 };
}
