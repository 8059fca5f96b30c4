/**
 * Product categories of the AI background step (SPEC §3 `classifyCategoryId`, §7 `styleId`): what the
 * product recognition answers and the user may change. Each category names the COCO-80 classes the
 * detector maps into it and the /ai-background scenes (engine/backgrounds/catalogue.ts) that suit it,
 * first the best. COCO-80 has no class for most shop products (cosmetics, shoes, jewellery…): those
 * categories exist for the user's own choice, and the recogniser answers `other` for them.
 */

export interface ProductCategory {
  id: string;
  /** COCO-80 labels (as @vladmandic/human names them) that mean this category. */
  coco: readonly string[];
  /** Scene ids of AI_BACKGROUND_SCENES, best first. */
  scenes: readonly string[];
}

export const PRODUCT_CATEGORIES: readonly ProductCategory[] = [
  {
    id: 'food',
    coco: ['banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake'],
    scenes: ['scene-wooden-table', 'scene-tiled-kitchen', 'nature-spring-meadow', 'studio-warm-beige'],
  },
  {
    id: 'kitchen',
    coco: ['bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'microwave', 'oven', 'toaster', 'sink', 'refrigerator'],
    scenes: ['scene-tiled-kitchen', 'scene-wooden-table', 'scene-marble-table', 'studio-warm-beige'],
  },
  {
    id: 'electronics',
    coco: ['tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone'],
    scenes: ['scene-dark-podium', 'bokeh-city-night', 'scene-white-podium', 'scene-gallery'],
  },
  {
    id: 'furniture',
    coco: ['chair', 'couch', 'bed', 'dining table', 'bench', 'toilet'],
    scenes: ['scene-living-room', 'scene-gallery', 'studio-warm-beige', 'scene-pastel-arch'],
  },
  {
    id: 'homeDecor',
    coco: ['potted plant', 'vase', 'clock'],
    scenes: ['scene-living-room', 'scene-marble-table', 'scene-pastel-arch', 'nature-spring-meadow'],
  },
  { id: 'books', coco: ['book'], scenes: ['scene-wooden-table', 'scene-living-room', 'studio-warm-beige', 'scene-gallery'] },
  {
    id: 'fashion',
    coco: ['backpack', 'umbrella', 'handbag', 'tie', 'suitcase'],
    scenes: ['scene-pastel-arch', 'scene-white-podium', 'bokeh-golden-lights', 'scene-gallery'],
  },
  {
    id: 'beauty',
    coco: ['toothbrush', 'hair drier', 'scissors'],
    scenes: ['scene-marble-table', 'scene-pastel-arch', 'texture-marble', 'bokeh-golden-lights'],
  },
  { id: 'toys', coco: ['teddy bear', 'kite', 'frisbee'], scenes: ['scene-pastel-arch', 'nature-spring-meadow', 'scene-living-room', 'bokeh-golden-lights'] },
  {
    id: 'sports',
    coco: ['sports ball', 'skis', 'snowboard', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bicycle'],
    scenes: ['nature-misty-mountains', 'nature-ocean-waves', 'nature-sunset-dunes', 'scene-dark-podium'],
  },
  {
    id: 'vehicles',
    coco: ['car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat'],
    scenes: ['nature-sunset-dunes', 'bokeh-city-night', 'nature-misty-mountains', 'scene-dark-podium'],
  },
  {
    id: 'animals',
    coco: ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe'],
    scenes: ['nature-spring-meadow', 'scene-living-room', 'nature-misty-mountains', 'studio-warm-beige'],
  },
  { id: 'people', coco: ['person'], scenes: ['studio-warm-beige', 'bokeh-golden-lights', 'nature-ocean-waves', 'scene-gallery'] },
  { id: 'other', coco: [], scenes: ['scene-white-podium', 'scene-marble-table', 'studio-warm-beige', 'scene-gallery'] },
];

/** The fallback category: nothing recognised, or a class no category holds (traffic light, stop sign…). */
export const OTHER_CATEGORY = 'other';

export const PRODUCT_CATEGORY_IDS: readonly string[] = PRODUCT_CATEGORIES.map((c) => c.id);

/** True for one of {@link PRODUCT_CATEGORY_IDS}. */
export function isProductCategory(value: unknown): value is string {
  return typeof value === 'string' && PRODUCT_CATEGORY_IDS.includes(value);
}

/** The category of a COCO-80 label ({@link OTHER_CATEGORY} for unknown or unmapped labels). */
export function categoryForCocoLabel(label: string | null | undefined): string {
  if (!label) return OTHER_CATEGORY;
  return PRODUCT_CATEGORIES.find((c) => c.coco.includes(label))?.id ?? OTHER_CATEGORY;
}

/** The scenes that suit a category, best first (those of `other` for an unknown id). */
export function scenesForCategory(id: string): readonly string[] {
  return (PRODUCT_CATEGORIES.find((c) => c.id === id) ?? PRODUCT_CATEGORIES[PRODUCT_CATEGORIES.length - 1]).scenes;
}
