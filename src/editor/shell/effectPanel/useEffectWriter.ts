/**
 * Writes effect parameters of one target — a layer (setLayerEffects) or the whole canvas
 * (setCanvasEffects) — each write its own undo step, or a slider's gesture (one drag, one step). Updates read the
 * current value from the editor, not from the last render, so fast input events never lose a change.
 */
import { useMemo } from 'react';
import { setCanvasEffects, setLayerEffects, type Command, type LayerEffectsPatch } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { isCanvasEffectField, type CanvasEffectField } from '../../../../engine/effects/layerEffectFields';
import { useEditor } from '../../EditorContext';
import type { Gesture } from '../props/useGesture';

export type EffectTarget = { kind: 'layer'; layerId: string } | { kind: 'canvas' };
export type EffectKey = keyof LayerEffectsPatch;
export type EffectValue<K extends EffectKey> = Layer[K];

export interface EffectWriter {
  /** The undo step's name for gestures on this target. */
  gestureLabel: string;
  read<K extends EffectKey>(key: K): EffectValue<K>;
  /** The target layer as it is now (null for the canvas), e.g. for its current rect. */
  layer(): Layer | null;
  /**
   * Replaces one effect object with `fn(current)`, as its own undo step by default. `via`: a slider's
   * gesture (a drag is one step), or `mark` false to append to the open step (a colour-picker session).
   */
  update<K extends EffectKey>(key: K, fn: (current: EffectValue<K>) => EffectValue<K>, via?: Gesture | boolean): void;
}

export function useEffectWriter(target: EffectTarget): EffectWriter {
  const editor = useEditor();
  const layerId = target.kind === 'layer' ? target.layerId : null;

  return useMemo(() => {
    const read = <K extends EffectKey>(key: K): EffectValue<K> => {
      if (layerId !== null) return (editor.getLayer(layerId)?.[key] ?? null) as EffectValue<K>;
      return (isCanvasEffectField(key) ? editor.getProject()[key] : null) as EffectValue<K>;
    };
    const update = <K extends EffectKey>(key: K, fn: (current: EffectValue<K>) => EffectValue<K>, via: Gesture | boolean = true) => {
      const patch = { [key]: fn(read(key)) } as LayerEffectsPatch;
      const run = <Args>(command: Command<Args>, args: Args) => {
        if (typeof via === 'boolean') editor.exec(command, args, { mark: via });
        else via.exec(command, args);
      };
      if (layerId !== null) run(setLayerEffects, { layerId, patch });
      else if (isCanvasEffectField(key)) run(setCanvasEffects, { patch: patch as Pick<LayerEffectsPatch, CanvasEffectField> });
    };
    const layer = () => (layerId !== null ? (editor.getLayer(layerId) ?? null) : null);
    return { gestureLabel: layerId !== null ? setLayerEffects.name : setCanvasEffects.name, read, layer, update };
  }, [editor, layerId]);
}
