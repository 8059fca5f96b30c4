import { defineCommand } from './defineCommand';
import { normaliseColor } from '../doc/color';
import { requireLayer } from './layerHelpers';
import type { TextValue } from '../doc/types';

/** Validates and normalises the colours in a text patch; throws ColorFormatError for a bad one. */
function normaliseTextPatch(props: Partial<TextValue>): Partial<TextValue> {
  const out = { ...props };
  if (out.textColor !== undefined) out.textColor = normaliseColor(out.textColor);
  // '' means "no text background".
  if (out.backgroundColor) out.backgroundColor = normaliseColor(out.backgroundColor);
  if (out.curve !== undefined) out.curve = Math.max(-100, Math.min(100, out.curve));
  if (out.fontSize !== undefined) out.fontSize = Math.max(1, out.fontSize);
  return out;
}

/**
 * Patches a plain text layer's style (size, spacing, gravity, colours, curve…). A slider drag
 * marks once and passes `{ mark: false }`. A pro colourful style marks the layer as needing pro.
 * @example editor.exec(setTextProps, { layerId, props: { fontSize: 120, gravity: 0 } })
 */
export const setTextProps = defineCommand({
  name: 'text.style',
  label: 'commands.text.style',
  isEnabled: (editor, { layerId }: { layerId: string; props: Partial<TextValue> }) => editor.getLayer(layerId)?.valueType === 'text',
  run(editor, { layerId, props }: { layerId: string; props: Partial<TextValue> }) {
    const layer = requireLayer(editor, layerId);
    if (layer.value.valueType !== 'text') throw new Error(`Layer "${layerId}" is not a text layer`);
    const text = { ...layer.value.text, ...normaliseTextPatch(props) };
    const resNeedPro = props.colorfulTextStylePro === undefined ? layer.resNeedPro : layer.resNeedPro || text.colorfulTextStylePro;
    editor.updateLayers([{ layerId, resNeedPro, value: { valueType: 'text', text } }]);
  },
});
