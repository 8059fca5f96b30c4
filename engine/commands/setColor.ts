import { defineCommand } from './defineCommand';
import { normaliseColor } from '../doc/color';
import { requireLayer } from './layerHelpers';
import type { LayerPatch } from '../Editor';
import type { Layer } from '../doc/types';

/** The patch that gives `layer` colour `color` (already normalised; '' only clears an image tint). */
function colorPatch(layer: Layer, color: string): LayerPatch {
  const { value, layerId } = layer;
  switch (value.valueType) {
    case 'text':
      return { layerId, value: { ...value, text: { ...value.text, textColor: color } } };
    case 'color':
      return { layerId, value: { ...value, color: { color } } };
    case 'img':
      return { layerId, overColor: color };
    case 'shape':
      // A line's colour is its stroke; other shapes are coloured by their fill.
      return { layerId, value: { ...value, shape: value.shape.kind === 'line' ? { ...value.shape, stroke: color } : { ...value.shape, fill: color } } };
    case 'colorfulText': {
      const items = value.colorfulText.material.items.map((item) =>
        item.kind === 'text' ? { ...item, attributes: { ...item.attributes, colorStr: color } } : item,
      );
      return { layerId, value: { ...value, colorfulText: { ...value.colorfulText, material: { ...value.colorfulText.material, items } } } };
    }
  }
}

/**
 * Sets the colour of a layer: a text's textColor, a colour layer's colour, an image or sticker's
 * tint (overColor; '' removes the tint). Throws ColorFormatError (SPEC §5 message) for a bad colour.
 * A colour-picker drag marks once and passes `{ mark: false }`.
 * @example editor.exec(setColor, { layerId, color: '#FF0000' })
 */
export const setColor = defineCommand({
  name: 'layer.color',
  label: 'commands.layer.color',
  run(editor, { layerId, color }: { layerId: string; color: string }) {
    const layer = requireLayer(editor, layerId);
    const value = color === '' && layer.valueType === 'img' ? '' : normaliseColor(color);
    editor.updateLayers([colorPatch(layer, value)]);
  },
});
