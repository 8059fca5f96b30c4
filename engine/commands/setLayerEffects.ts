import { defineCommand } from './defineCommand';
import type { Layer } from '../doc/types';
import { LAYER_EFFECT_KEYS, type LayerEffectField } from '../effects/layerEffectFields';

/** The layer's effect objects (engine/effects/layerEffectFields.ts) a patch may replace. */
export type LayerEffectsPatch = Partial<Pick<Layer, LayerEffectField>>;

/**
 * Replaces effect parameter objects of a layer (null removes an effect). Other keys in `patch`
 * are ignored, so a panel cannot change geometry through this command. Slider drags mark once.
 * @example editor.exec(setLayerEffects, { layerId, patch: { shadowParams: { ...defaultShadowParams(), enabled: true } } })
 */
export const setLayerEffects = defineCommand({
  name: 'layer.effects',
  label: 'commands.layer.effects',
  isEnabled: (editor, { layerId }: { layerId: string; patch: LayerEffectsPatch }) => !!editor.getLayer(layerId),
  run(editor, { layerId, patch }: { layerId: string; patch: LayerEffectsPatch }) {
    const picked: LayerEffectsPatch = {};
    for (const key of LAYER_EFFECT_KEYS) if (key in patch) (picked as Record<string, unknown>)[key] = patch[key] ?? null;
    editor.updateLayers([{ layerId, ...picked }]);
  },
});
