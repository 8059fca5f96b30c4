/**
 * "Clear layers" (SPEC §4): keep only the background layer and report whether any removed layer
 * needed pro, so the UI can tell the user that pro content went away.
 */
import { isPremiumFont } from '../fonts/catalogue';
import { BACKGROUND_LAYER_ID } from '../spec/kinds';
import type { Layer, Project } from './types';

/**
 * Whether a layer needs pro (SPEC §6): a pro resource (resNeedPro), a text in a premium font
 * (unlockType 1), or a pro colourful text style.
 * @example layerNeedsPro(createTextLayer({ text: 'a', canvasW: 9, canvasH: 9, fontName: 'Pacifico' })) // true
 */
export function layerNeedsPro(layer: Layer): boolean {
  if (layer.resNeedPro) return true;
  const { value } = layer;
  if (value.valueType === 'text') return value.text.colorfulTextStylePro || isPremiumFont(value.text.fontName);
  if (value.valueType === 'colorfulText') return !!value.colorfulText.material.pro;
  return false;
}

/**
 * The project with only its background layer (the first layer, bgLayer) left.
 * @example clearProjectLayers(project).neededPro // true when a removed layer needed pro
 */
export function clearProjectLayers(project: Project): { project: Project; neededPro: boolean } {
  const background = project.layers.find((layer) => layer.layerId === BACKGROUND_LAYER_ID) ?? project.layers[0];
  const removed = project.layers.filter((layer) => layer !== background);
  return {
    project: { ...project, layers: background ? [background] : [] },
    neededPro: removed.some(layerNeedsPro),
  };
}
