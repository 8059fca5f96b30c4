/** Committing an in-place text edit: the new text and the re-measured box in one undo step. */
import type { Editor } from '../../../engine/Editor';
import { editText, transformLayer } from '../../../engine/commands';
import { defaultFontForText } from '../../../engine/fonts/scriptFont';
import { cssFamilyFor } from '../../fonts/fontLoader';
import { curvedTextGeometry, measureTextBox } from '../scene/nodes/measureText';
import { anchoredRect } from './textAnchor';
import { textLayout } from '../scene/text/textStyle';

/** Sets a text layer's text (no-op when unchanged), with its new box, as one undo step. */
export function commitTextEdit(editor: Editor, layerId: string, text: string, lang?: string): void {
  const layer = editor.getLayer(layerId);
  if (!layer || layer.value.valueType !== 'text') return;
  const value = layer.value.text;
  if (value.text === text) return;
  const canvasW = editor.getProject().canvasW;
  // A CJK text in the system font switches to a bundled CJK font (editText): measure it in that font.
  const nextFont = defaultFontForText(value.fontName, text, lang) ?? value.fontName;
  const measure = (t: string, fontName = value.fontName) => {
    const layout = textLayout({ ...value, text: t, fontName }, canvasW, cssFamilyFor(fontName));
    return { layout, box: (value.curve !== 0 ? curvedTextGeometry(layout, value.curve) : null) ?? measureTextBox(layout) };
  };
  const before = measure(value.text);
  const after = measure(text, nextFont);
  editor.batch(editText.name, () => {
    editor.exec(editText, { layerId, text, lang });
    editor.exec(transformLayer, { layerId, rect: anchoredRect(layer.rect, before.box, after.box, before.layout.align) });
  });
}
