/**
 * The background library: {@link BACKGROUNDS} in picker order, grouped by {@link BACKGROUND_CATEGORIES}.
 * Every background is drawn procedurally from these parameters (original art under the project licence);
 * nothing is downloaded. The server renders them (`GET /api/backgrounds`, `/api/backgrounds/<id>/thumb.png`).
 */
import { BOKEH, GEOMETRIC, SCENE } from './library/bokehGeometricScene';
import { NATURE, TEXTURE } from './library/natureTexture';
import { GRADIENT, PASTEL, STUDIO } from './library/studioGradientPastel';
import { BACKGROUND_CATEGORIES, type BackgroundCategory, type BackgroundDef } from './types';

export * from './types';

export const BACKGROUNDS: readonly BackgroundDef[] = [...STUDIO, ...GRADIENT, ...PASTEL, ...NATURE, ...TEXTURE, ...BOKEH, ...GEOMETRIC, ...SCENE];

const BY_ID = new Map(BACKGROUNDS.map((bg) => [bg.id, bg]));

/** The definition with this id, or undefined (ids are case-sensitive). */
export function backgroundById(id: string): BackgroundDef | undefined {
  return BY_ID.get(id);
}

/** Categories that hold at least one background, in picker order. */
export const USED_CATEGORIES: readonly BackgroundCategory[] = BACKGROUND_CATEGORIES.filter((c) => BACKGROUNDS.some((bg) => bg.category === c));

/**
 * The scenes the /ai-background page offers: rooms, landscapes, lights and studios, i.e. backgrounds a product
 * can plausibly stand in (a generative model would need a ComfyUI server; these are drawn).
 */
export const AI_BACKGROUND_SCENES: readonly string[] = [
  'scene-marble-table',
  'scene-wooden-table',
  'scene-white-podium',
  'scene-pastel-arch',
  'scene-living-room',
  'scene-tiled-kitchen',
  'scene-dark-podium',
  'scene-gallery',
  'nature-spring-meadow',
  'nature-sunset-dunes',
  'nature-ocean-waves',
  'nature-misty-mountains',
  'bokeh-golden-lights',
  'bokeh-city-night',
  'studio-warm-beige',
  'texture-marble',
];
