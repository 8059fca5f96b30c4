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

export const AIBG_CATEGORIES: readonly AibgCategory[] = [
  {
    id: 'studio',
    options: [
      { id: 'studio-white', prompt: 'clean white photo studio backdrop, soft box lighting, subtle floor shadow' },
      { id: 'studio-pastel', prompt: 'pastel coloured seamless paper backdrop, soft diffused light' },
      { id: 'studio-dark', prompt: 'dark moody studio, rim light, black backdrop' },
    ],
  },
  {
    id: 'tabletop',
    options: [
      { id: 'table-marble', prompt: 'on a white marble table top, blurred bright kitchen behind' },
      { id: 'table-wood', prompt: 'on a rustic wooden table, warm morning light, blurred cafe behind' },
      { id: 'table-podium', prompt: 'on a round stone podium, minimal geometric set, soft shadows' },
    ],
  },
  {
    id: 'nature',
    options: [
      { id: 'nature-meadow', prompt: 'spring meadow with flowers, shallow depth of field, golden hour' },
      { id: 'nature-beach', prompt: 'sandy beach with turquoise sea, bright summer day' },
      { id: 'nature-forest', prompt: 'moss covered rocks in a misty forest, soft light' },
      { id: 'nature-mountains', prompt: 'misty mountains at sunrise, wide landscape' },
    ],
  },
  {
    id: 'interior',
    options: [
      { id: 'interior-living', prompt: 'bright scandinavian living room, plants, natural window light' },
      { id: 'interior-bathroom', prompt: 'luxury bathroom counter, tiles, soft daylight' },
      { id: 'interior-gallery', prompt: 'white art gallery, spotlights, polished concrete floor' },
    ],
  },
  {
    id: 'city',
    options: [
      { id: 'city-street', prompt: 'city street at dusk, bokeh lights, wet asphalt' },
      { id: 'city-rooftop', prompt: 'rooftop terrace overlooking a skyline at sunset' },
    ],
  },
  {
    id: 'holiday',
    options: [
      { id: 'holiday-christmas', prompt: 'cosy christmas scene, fairy lights, pine branches, warm bokeh' },
      { id: 'holiday-spring', prompt: 'easter spring scene, pastel flowers, soft light' },
    ],
  },
];

export function aibgOption(categoryId: string, optionId: string): AibgOption | undefined {
  return AIBG_CATEGORIES.find((c) => c.id === categoryId)?.options.find((o) => o.id === optionId);
}
