import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { projectAssetRefs } from '../io/assetRefs';
import { setLayerMask } from './setLayerMask';

describe('layer.mask', () => {
  it('sets and removes a mask, each as one undo step', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    t.mark('mask');
    t.exec(setLayerMask, { layerId: id, mask: { name: 'mask.png', uri: 'asset:m1' } });
    t.expectLayer(id).toMatchObject({ mask: { name: 'mask.png', uri: 'asset:m1' } });
    t.mark('unmask');
    t.exec(setLayerMask, { layerId: id, mask: null });
    t.expectLayer(id).toMatchObject({ mask: null });
    t.undo();
    t.expectLayer(id).toMatchObject({ mask: { name: 'mask.png', uri: 'asset:m1' } });
    t.undo();
    t.expectLayer(id).toMatchObject({ mask: null });
  });

  it("keeps the mask picture among the project's assets (saved and zipped with it)", () => {
    const t = createTestEditor().addImage();
    t.exec(setLayerMask, { layerId: t.lastId, mask: { name: 'mask.png', uri: 'asset:m1' } });
    expect([...projectAssetRefs(t.project).keys()].join(' ')).toContain('m1');
  });

  it('is refused on the background', () => {
    const t = createTestEditor();
    const before = t.snapshot();
    t.exec(setLayerMask, { layerId: 'bgLayer', mask: { name: 'm', uri: 'asset:m1' } });
    expect(t.project).toEqual(before);
  });
});
