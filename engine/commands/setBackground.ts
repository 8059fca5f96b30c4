import { defineCommand } from './defineCommand';
import { createBackgroundLayer, createImageValue } from '../doc/factories';
import { normaliseColor } from '../doc/color';
import { BACKGROUND_LAYER_ID, LayerKind } from '../spec/kinds';
import type { Layer } from '../doc/types';

export type SetBackgroundArgs = { color: string } | { uri: string; name: string; naturalW: number; naturalH: number };

/** Source-pixel crop that makes a `naturalW × naturalH` picture cover a `w × h` box (centred). */
export function coverCrop(naturalW: number, naturalH: number, w: number, h: number): { x: number; y: number; w: number; h: number } | null {
  if (!(naturalW > 0 && naturalH > 0 && w > 0 && h > 0)) return null;
  const scale = Math.max(w / naturalW, h / naturalH);
  const cropW = w / scale;
  const cropH = h / scale;
  return { x: (naturalW - cropW) / 2, y: (naturalH - cropH) / 2, w: cropW, h: cropH };
}

/**
 * Makes the background layer a colour or a picture (kind 2, background resource) covering the
 * canvas. Throws ColorFormatError for a bad colour.
 * @example editor.exec(setBackground, { color: '#000000' })
 */
export const setBackground = defineCommand({
  name: 'background.set',
  label: 'commands.background.set',
  run(editor, args: SetBackgroundArgs) {
    const { canvasW, canvasH } = editor.getProject();
    const current = editor.getLayer(BACKGROUND_LAYER_ID) ?? createBackgroundLayer(canvasW, canvasH);
    const base: Layer = { ...current, type: LayerKind.BACKGROUND_RESOURCE, rect: { x: 0, y: 0, w: canvasW, h: canvasH, angle: 0 } };
    const next: Layer =
      'color' in args
        ? { ...base, valueType: 'color', valueSource: 'none', value: { valueType: 'color', color: { color: normaliseColor(args.color) } } }
        : {
            ...base,
            valueType: 'img',
            valueSource: 'original',
            value: { valueType: 'img', img: { ...createImageValue(args.uri, args.name), cropRect: coverCrop(args.naturalW, args.naturalH, canvasW, canvasH) } },
          };
    if (editor.getLayer(BACKGROUND_LAYER_ID)) editor.updateLayers([next]);
    else editor.addLayers([next], 0);
  },
});
