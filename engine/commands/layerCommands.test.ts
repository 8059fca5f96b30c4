import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { createImageLayer } from '../doc/factories';
import {
  addLayer,
  deleteLayers,
  duplicateLayers,
  flipLayers,
  moveLayers,
  pasteLayers,
  renameLayer,
  reorderLayer,
  setLayerLocked,
  setLayerVisibility,
  setOpacity,
  transformLayer,
} from './index';

describe('layer.add / layer.delete', () => {
  it('adds on top, selects the new layer, and is one undo step', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    expect(t.layerIds).toEqual(['bgLayer', id]);
    expect(t.editor.getSelectedIds()).toEqual([id]);
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
    t.expectLayer(id).toMatchObject({ index: 1, type: 0 });
  });

  it('adds at a position but never below the background, and refuses a duplicate id', () => {
    const t = createTestEditor().addImage();
    const first = t.lastId;
    const layer = createImageLayer({ uri: 'asset:b', name: 'b', naturalW: 1, naturalH: 1, canvasW: 10, canvasH: 10 });
    t.exec(addLayer, { layer, at: 0, select: false });
    expect(t.layerIds).toEqual(['bgLayer', layer.layerId, first]);
    expect(t.editor.getSelectedIds()).toEqual([first]);
    expect(() => t.exec(addLayer, { layer })).toThrow(/already in the document/);
    expect(t.layerIds).toHaveLength(3);
  });

  it('deletes layers but never the background, and drops them from the selection', () => {
    const t = createTestEditor().addImage().addText('x');
    const [, img, txt] = t.layerIds;
    t.select(img, txt).exec(deleteLayers, { ids: ['bgLayer', img] });
    expect(t.layerIds).toEqual(['bgLayer', txt]);
    expect(t.editor.getSelectedIds()).toEqual([txt]);
    expect(t.editor.exec(deleteLayers, { ids: ['bgLayer'] })).toBeUndefined();
    expect(t.layerIds).toEqual(['bgLayer', txt]);
  });
});

describe('layer.duplicate / layer.paste', () => {
  it('puts each copy right above its original, offset by 20, selected', () => {
    const t = createTestEditor().addImage().addText('top');
    const [, img, txt] = t.layerIds;
    const copies = t.editor.exec(duplicateLayers, { ids: [img] }) ?? [];
    expect(copies).toHaveLength(1);
    expect(t.layerIds).toEqual(['bgLayer', img, copies[0], txt]);
    expect(t.layer(copies[0]).rect.x).toBe(t.layer(img).rect.x + 20);
    expect(t.layer(copies[0]).rect.y).toBe(t.layer(img).rect.y + 20);
    expect(t.editor.getSelectedIds()).toEqual(copies);
    expect(t.editor.exec(duplicateLayers, { ids: ['bgLayer'] })).toBeUndefined();
  });

  it('duplicating several keeps their relative order with a custom offset', () => {
    const t = createTestEditor().addImage().addImage();
    const [, a, b] = t.layerIds;
    const [ca, cb] = t.editor.exec(duplicateLayers, { ids: [b, a], offset: 5 }) ?? [];
    expect(t.layerIds).toEqual(['bgLayer', a, ca, b, cb]);
    expect(t.layer(ca).rect.x).toBe(t.layer(a).rect.x + 5);
  });

  it('pastes with fresh ids on top, offset by 20, selected', () => {
    const t = createTestEditor().addImage();
    const original = t.layer(t.lastId);
    const ids = t.editor.exec(pasteLayers, { layers: [original] }) ?? [];
    expect(ids[0]).not.toBe(original.layerId);
    expect(t.layerIds).toEqual(['bgLayer', original.layerId, ids[0]]);
    t.expectLayer(ids[0]).toMatchObject({ rect: { x: original.rect.x + 20, y: original.rect.y + 20 } });
    expect(t.editor.getSelectedIds()).toEqual(ids);
  });
});

