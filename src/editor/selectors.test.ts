import { describe, expect, it } from 'vitest';
import { moveLayers, renameLayer, setLayerVisibility, transformLayer } from '../../engine/commands';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { sameIds, sameLayerApartFrom, sameLayersApartFrom, selectedLayersOf } from './selectors';

describe('selector equality for views that do not show positions', () => {
  it('counts a moved layer as unchanged for the panels and the transformer, a resized one only for the panels', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    const before = t.layer(id);
    t.exec(moveLayers, { ids: [id], dx: 12, dy: -3 });
    const moved = t.layer(id);
    expect(moved).not.toBe(before);
    expect(sameLayerApartFrom(before, moved, 'position')).toBe(true);
    expect(sameLayerApartFrom(before, moved, 'rect')).toBe(true);
    t.exec(transformLayer, { layerId: id, rect: { ...moved.rect, w: moved.rect.w + 10 } });
    const resized = t.layer(id);
    expect(sameLayerApartFrom(moved, resized, 'position')).toBe(false);
    expect(sameLayerApartFrom(moved, resized, 'rect')).toBe(true);
  });

  it('sees every change the layers panel shows (name, visibility) and a layer that is gone', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    const before = t.project.layers;
    t.exec(renameLayer, { layerId: id, name: 'Sky' });
    expect(sameLayersApartFrom('rect')(before, t.project.layers)).toBe(false);
    const named = t.project.layers;
    t.exec(setLayerVisibility, { layerId: id, visible: false });
    expect(sameLayersApartFrom('rect')(named, t.project.layers)).toBe(false);
    expect(sameLayerApartFrom(t.layer(id), undefined, 'rect')).toBe(false);
    expect(sameLayersApartFrom('rect')(named, named.slice(0, 1))).toBe(false);
  });

  it('keeps a drag of the selected layer from changing the selection as the panels see it', () => {
    const t = createTestEditor().addImage().addText('Hi');
    const id = t.lastId;
    t.editor.select([id]);
    const ids = t.editor.getSnapshot().selectedIds;
    const layers = selectedLayersOf(t.editor.getSnapshot());
    t.exec(moveLayers, { ids: [id], dx: 5, dy: 5 });
    expect(sameIds(ids, t.editor.getSnapshot().selectedIds)).toBe(true);
    expect(sameLayersApartFrom('rect')(layers, selectedLayersOf(t.editor.getSnapshot()))).toBe(true);
    expect(layers.map((layer) => layer.layerId)).toEqual([id]);
    expect(sameIds(ids, [])).toBe(false);
  });
});
