import { describe, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { applyImageResult } from './applyImageResult';
import { cropImage } from './cropImage';
import { transformLayer } from './transformLayer';

const natural = { w: 400, h: 300 };

function photo() {
  const t = createTestEditor().addImage();
  t.exec(transformLayer, { layerId: t.lastId, rect: { x: 100, y: 100, w: 400, h: 300, angle: 0 } });
  return t;
}

describe('image.aiResult', () => {
  it('swaps in a same-size result (background removed) in place, as one undo step', () => {
    const t = photo();
    const id = t.lastId;
    t.mark('removebg');
    t.exec(applyImageResult, { layerId: id, uri: 'asset:cut', name: 'photo-cutout.png', natural, result: natural });
    t.expectLayer(id).toMatchObject({
      valueSource: 'gpuResult',
      rect: { x: 100, y: 100, w: 400, h: 300 },
      value: { img: { uri: 'asset:cut', cropRect: null } },
    });
    t.undo();
    t.expectLayer(id).toMatchObject({ valueSource: 'original', value: { img: { uri: 'asset:0000' } } });
  });

  it('keeps a crop on an upscaled result, scaled to its pixels', () => {
    const t = photo();
    const id = t.lastId;
    t.exec(cropImage, { layerId: id, crop: { x: 100, y: 0, w: 200, h: 300 }, natural });
    const rect = t.layer(id).rect;
    t.exec(applyImageResult, { layerId: id, uri: 'asset:big', name: 'photo.png', natural, result: { w: 800, h: 600 } });
    t.expectLayer(id).toMatchObject({ rect, value: { img: { cropRect: { x: 200, y: 0, w: 400, h: 600 } } } });
  });

  it('grows the layer around what it showed when the picture was expanded', () => {
    const t = photo();
    const id = t.lastId;
    // 400×300 expanded to 1:1 (400×400), the photo in the middle: 50 px added above and below.
    t.exec(applyImageResult, {
      layerId: id,
      uri: 'asset:wide',
      name: 'photo.png',
      natural,
      result: { w: 400, h: 400 },
      placement: { left: 0, top: 50, scale: 1 },
      showWhole: true,
    });
    t.expectLayer(id).toMatchObject({ rect: { x: 100, y: 50, w: 400, h: 400 }, value: { img: { cropRect: null } } });
  });
});
