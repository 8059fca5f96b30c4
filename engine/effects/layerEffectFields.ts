/**
 * The effect parameter objects a layer carries (SPEC §3 Layer: filterParams … reflectionParams), one row each:
 * the panel kind that edits it and whether the canvas-wide Adjust tool edits the project's field of the same name.
 * The undo command (commands/setLayerEffects.ts, setCanvasEffects.ts), the original view of hold-to-compare
 * (withoutEffects.ts), the panel's effect writer and its compare button read this table, so a new effect object is
 * one row here (beside its type and schema in engine/doc).
 */
import type { Layer } from '../doc/types';

export interface LayerEffectFieldDef {
  /** The SPEC §3 adjust-panel kind whose section edits the field. */
  panelKind: 'filter' | 'blendMode' | 'outline' | 'shadow' | 'adjust' | 'reflection';
  /** The project has a field of the same name, edited by the canvas-wide Adjust tool. */
  canvas: boolean;
}

const table = {
  filterParams: { panelKind: 'filter', canvas: true },
  blendParams: { panelKind: 'blendMode', canvas: false },
  outlineParams: { panelKind: 'outline', canvas: false },
  shadowParams: { panelKind: 'shadow', canvas: false },
  adjustParams: { panelKind: 'adjust', canvas: true },
  reflectionParams: { panelKind: 'reflection', canvas: false },
} as const satisfies Record<string, LayerEffectFieldDef>;

export type LayerEffectField = keyof typeof table & keyof Layer;
/** The fields the canvas-wide Adjust tool edits on the project. */
export type CanvasEffectField = { [K in LayerEffectField]: (typeof table)[K]['canvas'] extends true ? K : never }[LayerEffectField];

/** The layer effect fields in stored order. */
export const LAYER_EFFECT_KEYS = Object.freeze(Object.keys(table)) as readonly LayerEffectField[];

/** The fields the project carries too (its adjustments and filter), in stored order. */
export const CANVAS_EFFECT_KEYS = LAYER_EFFECT_KEYS.filter((key): key is CanvasEffectField => table[key].canvas);

/** The panel kinds that edit an effect object (the ones hold-to-compare is worth offering for). */
export const EFFECT_PANEL_KINDS: ReadonlySet<LayerEffectFieldDef['panelKind']> = new Set(LAYER_EFFECT_KEYS.map((key) => table[key].panelKind));

export function isCanvasEffectField(key: LayerEffectField): key is CanvasEffectField {
  return table[key].canvas;
}
