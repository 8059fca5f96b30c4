import { defineCommand } from './defineCommand';
import { isTextLayerId } from './editText';
import { requireLayer } from './layerHelpers';

export interface SetFontArgs {
  layerId: string;
  fontName: string;
  fontCategoryName?: string;
  premium: boolean;
}

/**
 * Sets a text layer's font. A premium font (unlockType 1) makes the layer need pro; a free font
 * clears that unless a pro colourful style still needs it. On a colourful text, every text item
 * of the style gets the font.
 * @example editor.exec(setFont, { layerId, fontName: 'Pacifico', premium: true })
 */
export const setFont = defineCommand({
  name: 'text.font',
  label: 'commands.text.font',
  isEnabled: (editor, { layerId }: SetFontArgs) => isTextLayerId(editor, layerId),
  run(editor, { layerId, fontName, fontCategoryName, premium }: SetFontArgs) {
    const layer = requireLayer(editor, layerId);
    const { value } = layer;
    if (value.valueType === 'text') {
      const text = { ...value.text, fontName, fontCategoryName: fontCategoryName ?? value.text.fontCategoryName };
      editor.updateLayers([{ layerId, resNeedPro: premium || text.colorfulTextStylePro, value: { valueType: 'text', text } }]);
    } else if (value.valueType === 'colorfulText') {
      const { material } = value.colorfulText;
      const items = material.items.map((item) =>
        item.kind !== 'text'
          ? item
          : {
              ...item,
              attributes: { ...item.attributes, fontFileName: fontName, fontCategoryName: fontCategoryName ?? item.attributes.fontCategoryName },
            },
      );
      editor.updateLayers([
        {
          layerId,
          resNeedPro: premium || !!material.pro,
          value: { valueType: 'colorfulText', colorfulText: { ...value.colorfulText, material: { ...material, items } } },
        },
      ]);
    } else throw new Error(`Layer "${layerId}" is not a text layer`);
  },
});
