/**
 * Names shown for layers in the layers panel: the user's name if set, else one derived from the value.
 * `layerLabel` gives an i18n key plus the text snippet for translated UIs; `layerDisplayName` is the
 * English fallback.
 */
import { BACKGROUND_LAYER_ID, LayerKind } from './spec/kinds';
import type { Layer } from './doc/types';

/** Longest text snippet shown in a derived name. */
export const LABEL_TEXT_MAX = 24;

export type LayerLabelKind = 'background' | 'text' | 'sticker' | 'image' | 'color' | 'texture' | 'shape';

/** What a layer is, for its derived name. */
export function layerLabelKind(layer: Layer): LayerLabelKind {
  if (layer.layerId === BACKGROUND_LAYER_ID) return 'background';
  if (layer.valueType === 'text' || layer.valueType === 'colorfulText') return 'text';
  if (layer.type === LayerKind.STICKER || layer.resType === 'sticker') return 'sticker';
  if (layer.valueType === 'color') return 'color';
  if (layer.valueType === 'shape') return 'shape';
  if (layer.type === LayerKind.TEXTURE) return 'texture';
  return 'image';
}

/** First line of a text layer's text, trimmed and shortened with an ellipsis; '' for other layers. */
export function layerTextSnippet(layer: Layer): string {
  const { value } = layer;
  const raw = value.valueType === 'text' ? value.text.text : value.valueType === 'colorfulText' ? value.colorfulText.text : '';
  const line = raw.split('\n').find((part) => part.trim()) ?? '';
  const trimmed = line.trim();
  return trimmed.length > LABEL_TEXT_MAX ? `${trimmed.slice(0, LABEL_TEXT_MAX - 1)}…` : trimmed;
}

/**
 * The i18n key (`editor.layers.kind.<kind>`) and text snippet of a layer's derived name; `name` is
 * set when the user named the layer (then no key is needed).
 */
export function layerLabel(layer: Layer): { name: string; kind: LayerLabelKind; text: string } {
  return { name: layer.name.trim(), kind: layerLabelKind(layer), text: layerTextSnippet(layer) };
}

const ENGLISH: Record<LayerLabelKind, string> = {
  background: 'Background',
  text: 'Text',
  sticker: 'Sticker',
  image: 'Image',
  color: 'Color',
  texture: 'Texture',
  shape: 'Shape',
};

/**
 * The layer's name, or an English derived one: 'Text: Hello', 'Image', 'Sticker', 'Background'.
 * @example layerDisplayName(textLayer) // 'Text: Hello'
 */
export function layerDisplayName(layer: Layer): string {
  const { name, kind, text } = layerLabel(layer);
  if (name) return name;
  return kind === 'text' && text ? `${ENGLISH.text}: ${text}` : ENGLISH[kind];
}
