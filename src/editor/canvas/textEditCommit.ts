/** Committing an in-place text edit: the new text and the re-measured box in one undo step. */
import type { Editor } from '../../../engine/Editor';
import { editText, transformLayer } from '../../../engine/commands';
import { cssFamilyFor } from '../../fonts/fontLoader';
import { curvedTextGeometry, measureTextBox } from './nodes/measureText';
import { anchoredRect } from './textAnchor';
import { textLayout } from './textStyle';

/** Sets a text layer's text (no-op when unchanged), with its new box, as one undo step. */
export function commitTextEdit(editor: Editor, layerId: string, text: string): void {
  const layer = editor.getLayer(layerId);
  if (!layer || layer.value.valueType !== 'text') return;
  const value = layer.value.text;
  if (value.text === text) return;
  const canvasW = editor.getProject().canvasW;
  const measure = (t: string) => {
    const layout = textLayout({ ...value, text: t }, canvasW, cssFamilyFor(value.fontName));
    return { layout, box: (value.curve !== 0 ? curvedTextGeometry(layout, value.curve) : null) ?? measureTextBox(layout) };
  };
  const before = measure(value.text);
  const after = measure(text);
  editor.batch(editText.name, () => {
    editor.exec(editText, { layerId, text });
    editor.exec(transformLayer, { layerId, rect: anchoredRect(layer.rect, before.box, after.box, before.layout.align) });
  });
}
