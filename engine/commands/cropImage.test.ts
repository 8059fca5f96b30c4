import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { ratioCrop } from '../doc/crop';
import { cropImage } from './cropImage';
import { transformLayer } from './transformLayer';

const natural = { w: 400, h: 300 };

describe('image.crop', () => {
  it('crops to a square by ratio, keeping the kept part where it was, as one undo step', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    t.exec(transformLayer, { layerId: id, rect: { x: 100, y: 100, w: 400, h: 300, angle: 0 } });
    t.mark('crop');
    t.exec(cropImage, { layerId: id, crop: ratioCrop(1, natural), natural });
    t.expectLayer(id).toMatchObject({ rect: { x: 150, y: 100, w: 300, h: 300 }, value: { img: { cropRect: { x: 50, y: 0, w: 300, h: 300 } } } });
    t.undo();
    t.expectLayer(id).toMatchObject({ rect: { x: 100, y: 100, w: 400, h: 300 }, value: { img: { cropRect: null } } });
  });

  it('crops freely, then uncrops back to the whole picture (stored as null)', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    t.exec(transformLayer, { layerId: id, rect: { x: 0, y: 0, w: 800, h: 600, angle: 0 } });
    t.exec(cropImage, { layerId: id, crop: { x: 100, y: 50, w: 200, h: 100 }, natural });
    t.expectLayer(id).toMatchObject({ rect: { x: 200, y: 100, w: 400, h: 200 } });
    t.exec(cropImage, { layerId: id, crop: null, natural });
    t.expectLayer(id).toMatchObject({ rect: { x: 0, y: 0, w: 800, h: 600 }, value: { img: { cropRect: null } } });
  });

  it('keeps a crop inside the picture', () => {
    const t = createTestEditor().addImage();
    t.exec(cropImage, { layerId: t.lastId, crop: { x: -50, y: 250, w: 900, h: 200 }, natural });
    t.expectLayer(t.lastId).toMatchObject({ value: { img: { cropRect: { x: 0, y: 100, w: 400, h: 200 } } } });
  });

  it('moves the kept part along a flipped, rotated layer', () => {
    const t = createTestEditor().addImage();
    const id = t.lastId;
    t.exec(transformLayer, { layerId: id, rect: { x: 0, y: 0, w: 400, h: 300, angle: 90 } });
    // Keep the left half: in a layer turned 90° clockwise that half sits above the centre.
    t.exec(cropImage, { layerId: id, crop: { x: 0, y: 0, w: 200, h: 300 }, natural });
    const { rect } = t.layer(id);
    expect(rect.x + rect.w / 2).toBeCloseTo(200);
    expect(rect.y + rect.h / 2).toBeCloseTo(50);
  });

  it('is refused on a text layer', () => {
    const t = createTestEditor().addText('Hi');
    const before = t.snapshot();
    t.exec(cropImage, { layerId: t.lastId, crop: { x: 0, y: 0, w: 10, h: 10 }, natural });
    expect(t.project).toEqual(before);
  });
});
