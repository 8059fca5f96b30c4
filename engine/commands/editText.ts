import { defineCommand } from './defineCommand';
import { requireLayer } from './layerHelpers';

/** True for a plain or colourful text layer. */
export function isTextLayerId(editor: { getLayer(id: string): { valueType: string } | undefined }, layerId: string): boolean {
  const type = editor.getLayer(layerId)?.valueType;
  return type === 'text' || type === 'colorfulText';
}

/**
 * Sets the text of a text or colourful-text layer.
 * @example editor.exec(editText, { layerId, text: 'Hello' })
 */
export const editText = defineCommand({
  name: 'text.edit',
  label: 'commands.text.edit',
  isEnabled: (editor, { layerId }: { layerId: string; text: string }) => isTextLayerId(editor, layerId),
  run(editor, { layerId, text }: { layerId: string; text: string }) {
    const layer = requireLayer(editor, layerId);
    const { value } = layer;
    if (value.valueType === 'text') {
      editor.updateLayers([{ layerId, value: { ...value, text: { ...value.text, text } } }]);
    } else if (value.valueType === 'colorfulText') {
      editor.updateLayers([{ layerId, value: { ...value, colorfulText: { ...value.colorfulText, text } } }]);
    } else throw new Error(`Layer "${layerId}" is not a text layer`);
  },
});
