import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { createColorfulTextLayer } from '../doc/factories';
import { defaultShadowParams } from '../doc/defaults';
import type { ColorfulTextMaterial } from '../doc/types';
import { clearLayers, editText, replaceImage, setBackground, setCanvasSize, setColor, setFont, setLayerEffects, setTextProps } from './index';

const material: ColorfulTextMaterial = {
  colorfulId: 'neon',
  width: 400,
  height: 100,
  pro: true,
  items: [
    {
      kind: 'text',
      text: 'Default',
      isDefTextContent: true,
      rect: { x: 0, y: 0, w: 400, h: 100 },
      opacity: 1,
      attributes: {
        fontSize: 60,
        fontFileName: 'Lobster',
        fontCategoryName: '',
        colorStr: '#FFFFFF',
        wordSpacing: 0,
        alignment: 1,
        opacity: 1,
        lineSpacing: 0,
        backgroundColor: '',
        layersAbove: [],
        layersBelow: [],
      },
    },
  ],
};

describe('layer.replaceImage', () => {
  it('replaces the picture, fitted in the old box around its centre, crop reset', () => {
    const t = createTestEditor({ canvasW: 1000, canvasH: 1000 }).addImage({ naturalW: 100, naturalH: 100 });
    const before = t.layer(t.lastId).rect; // 800 × 800 at 100,100
    t.exec(replaceImage, { layerId: t.lastId, uri: 'asset:new', name: 'wide.png', naturalW: 200, naturalH: 100 });
    t.expectLayer(t.lastId).toMatchObject({
      rect: { x: before.x, y: before.y + 200, w: 800, h: 400 },
      value: { img: { uri: 'asset:new', name: 'wide.png', cropRect: null, canChange: true } },
    });
  });

  it('is disabled when the image value has canChange false (stickers)', () => {
    const t = createTestEditor().addSticker();
    expect(t.editor.exec(replaceImage, { layerId: t.lastId, uri: 'asset:z', name: 'z' })).toBeUndefined();
    t.expectLayer(t.lastId).toMatchObject({ value: { img: { uri: '/stickers/2728.svg' } } });
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
  });
});

describe('text commands', () => {
  it('edits text of plain and colourful text layers', () => {
    const t = createTestEditor().addText('Hello');
    t.exec(editText, { layerId: t.lastId, text: 'Bye' })
      .expectLayer(t.lastId)
      .toMatchObject({ value: { text: { text: 'Bye' } } });
    t.addLayer(createColorfulTextLayer({ material, text: 'A', canvasW: 1000, canvasH: 800 }));
    t.exec(editText, { layerId: t.lastId, text: 'B' })
      .expectLayer(t.lastId)
      .toMatchObject({ value: { colorfulText: { text: 'B' } } });
  });

  it('patches text style, normalising and validating colours', () => {
    const t = createTestEditor().addText();
    t.exec(setTextProps, { layerId: t.lastId, props: { fontSize: 120, gravity: 0, textColor: '#00ff00', backgroundColor: '', curve: 300 } })
      .expectLayer(t.lastId)
      .toMatchObject({ value: { text: { fontSize: 120, gravity: 0, textColor: '#00FF00FF', backgroundColor: '', curve: 100 } } });
    expect(() => t.exec(setTextProps, { layerId: t.lastId, props: { textColor: '#12' } })).toThrow('Invalid hex color');
    t.expectLayer(t.lastId).toMatchObject({ value: { text: { textColor: '#00FF00FF' } } });
    t.exec(setTextProps, { layerId: t.lastId, props: { colorfulTextStylePro: true } })
      .expectLayer(t.lastId)
      .toMatchObject({ resNeedPro: true });
  });

  it('sets the font; a premium font needs pro, a free one clears it', () => {
    const t = createTestEditor().addText();
    t.exec(setFont, { layerId: t.lastId, fontName: 'Pacifico', fontCategoryName: 'display', premium: true })
      .expectLayer(t.lastId)
      .toMatchObject({ resNeedPro: true, value: { text: { fontName: 'Pacifico', fontCategoryName: 'display' } } });
    t.exec(setFont, { layerId: t.lastId, fontName: 'Lobster', premium: false })
      .expectLayer(t.lastId)
      .toMatchObject({ resNeedPro: false, value: { text: { fontName: 'Lobster', fontCategoryName: 'display' } } });
  });

  it('sets the font of every text item of a colourful text; a pro style stays pro', () => {
    const t = createTestEditor().addLayer(createColorfulTextLayer({ material, text: 'A', canvasW: 1000, canvasH: 800 }));
    t.exec(setFont, { layerId: t.lastId, fontName: 'Anton', premium: false });
    const layer = t.layer(t.lastId);
    expect(layer.resNeedPro).toBe(true);
    expect(layer.value.valueType === 'colorfulText' && layer.value.colorfulText.material.items[0]).toMatchObject({ attributes: { fontFileName: 'Anton' } });
  });
});

describe('layer.color', () => {
  it('sets text colour, colour-layer colour and image tint', () => {
    const t = createTestEditor().addText().addImage();
    const [, txt, img] = t.layerIds;
    t.exec(setColor, { layerId: txt, color: '#ff0000' })
      .expectLayer(txt)
      .toMatchObject({ value: { text: { textColor: '#FF0000FF' } } });
    t.exec(setColor, { layerId: 'bgLayer', color: '#00000080' })
      .expectLayer('bgLayer')
      .toMatchObject({ value: { color: { color: '#00000080' } } });
    t.exec(setColor, { layerId: img, color: '#0000FF' }).expectLayer(img).toMatchObject({ overColor: '#0000FFFF' });
    t.exec(setColor, { layerId: img, color: '' }).expectLayer(img).toMatchObject({ overColor: '' });
  });

  it('rejects bad colours with the SPEC messages and changes nothing', () => {
    const t = createTestEditor().addText();
    const before = t.snapshot();
    expect(() => t.exec(setColor, { layerId: t.lastId, color: 'red' })).toThrow('Invalid color format. Expected format: #RRGGBB / #RRGGBBAA');
    expect(() => t.exec(setColor, { layerId: t.lastId, color: '#FFF' })).toThrow('Invalid hex color');
    expect(t.project).toEqual(before);
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
  });
});

