/**
 * The adjust-panel kinds of SPEC §3 and which of them a layer offers. Pure, so the test can check
 * that every kind is reachable and that each layer type gets only the kinds that mean something for it.
 */
import type { Layer } from '../../../../engine/doc/types';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';

/** SPEC §3 "Adjust-panel kinds", in SPEC order (camelCase ids; the labels are translated). */
export const ADJUST_PANEL_KINDS = [
  'opacity',
  'color',
  'adjust',
  'textSpacing',
  'textArc',
  'shadow',
  'outline',
  'reflection',
  'filter',
  'textBackground',
  'blendMode',
] as const;
export type AdjustPanelKind = (typeof ADJUST_PANEL_KINDS)[number];

/** The order the panel shows them: the layer's own look first, then its pixels, then effects around it. */
const DISPLAY_ORDER: readonly AdjustPanelKind[] = [
  'opacity',
  'color',
  'textSpacing',
  'textArc',
  'textBackground',
  'adjust',
  'filter',
  'shadow',
  'outline',
  'reflection',
  'blendMode',
];

/** Kinds that act on pixels: pictures (photos, stickers) only, or the whole canvas. */
const PICTURE_KINDS: ReadonlySet<AdjustPanelKind> = new Set(['adjust', 'filter']);
const TEXT_KINDS: ReadonlySet<AdjustPanelKind> = new Set(['textSpacing', 'textArc', 'textBackground']);

/** The kinds offered for one selected layer, in display order (the background has its own panel: none). */
export function kindsForLayer(layer: Pick<Layer, 'layerId' | 'valueType'>): AdjustPanelKind[] {
  if (layer.layerId === BACKGROUND_LAYER_ID) return [];
  return DISPLAY_ORDER.filter((kind) => {
    if (PICTURE_KINDS.has(kind)) return layer.valueType === 'img';
    if (TEXT_KINDS.has(kind)) return layer.valueType === 'text';
    // A colourful text keeps its own colour control; a plain colour layer is its colour.
    if (kind === 'color') return layer.valueType === 'img' || layer.valueType === 'text';
    return true;
  });
}

/** Kinds of the canvas-wide Adjust tool (project.adjustParams / filterParams). */
export const CANVAS_KINDS: readonly AdjustPanelKind[] = ['adjust', 'filter'];
