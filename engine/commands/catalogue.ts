/**
 * Every editor command in one list: the menus, the keyboard table and the checks that each has a
 * translated label and no clashing shortcut (src/editor/commandCatalogue.test.ts) read it. A new
 * command file goes here too.
 */
import { addLayer } from './addLayer';
import { applyImageResult } from './applyImageResult';
import { clearLayers } from './clearLayers';
import { cropImage } from './cropImage';
import type { Command } from './defineCommand';
import { deleteLayers } from './deleteLayers';
import { duplicateLayers } from './duplicateLayers';
import { editText } from './editText';
import { flipLayers } from './flipLayers';
import { renameLayer, setLayerLocked, setLayerVisibility } from './layerMeta';
import { moveLayers } from './moveLayers';
import { pasteLayers } from './pasteLayers';
import { reorderLayer } from './reorderLayer';
import { replaceImage } from './replaceImage';
import { setBackground } from './setBackground';
import { setCanvasEffects } from './setCanvasEffects';
import { setCanvasSize } from './setCanvasSize';
import { setColor } from './setColor';
import { setFont } from './setFont';
import { setLayerEffects } from './setLayerEffects';
import { setLayerMask } from './setLayerMask';
import { setOpacity } from './setOpacity';
import { setShapeStyle } from './setShapeStyle';
import { setTextProps } from './setTextProps';
import { transformLayer } from './transformLayer';

/** Any command, whatever its arguments (for lists; run one through its own typed export). */
export type AnyCommand = Command<any, any>;

export const COMMANDS: readonly AnyCommand[] = [
  addLayer,
  applyImageResult,
  clearLayers,
  cropImage,
  deleteLayers,
  duplicateLayers,
  editText,
  flipLayers,
  renameLayer,
  setLayerVisibility,
  setLayerLocked,
  moveLayers,
  pasteLayers,
  reorderLayer,
  replaceImage,
  setBackground,
  setCanvasEffects,
  setCanvasSize,
  setColor,
  setFont,
  setLayerEffects,
  setLayerMask,
  setOpacity,
  setShapeStyle,
  setTextProps,
  transformLayer,
];