describe('background.set / canvas.resize', () => {
  it('makes the background a colour or a cover-cropped picture (kind 2)', () => {
    const t = createTestEditor({ canvasW: 1000, canvasH: 500 });
    t.exec(setBackground, { color: '#123456' })
      .expectLayer('bgLayer')
      .toMatchObject({ type: 2, valueType: 'color', value: { color: { color: '#123456FF' } } });
    t.exec(setBackground, { uri: 'asset:bg', name: 'bg.jpg', naturalW: 1000, naturalH: 1000 })
      .expectLayer('bgLayer')
      .toMatchObject({
        type: 2,
        valueType: 'img',
        rect: { x: 0, y: 0, w: 1000, h: 500 },
        value: { valueType: 'img', img: { uri: 'asset:bg', cropRect: { x: 0, y: 250, w: 1000, h: 500 } } },
      });
    expect(t.layerIds).toEqual(['bgLayer']);
  });

  it('resizes the canvas: background follows, layers keep relative centres, export keeps scale', () => {
    const t = createTestEditor({ canvasW: 1000, canvasH: 1000 }).addImage({ naturalW: 100, naturalH: 100 });
    t.editor.update((p) => ({ ...p, exportW: 2000, exportH: 2000 }));
    t.exec(setCanvasSize, { canvasW: 1000, canvasH: 2000, canvasSizeId: 'story' });
    expect(t.project).toMatchObject({ canvasW: 1000, canvasH: 2000, exportW: 2000, exportH: 4000, canvasSizeId: 'story' });
    t.expectLayer('bgLayer').toMatchObject({ rect: { w: 1000, h: 2000 } });
    t.expectLayer(t.lastId).toMatchObject({ rect: { x: 100, y: 600, w: 800, h: 800 } });
    expect(t.editor.exec(setCanvasSize, { canvasW: 0, canvasH: 10 })).toBeUndefined();
  });
});

describe('layer.effects', () => {
  it('sets and removes effect objects, ignoring other keys', () => {
    const t = createTestEditor().addImage();
    const shadow = { ...defaultShadowParams(), enabled: true, xOffset: 5 };
    const patch = { shadowParams: shadow, rect: { x: 9, y: 9, w: 9, h: 9, angle: 0 } } as never;
    t.exec(setLayerEffects, { layerId: t.lastId, patch }).expectLayer(t.lastId).toMatchObject({ shadowParams: shadow });
    expect(t.layer(t.lastId).rect.w).not.toBe(9);
    t.exec(setLayerEffects, { layerId: t.lastId, patch: { shadowParams: null } })
      .expectLayer(t.lastId)
      .toMatchObject({ shadowParams: null });
  });
});

describe('layers.clear', () => {
  it('keeps only the background; neededPro false for free layers', () => {
    const t = createTestEditor().addImage().addText('free').addSticker(false);
    t.exec(clearLayers, {});
    expect(t.layerIds).toEqual(['bgLayer']);
    expect(t.lastResult).toEqual({ neededPro: false });
    t.undo();
    expect(t.layerIds).toHaveLength(4);
  });

  it.each([
    ['a pro sticker', (t: ReturnType<typeof createTestEditor>) => t.addSticker(true)],
    ['a premium font', (t: ReturnType<typeof createTestEditor>) => t.addText('x', { fontName: 'Pacifico' })],
    ['a pro colourful style on a text', (t: ReturnType<typeof createTestEditor>) => t.addText('x', { colorfulTextStylePro: true })],
    ['a pro colourful text', (t: ReturnType<typeof createTestEditor>) => t.addLayer(createColorfulTextLayer({ material, text: 'a', canvasW: 9, canvasH: 9 }))],
  ])('reports neededPro true for %s', (_name, add) => {
    const t = add(createTestEditor().addImage());
    t.exec(clearLayers, {});
    expect(t.lastResult).toEqual({ neededPro: true });
    expect(t.layerIds).toEqual(['bgLayer']);
  });

  it('with only the background it changes nothing', () => {
    const t = createTestEditor().exec(clearLayers, {});
    expect(t.lastResult).toEqual({ neededPro: false });
    expect(t.editor.getSnapshot().canUndo).toBe(false);
  });
});

describe('text.edit picks a CJK font for CJK text in the system font', () => {
  it('sets Noto Sans SC with the new Chinese text, as one undo step', () => {
    const t = createTestEditor().addText('Hello');
    const id = t.lastId;
    t.mark('edit');
    t.exec(editText, { layerId: id, text: '夏季大促销' });
    expect(t.layer(id).value).toMatchObject({ text: { text: '夏季大促销', fontName: 'NotoSansSC', fontCategoryName: 'chinese' } });
    t.undo();
    expect(t.layer(id).value).toMatchObject({ text: { text: 'Hello', fontName: '' } });
  });

  it('keeps a font the user chose', () => {
    const t = createTestEditor().addText('Hello', { fontName: 'Pacifico' });
    t.exec(editText, { layerId: t.lastId, text: 'こんにちは' });
    expect(t.layer(t.lastId).value).toMatchObject({ text: { fontName: 'Pacifico' } });
  });
});