describe('geometry', () => {
  it('moves layers, skipping the background and locked ones', () => {
    const t = createTestEditor().addImage().addImage();
    const [, a, b] = t.layerIds;
    const ax = t.layer(a).rect.x;
    t.exec(setLayerLocked, { layerId: b, locked: true }).exec(moveLayers, { ids: ['bgLayer', a, b], dx: 10, dy: -5 });
    t.expectLayer(a).toMatchObject({ rect: { x: ax + 10 } });
    t.expectLayer(b).toMatchObject({ rect: { x: ax } });
    t.expectLayer('bgLayer').toMatchObject({ rect: { x: 0, y: 0 } });
  });

  it('transforms position, size and angle at once: sizes at least 1 px, angle normalised', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    t.exec(transformLayer, { layerId: id, rect: { x: 1, y: 2, w: 30, h: 0, angle: 270 } })
      .expectLayer(id)
      .toMatchObject({ rect: { x: 1, y: 2, w: 30, h: 1, angle: -90 } });
    t.exec(transformLayer, { layerId: id, rect: { x: 5, y: 6, w: 70, h: 80, angle: 540 } })
      .expectLayer(id)
      .toMatchObject({ rect: { x: 5, y: 6, w: 70, h: 80, angle: 180 } });
    expect(t.editor.undoLabels()).toEqual(['layer.add', 'layer.transform', 'layer.transform']);
  });

  it('flips toggle', () => {
    const t = createTestEditor().addImage();
    t.exec(flipLayers, { ids: [t.lastId], axis: 'h' })
      .expectLayer(t.lastId)
      .toMatchObject({ flipH: true, flipV: false });
    t.exec(flipLayers, { ids: [t.lastId], axis: 'v' })
      .exec(flipLayers, { ids: [t.lastId], axis: 'h' })
      .expectLayer(t.lastId)
      .toMatchObject({ flipH: false, flipV: true });
  });
});

describe('layer.reorder', () => {
  it('moves front/back/forward/backward/absolute and never below the background', () => {
    const t = createTestEditor().addImage().addImage().addImage();
    const [bg, a, b, c] = t.layerIds;
    t.exec(reorderLayer, { layerId: a, to: 'front' }).expectOrder([bg, b, c, a]);
    t.exec(reorderLayer, { layerId: a, to: 'back' }).expectOrder([bg, a, b, c]);
    t.exec(reorderLayer, { layerId: a, to: 'forward' }).expectOrder([bg, b, a, c]);
    t.exec(reorderLayer, { layerId: c, to: 'backward' }).expectOrder([bg, b, c, a]);
    t.exec(reorderLayer, { layerId: a, to: 0 }).expectOrder([bg, a, b, c]);
    t.exec(reorderLayer, { layerId: a, to: 99 }).expectOrder([bg, b, c, a]);
    t.exec(reorderLayer, { layerId: b, to: 'backward' }).expectOrder([bg, b, c, a]);
    expect(t.project.layers.map((l) => l.index)).toEqual([0, 1, 2, 3]);
    expect(t.editor.exec(reorderLayer, { layerId: bg, to: 'front' })).toBeUndefined();
    expect(t.layerIds[0]).toBe(bg);
  });
});

describe('panel commands', () => {
  it('clamps opacity to 0..100', () => {
    const t = createTestEditor().addImage();
    t.exec(setOpacity, { ids: [t.lastId], opacity: 150 })
      .expectLayer(t.lastId)
      .toMatchObject({ opacity: 100 });
    t.exec(setOpacity, { ids: [t.lastId], opacity: -3 })
      .expectLayer(t.lastId)
      .toMatchObject({ opacity: 0 });
    t.exec(setOpacity, { ids: [t.lastId], opacity: 42.5 })
      .expectLayer(t.lastId)
      .toMatchObject({ opacity: 42.5 });
  });

  it('renames (trimmed), hides and locks', () => {
    const t = createTestEditor().addImage();
    t.exec(renameLayer, { layerId: t.lastId, name: '  Logo ' })
      .exec(setLayerVisibility, { layerId: t.lastId, visible: false })
      .exec(setLayerLocked, { layerId: t.lastId, locked: true })
      .expectLayer(t.lastId)
      .toMatchObject({ name: 'Logo', visible: false, locked: true });
    expect(t.editor.exec(transformLayer, { layerId: t.lastId, rect: { x: 0, y: 0, w: 5, h: 5, angle: 0 } })).toBeUndefined();
    expect(t.layer(t.lastId).rect.w).not.toBe(5);
  });

  it('a no-op change records no undo step', () => {
    const t = createTestEditor().addImage();
    t.exec(setOpacity, { ids: [t.lastId], opacity: 100 }).exec(moveLayers, { ids: [t.lastId], dx: 0, dy: 0 });
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
  });
});
