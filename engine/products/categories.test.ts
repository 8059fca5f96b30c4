import { describe, expect, it } from 'vitest';
import { AI_BACKGROUND_SCENES } from '../backgrounds/catalogue';
import { categoryForCocoLabel, isProductCategory, OTHER_CATEGORY, PRODUCT_CATEGORIES, scenesForCategory } from './categories';

describe('product categories', () => {
  it('suggest only scenes the AI background page offers', () => {
    for (const category of PRODUCT_CATEGORIES) {
      expect(category.scenes.length, category.id).toBeGreaterThan(0);
      for (const scene of category.scenes) expect(AI_BACKGROUND_SCENES, `${category.id}: ${scene}`).toContain(scene);
    }
  });

  it('put each COCO label in at most one category', () => {
    const seen = new Map<string, string>();
    for (const category of PRODUCT_CATEGORIES) {
      for (const label of category.coco) {
        expect(seen.get(label), label).toBeUndefined();
        seen.set(label, category.id);
      }
    }
  });

  it('map detector labels, and fall back to other', () => {
    expect(categoryForCocoLabel('cup')).toBe('kitchen');
    expect(categoryForCocoLabel('laptop')).toBe('electronics');
    expect(categoryForCocoLabel('stop sign')).toBe(OTHER_CATEGORY);
    expect(categoryForCocoLabel(null)).toBe(OTHER_CATEGORY);
    expect(scenesForCategory('nonsense')).toEqual(scenesForCategory(OTHER_CATEGORY));
    expect(isProductCategory('food')).toBe(true);
    expect(isProductCategory('Food')).toBe(false);
  });
});
