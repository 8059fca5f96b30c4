import { normaliseColor } from '../doc/color';
import type { ShapeValue } from '../doc/types';
import { MAX_SHAPE_STROKE } from '../spec/limits';
import { defineCommand } from './defineCommand';
import { finite, requireLayer } from './layerHelpers';

export type ShapeStylePatch = Partial<Omit<ShapeValue, 'kind'>>;

/** A patch with colours normalised ('' stays none) and sizes kept in range. */
function cleanPatch(patch: ShapeStylePatch): ShapeStylePatch {
  const clean: ShapeStylePatch = {};
  if (patch.fill !== undefined) clean.fill = patch.fill ? normaliseColor(patch.fill) : '';
  if (patch.stroke !== undefined) clean.stroke = patch.stroke ? normaliseColor(patch.stroke) : '';
  if (patch.strokeWidth !== undefined) clean.strokeWidth = Math.max(0, Math.min(MAX_SHAPE_STROKE, finite(patch.strokeWidth, 0)));
  if (patch.radius !== undefined) clean.radius = Math.max(0, finite(patch.radius, 0));
  return clean;
}

/**
 * Changes a shape's fill, outline colour, outline width or corner radius (one undo step; a slider
 * drag appends to one gesture).
 * @example editor.exec(setShapeStyle, { layerId, patch: { fill: '#FF0000', radius: 24 } })
 */
export const setShapeStyle = defineCommand({
  name: 'shape.style',
  label: 'commands.shape.style',
  isEnabled: (editor, { layerId }: { layerId: string; patch: ShapeStylePatch }) => editor.getLayer(layerId)?.valueType === 'shape',
  run(editor, { layerId, patch }: { layerId: string; patch: ShapeStylePatch }) {
    const layer = requireLayer(editor, layerId);
    if (layer.value.valueType !== 'shape') throw new Error(`Layer "${layerId}" is not a shape`);
    const shape = { ...layer.value.shape, ...cleanPatch(patch) };
    editor.updateLayers([{ layerId, value: { valueType: 'shape', shape } }]);
  },
});
