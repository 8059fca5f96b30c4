import { describe, expect, it } from 'vitest';
import { createColorfulTextLayer, createImageLayer, createProject, createStickerLayer, createTextLayer, fitRect } from './factories';
import {
  DEFAULT_LAYER_OPACITY,
  TEXT_SHADOW_PRESET,
  defaultAdjustParams,
  defaultBlendParams,
  defaultFilterParams,
  defaultOutlineParams,
  defaultReflectionParams,
  defaultShadowParams,
} from './defaults';
import { createLayerId } from './ids';
import { curvedTextMaxWidth, isBoldRoundedFont, textMaxWidth } from './textRules';
import { CURRENT_SCHEMA_VERSION } from './migrations';
import type { ColorfulTextMaterial } from './types';

describe('SPEC §9 defaults', () => {
  it('has the SPEC numbers', () => {
    expect(DEFAULT_LAYER_OPACITY).toBe(100);
    expect(defaultFilterParams().strength).toBe(100);
    expect(defaultBlendParams()).toEqual({ mode: 'Normal', opacity: 1 });
    expect(defaultOutlineParams().size).toBe(20);
    expect(defaultShadowParams()).toMatchObject({ opacity: 100, shapeLength: 20, enabled: false });
    expect(TEXT_SHADOW_PRESET).toEqual({ opacity: 40, blur: 12 });
    expect(
      Object.values(defaultAdjustParams())
        .filter((v) => typeof v === 'number')
        .every((v) => v === 0),
    ).toBe(true);
    expect(defaultReflectionParams().enabled).toBe(false);
  });

  it('returns fresh objects', () => {
    const a = defaultAdjustParams();
    a.pgrain.size = 5;
    expect(defaultAdjustParams().pgrain.size).toBe(0);
  });
});

describe('text rules', () => {
  it('subtracts 80 for text and 720 for curved text, never below 1', () => {
    expect(textMaxWidth(1080)).toBe(1000);
    expect(curvedTextMaxWidth(1080)).toBe(360);
    expect(textMaxWidth(50)).toBe(1);
    expect(curvedTextMaxWidth(700)).toBe(1);
  });

  it('gives rounded Bold fonts the bold style only', () => {
    expect(isBoldRoundedFont('MPLUSRounded1cBold')).toBe(true);
    expect(isBoldRoundedFont('VarelaRound')).toBe(false);
    expect(isBoldRoundedFont('RobotoBold')).toBe(false);
  });
});

describe('createProject', () => {
  it('makes a PROJ_ project with a white background layer covering the canvas', () => {
    const p = createProject({ type: 'project', canvasW: 1080, canvasH: 1350, name: 'Poster' });
    expect(p.projectId).toMatch(/^PROJ_[0-9A-Za-z]{24}$/);
    expect(p).toMatchObject({ schemaVersion: CURRENT_SCHEMA_VERSION, platform: 'web', exportW: 1080, exportH: 1350, name: 'Poster' });
    expect(p.layers).toHaveLength(1);
    expect(p.layers[0]).toMatchObject({
      layerId: 'bgLayer',
      type: 2,
      valueType: 'color',
      index: 0,
      rect: { x: 0, y: 0, w: 1080, h: 1350, angle: 0 },
      value: { valueType: 'color', color: { color: '#FFFFFFFF' } },
    });
  });

  it('uses CUT_ for cut-outs, IDP_ for ID photos and the given background', () => {
    expect(createProject({ type: 'cutouts', canvasW: 1, canvasH: 1 }).projectId).toMatch(/^CUT_/);
    expect(createProject({ type: 'project', canvasW: 1, canvasH: 1, idPhoto: true }).projectId).toMatch(/^PROJ_IDP_/);
    const p = createProject({ type: 'project', canvasW: 10, canvasH: 10, background: '#ff0000' });
    expect(p.layers[0].value).toEqual({ valueType: 'color', color: { color: '#FF0000FF' } });
  });
});

describe('layer factories', () => {
  it('layer ids are L_ and unique', () => {
    const ids = new Set(Array.from({ length: 500 }, createLayerId));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^L_[0-9A-Za-z]{16}$/);
  });

  it('fits an image into 80% of the canvas, centred', () => {
    const layer = createImageLayer({ uri: 'asset:x', name: 'a.png', naturalW: 2000, naturalH: 1000, canvasW: 1000, canvasH: 1000 });
    expect(layer.rect).toEqual({ x: 100, y: 300, w: 800, h: 400, angle: 0 });
    expect(layer).toMatchObject({ type: 0, valueType: 'img', valueSource: 'original', opacity: 100, visible: true, locked: false });
    expect(layer.value).toEqual({ valueType: 'img', img: { name: 'a.png', uri: 'asset:x', type: 1, canChange: true, cropRect: null } });
    expect(fitRect(100, 400, 1000, 1000)).toEqual({ x: 400, y: 100, w: 200, h: 800, angle: 0 });
  });

  it('marks remote images type 2', () => {
    const layer = createImageLayer({ uri: 'https://x/y.png', name: '', naturalW: 1, naturalH: 1, canvasW: 1, canvasH: 1 });
    expect(layer.value.valueType === 'img' && layer.value.img.type).toBe(2);
  });

  it('makes stickers kind 3 from a resource, not replaceable', () => {
    const layer = createStickerLayer({ resId: 's1', uri: '/s.svg', naturalW: 64, naturalH: 64, canvasW: 500, canvasH: 500, resNeedPro: true });
    expect(layer).toMatchObject({ type: 3, resType: 'sticker', valueSource: 'res', resId: 's1', resNeedPro: true });
    expect(layer.value.valueType === 'img' && layer.value.img.canChange).toBe(false);
  });

  it('makes centred text layers wrapping at canvasW − 80', () => {
    const layer = createTextLayer({ text: 'Hello', canvasW: 1080, canvasH: 1080, fontName: 'Pacifico', textColor: '#ff0000', premium: true });
    expect(layer).toMatchObject({ type: 4, valueType: 'text', resNeedPro: true });
    expect(layer.value.valueType === 'text' && layer.value.text).toMatchObject({ text: 'Hello', fontName: 'Pacifico', textMaxW: 1000, textColor: '#FF0000FF' });
    expect(layer.rect.x + layer.rect.w / 2).toBeCloseTo(540);
    expect(layer.rect.y + layer.rect.h / 2).toBeCloseTo(540);
    expect(layer.rect.w).toBeLessThanOrEqual(1000);
  });

  it('makes colourful text layers that need pro when the style does', () => {
    const material: ColorfulTextMaterial = { colorfulId: 'neon', width: 600, height: 200, items: [], pro: true };
    const layer = createColorfulTextLayer({ material, text: 'Hi', canvasW: 1080, canvasH: 1080 });
    expect(layer).toMatchObject({ type: 4, valueType: 'colorfulText', resNeedPro: true, resId: 'neon' });
    expect(layer.rect).toEqual({ x: 240, y: 440, w: 600, h: 200, angle: 0 });
    const free = createColorfulTextLayer({ material: { ...material, pro: false }, text: 'Hi', canvasW: 300, canvasH: 300 });
    expect(free.resNeedPro).toBe(false);
    expect(free.rect.w).toBeCloseTo(240);
  });
});
