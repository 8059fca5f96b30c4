/** Every name the effects panels show has a translation key (the locale test then checks all 14 languages). */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../locales';
import { flatten } from '../../../../locales/localeRules';
import { BLEND_MODES } from '../../../../engine/doc/types';
import { ADJUST_KEYS, ADJUSTMENTS } from '../../../../engine/doc/adjustRegistry';
import { FILTERS, FILTER_CATEGORIES } from '../../../../engine/effects/filters';
import { OUTLINE_TYPES } from '../../../../engine/effects/outline';
import { SHADOW_PRESETS } from '../../../../engine/effects/shadow';
import { ADJUST_GROUPS, PGRAIN_KEYS } from './adjustGroups';
import { TEXT_SHADOW_PRESET_ID } from '../../../../engine/effects/effectDefaults';
import { ADJUST_PANEL_KINDS } from './kinds';
import { TOOLS } from '../tools/tools';

const en = flatten(MESSAGES.en);
const de = flatten(MESSAGES.de);

describe('effects panel labels', () => {
  const keys = [
    ...ADJUST_KEYS.map((key) => ADJUSTMENTS[key].labelKey),
    ...PGRAIN_KEYS.map((key) => `effects.pgrain.${key}`),
    ...ADJUST_GROUPS.map((group) => `effects.groups.${group.id}`),
    ...ADJUST_PANEL_KINDS.map((kind) => `effects.kinds.${kind}`),
    ...FILTERS.map((filter) => filter.labelKey),
    ...FILTER_CATEGORIES.map((category) => category.labelKey),
    ...BLEND_MODES.map((mode) => `effects.blend.modes.${mode}`),
    ...[TEXT_SHADOW_PRESET_ID, ...SHADOW_PRESETS.map((preset) => preset.id)].map((id) => `effects.shadow.presetNames.${id}`),
    ...Object.values(OUTLINE_TYPES).map((style) => `effects.outline.types.${style}`),
    ...TOOLS.map((tool) => tool.labelKey),
  ];

  it.each(keys)('%s has English text and a translation', (key) => {
    expect(typeof en[key], key).toBe('string');
    expect(typeof de[key], key).toBe('string');
  });

  it('names all 27 blend modes differently', () => {
    const names = BLEND_MODES.map((mode) => en[`effects.blend.modes.${mode}`]);
    expect(new Set(names).size).toBe(27);
  });
});
