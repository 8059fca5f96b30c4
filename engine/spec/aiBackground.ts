/**
 * AI background (task type `aibg`, SPEC §3 "AI background params"): the categories and options the
 * page offers, each option a prompt template for the generation server, and the three background
 * sources of SPEC §3. Shared by the page and the server's aibg processor.
 */

/** SPEC §3 background source. */
export const AibgSource = { NONE: 'None', CUSTOM_PROMPT: 'CustomPrompt', CUSTOM_IMAGE: 'CustomImage' } as const;
export type AibgSourceValue = (typeof AibgSource)[keyof typeof AibgSource];

export interface AibgOption {
  id: string;
  /** What the generator is asked for behind the subject. */
  prompt: string;
}
export interface AibgCategory {
  id: string;
  options: readonly AibgOption[];
}

/** One category: its id, then each option as [option id, what the generator is asked for behind the subject]. */
const category = (id: string, options: readonly (readonly [string, string])[]): AibgCategory => ({
  id,
  options: options.map(([optionId, prompt]) => ({ id: optionId, prompt })),
});

export const AIBG_CATEGORIES: readonly AibgCategory[] = [
  category('studio', [
    ['studio-white', 'clean white photo studio backdrop, soft box lighting, subtle floor shadow'],
    ['studio-pastel', 'pastel coloured seamless paper backdrop, soft diffused light'],
    ['studio-dark', 'dark moody studio, rim light, black backdrop'],
  ]),
  category('tabletop', [
    ['table-marble', 'on a white marble table top, blurred bright kitchen behind'],
    ['table-wood', 'on a rustic wooden table, warm morning light, blurred cafe behind'],
    ['table-podium', 'on a round stone podium, minimal geometric set, soft shadows'],
  ]),
  category('nature', [
    ['nature-meadow', 'spring meadow with flowers, shallow depth of field, golden hour'],
    ['nature-beach', 'sandy beach with turquoise sea, bright summer day'],
    ['nature-forest', 'moss covered rocks in a misty forest, soft light'],
    ['nature-mountains', 'misty mountains at sunrise, wide landscape'],
  ]),
  category('interior', [
    ['interior-living', 'bright scandinavian living room, plants, natural window light'],
    ['interior-bathroom', 'luxury bathroom counter, tiles, soft daylight'],
    ['interior-gallery', 'white art gallery, spotlights, polished concrete floor'],
  ]),
  category('city', [
    ['city-street', 'city street at dusk, bokeh lights, wet asphalt'],
    ['city-rooftop', 'rooftop terrace overlooking a skyline at sunset'],
  ]),
  category('holiday', [
    ['holiday-christmas', 'cosy christmas scene, fairy lights, pine branches, warm bokeh'],
    ['holiday-spring', 'easter spring scene, pastel flowers, soft light'],
  ]),
];

export function aibgOption(categoryId: string, optionId: string): AibgOption | undefined {
  return AIBG_CATEGORIES.find((c) => c.id === categoryId)?.options.find((o) => o.id === optionId);
}
