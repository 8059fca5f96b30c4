import { fontEntry } from '../fonts/catalogue';
import { defaultFontForText } from '../fonts/scriptFont';
import { defineCommand } from './defineCommand';
import { requireLayer } from './layerHelpers';

/** True for a plain or colourful text layer. */
export function isTextLayerId(editor: { getLayer(id: string): { valueType: string } | undefined }, layerId: string): boolean {
  const type = editor.getLayer(layerId)?.valueType;
  return type === 'text' || type === 'colorfulText';
}

export interface EditTextArgs {
  layerId: string;
  text: string;
  /** The interface language, which decides the CJK font when the characters alone do not. */
  lang?: string;
}

/**
 * Sets the text of a text or colourful-text layer. A plain text still in the default system font
 * that becomes Chinese, Japanese or Korean also gets the bundled font of its script (same step),
 * since the system font shows boxes for CJK where the system has no CJK font.
 * @example editor.exec(editText, { layerId, text: 'Hello' })
 */
export const editText = defineCommand({
  name: 'text.edit',
  label: 'commands.text.edit',
  isEnabled: (editor, { layerId }: EditTextArgs) => isTextLayerId(editor, layerId),
  run(editor, { layerId, text, lang }: EditTextArgs) {
    const layer = requireLayer(editor, layerId);
    const { value } = layer;
    if (value.valueType === 'text') {
      const font = defaultFontForText(value.text.fontName, text, lang);
      const fontFields = font ? { fontName: font, fontCategoryName: fontEntry(font)?.category ?? '' } : {};
      editor.updateLayers([{ layerId, value: { ...value, text: { ...value.text, text, ...fontFields } } }]);
    } else if (value.valueType === 'colorfulText') {
      editor.updateLayers([{ layerId, value: { ...value, colorfulText: { ...value.colorfulText, text } } }]);
    } else throw new Error(`Layer "${layerId}" is not a text layer`);
  },
});
