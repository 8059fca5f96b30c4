/**
 * The end of a Transformer resize/rotate (an effect of the gesture machine): commit it once, as one
 * undo step, unless Escape cancelled it, then put the nodes where the document says.
 */
import type Konva from 'konva';
import type { Editor } from '../../../engine/Editor';
import { setTextProps, transformLayer } from '../../../engine/commands';
import { resetNodeToLayer } from '../scene/nodes/layerAttrs';
import { rectFromTransformed, textPropsFromScale } from './transformCommit';

/** Applies a finished transform to the document: one undo step for all transformed layers. */
function commitTransform(editor: Editor, nodes: Konva.Node[]): void {
  const canvasW = editor.getProject().canvasW;
  editor.batch(transformLayer.name, () => {
    for (const node of nodes) {
      const layer = editor.getLayer(node.id());
      if (!layer) continue;
      const attrs = node.getAttrs() as { offsetX?: number; offsetY?: number };
      const transformed = {
        x: node.x(),
        y: node.y(),
        rotation: node.rotation(),
        scaleX: node.scaleX(),
        scaleY: node.scaleY(),
        offsetX: attrs.offsetX ?? 0,
        offsetY: attrs.offsetY ?? 0,
      };
      editor.exec(transformLayer, { layerId: layer.layerId, rect: rectFromTransformed(transformed) });
      if (layer.value.valueType === 'text') {
        const props = textPropsFromScale(layer.value.text, transformed.scaleX, transformed.scaleY, transformed.offsetX * 2, canvasW);
        if (props) editor.exec(setTextProps, { layerId: layer.layerId, props });
      }
    }
  });
}

export function finishTransform(editor: Editor, transformer: Konva.Transformer | null, cancelled: boolean): void {
  const nodes = transformer?.nodes() ?? [];
  if (!cancelled) commitTransform(editor, nodes);
  // Konva scaled the nodes itself: put them where the document says (scale back to ±1).
  for (const node of nodes) {
    const layer = editor.getLayer(node.id());
    if (layer) resetNodeToLayer(node, layer);
  }
  transformer?.forceUpdate();
}
