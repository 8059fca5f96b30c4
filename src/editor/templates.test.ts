import { describe, expect, it } from 'vitest';
import { isValidColor } from '../../engine/doc/color';
import en from '../../locales/sections/editor/en.json';
import { CANVAS_MAX_SIDE, CANVAS_MIN_SIDE, CANVAS_PRESETS, PRESET_GROUPS, checkSide, customSize, presetOfProject, presetSize } from './templates';

describe('canvas presets', () => {
  it('offers at least 12 presets with unique ids, each in a known group and within the size limits', () => {
    expect(CANVAS_PRESETS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(CANVAS_PRESETS.map((p) => p.id)).size).toBe(CANVAS_PRESETS.length);
    for (const preset of CANVAS_PRESETS) {
      expect(PRESET_GROUPS).toContain(preset.group);
      expect(checkSide(String(preset.width))).toEqual({ ok: true, value: preset.width });
      expect(checkSide(String(preset.height))).toEqual({ ok: true, value: preset.height });
      if (preset.background) expect(isValidColor(preset.background), preset.id).toBe(true);
    }
  });

  it('has the sizes people look for', () => {
    const size = (id: string) => CANVAS_PRESETS.find((p) => p.id === id);
    expect(size('square')).toMatchObject({ width: 1080, height: 1080 });
    expect(size('instagramStory')).toMatchObject({ width: 1080, height: 1920 });
    expect(size('youtubeThumbnail')).toMatchObject({ width: 1280, height: 720 });
    expect(size('a4')).toMatchObject({ width: 2480, height: 3508 });
    expect(size('presentation')).toMatchObject({ width: 1920, height: 1080 });
    expect(size('productWhite')).toMatchObject({ width: 2000, height: 2000, templateId: 'product_white', background: '#FFFFFFFF' });
  });

  it('has a label for every preset and group in the English strings', () => {
    const sizes = en.sizes as Record<string, unknown>;
    for (const preset of CANVAS_PRESETS) expect(sizes, preset.id).toHaveProperty(preset.id);
    for (const group of PRESET_GROUPS) expect(en.sizeGroups, group).toHaveProperty(group);
  });

  it('turns a preset into document fields and finds it again', () => {
    const preset = CANVAS_PRESETS.find((p) => p.id === 'productWhite')!;
    const fields = presetSize(preset);
    expect(fields).toEqual({ canvasW: 2000, canvasH: 2000, canvasSizeId: 'product_2000', templateId: 'product_white', background: '#FFFFFFFF' });
    expect(presetOfProject(fields)?.id).toBe('productWhite');
    expect(presetOfProject({ ...fields, canvasW: 1999 })).toBeUndefined();
    expect(presetOfProject(customSize(1080, 1080))).toBeUndefined();
  });
});

describe('custom size validation', () => {
  it('accepts whole numbers from 16 to 8192, spaces around allowed', () => {
    expect(checkSide(String(CANVAS_MIN_SIDE))).toEqual({ ok: true, value: 16 });
    expect(checkSide(String(CANVAS_MAX_SIDE))).toEqual({ ok: true, value: 8192 });
    expect(checkSide(' 1200 ')).toEqual({ ok: true, value: 1200 });
  });

  it('names what is wrong', () => {
    expect(checkSide('')).toEqual({ ok: false, error: 'required' });
    expect(checkSide('   ')).toEqual({ ok: false, error: 'required' });
    expect(checkSide('12.5')).toEqual({ ok: false, error: 'notWhole' });
    expect(checkSide('-20')).toEqual({ ok: false, error: 'notWhole' });
    expect(checkSide('1e3')).toEqual({ ok: false, error: 'notWhole' });
    expect(checkSide('15')).toEqual({ ok: false, error: 'tooSmall' });
    expect(checkSide('0')).toEqual({ ok: false, error: 'tooSmall' });
    expect(checkSide('8193')).toEqual({ ok: false, error: 'tooLarge' });
  });

  it('marks a custom size as custom', () => {
    expect(customSize(800, 600)).toEqual({ canvasW: 800, canvasH: 600, canvasSizeId: 'custom', templateId: '' });
  });
});
