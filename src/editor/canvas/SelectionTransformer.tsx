/**
 * The Konva Transformer on the selected layers (not the background, locked, hidden or edited ones).
 * Konva previews the resize/rotate; the gesture machine owns the gesture (its start and end, Escape
 * putting the nodes back, the one undo step: transformEnd.ts). Shift keeps the ratio and snaps
 * rotation to 45° steps.
 */
import Konva from 'konva';
import { type RefObject, useEffect, useState } from 'react';
import { Transformer } from 'react-konva';
import type { EditorSnapshot } from '../../../engine/Editor';
import type { Layer } from '../../../engine/doc/types';
import { useEditorSelector } from '../EditorContext';
import { sameLayersApartFrom } from '../selectors';
import { editingTextStore } from './canvasStores';
import { findLayerNodes } from './layerNodes';
import { isCanvasMovable } from '../scene/nodes/layerAttrs';

const SHIFT_ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const ALL_ANCHORS = ['top-left', 'top-center', 'top-right', 'middle-right', 'middle-left', 'bottom-left', 'bottom-center', 'bottom-right'];
const TEXT_ANCHORS = ['top-left', 'top-right', 'middle-right', 'middle-left', 'bottom-left', 'bottom-right'];
const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
/** Gap between the selection box and a touch screen's handles, in screen pixels. */
const TOUCH_PADDING_PX = 12;
/** Smallest box (screen px) a resize may reach. */
const MIN_BOX_PX = 6;
export const SELECTION_COLOR = '#4f46e5';

/** The selected layers in selection order (the Transformer's node order). */
function selectedInSelectionOrder(snapshot: EditorSnapshot): Layer[] {
  const { selectedIds, project } = snapshot;
  return selectedIds.map((id) => project.layers.find((layer) => layer.layerId === id)).filter((layer): layer is Layer => !!layer);
}

const sameApartFromPosition = sameLayersApartFrom('position');

function useShiftKey(): boolean {
  const [shift, setShift] = useState(false);
  useEffect(() => {
    const update = (e: KeyboardEvent) => setShift(e.shiftKey);
    const clear = () => setShift(false);
    window.addEventListener('keydown', update);
    window.addEventListener('keyup', update);
    window.addEventListener('blur', clear);
    return () => {
      window.removeEventListener('keydown', update);
      window.removeEventListener('keyup', update);
      window.removeEventListener('blur', clear);
    };
  }, []);
  return shift;
}

interface SelectionTransformerProps {
  content: RefObject<Konva.Layer | null>;
  /** The Transformer node, for the gesture machine's effects (stop on Escape, commit at the end). */
  transformer: RefObject<Konva.Transformer | null>;
  onTransformStart(): void;
  onTransformEnd(): void;
}

export function SelectionTransformer({ content, transformer: ref, onTransformStart, onTransformEnd }: SelectionTransformerProps) {
  // A move needs no re-render: the Transformer follows its nodes' x/y itself (Konva attribute
  // events). Anything else about the selected layers (size, angle, content) refreshes the box.
  const selected = useEditorSelector(selectedInSelectionOrder, sameApartFromPosition);
  const editingId = editingTextStore.use((id) => id);
  const shift = useShiftKey();

  const shown = selected.filter((layer) => isCanvasMovable(layer) && layer.visible !== false && layer.layerId !== editingId);
  const ids = shown.map((layer) => layer.layerId);
  const single = shown.length === 1 ? shown[0] : undefined;
  const anchors = ids.length > 1 ? CORNERS : single?.value.valueType === 'text' ? (single.value.text.curve !== 0 ? CORNERS : TEXT_ANCHORS) : ALL_ANCHORS;
  const idsKey = ids.join('\u0000');

  // biome-ignore lint/correctness/useExhaustiveDependencies: ids is represented by idsKey; selected: a node may have been re-created or resized
  useEffect(() => {
    const transformer = ref.current;
    if (!transformer) return;
    const nodes = findLayerNodes(content.current, ids);
    const current = transformer.nodes();
    if (current.length !== nodes.length || current.some((node, i) => node !== nodes[i])) transformer.nodes(nodes);
    // Layer content may have changed size (text re-laid out): refresh the box.
    transformer.forceUpdate();
    // ids is represented by idsKey; selected: a node may have been re-created or resized.
  }, [idsKey, selected, content]);

  const coarse = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <Transformer
      ref={ref}
      name="selection-transformer"
      // On a touch screen: corner handles only, set a little away from the box, so they never cover a short text.
      enabledAnchors={coarse ? anchors.filter((anchor) => CORNERS.includes(anchor)) : anchors}
      padding={coarse ? TOUCH_PADDING_PX : 0}
      keepRatio={shift}
      shiftBehavior="none"
      rotationSnaps={shift ? SHIFT_ROTATION_SNAPS : []}
      rotationSnapTolerance={shift ? 22.5 : 0}
      flipEnabled={false}
      ignoreStroke
      borderStroke={SELECTION_COLOR}
      anchorStroke={SELECTION_COLOR}
      anchorFill="#ffffff"
      anchorSize={coarse ? 18 : 10}
      anchorCornerRadius={2}
      rotateAnchorOffset={coarse ? 32 : 24}
      boundBoxFunc={(oldBox, newBox) => (Math.abs(newBox.width) < MIN_BOX_PX || Math.abs(newBox.height) < MIN_BOX_PX ? oldBox : newBox)}
      onTransformStart={onTransformStart}
      onTransformEnd={onTransformEnd}
    />
  );
}
