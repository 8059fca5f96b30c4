import { describe, expect, it } from 'vitest';
import { createBackgroundLayer, createImageLayer, createStickerLayer, createTextLayer } from '../doc/factories';
import { LatestJob, recognitionKey, recognitionLayers } from './recognitionJob';

const canvas = { canvasW: 1080, canvasH: 1080 };
const photo = (uri: string, layerId: string) => ({ ...createImageLayer({ uri, name: 'p.jpg', naturalW: 800, naturalH: 600, ...canvas }), layerId });

describe('recognition key (SPEC §4 AI background)', () => {
  const bg = createBackgroundLayer(1080, 1080);
  const cup = photo('asset://cup', 'a');
  const sticker = {
    ...createStickerLayer({ resId: 'star', uri: '/stickers/star.svg', naturalW: 100, naturalH: 100, resNeedPro: false, ...canvas }),
    layerId: 's',
  };
  const text = { ...createTextLayer({ text: 'SALE', ...canvas }), layerId: 't' };

  it('ignores text and sticker layers', () => {
    expect(recognitionLayers([bg, cup, sticker, text]).map((l) => l.layerId)).toEqual([bg.layerId, 'a']);
    expect(recognitionKey([bg, cup, sticker, text])).toBe(recognitionKey([bg, cup]));
  });

  it('changes when a photo is added, removed or replaced, not when one moves or the order changes', () => {
    const before = recognitionKey([bg, cup]);
    expect(recognitionKey([bg, cup, photo('asset://bag', 'b')])).not.toBe(before);
    expect(recognitionKey([bg])).not.toBe(before);
    expect(
      recognitionKey([
        bg,
        { ...cup, value: { valueType: 'img', img: { ...(cup.value as { img: { uri: string } }).img, uri: 'asset://cup-cutout' } } } as typeof cup,
      ]),
    ).not.toBe(before);
    expect(recognitionKey([bg, { ...cup, rect: { ...cup.rect, x: cup.rect.x + 50 } }])).toBe(before);
    expect(recognitionKey([cup, bg])).toBe(before);
  });
});

describe('LatestJob', () => {
  it('keeps only the answer of the latest started key', () => {
    const jobs = new LatestJob<string>();
    expect(jobs.start('k1')).toBe(true);
    expect(jobs.start('k2')).toBe(true);
    expect(jobs.finish('k1', 'old answer')).toBe(false); // slower, older job
    expect(jobs.result).toBeNull();
    expect(jobs.finish('k2', 'cup')).toBe(true);
    expect(jobs.result).toBe('cup');
  });

  it('does not restart for the same key, and a new key clears the kept answer', () => {
    const jobs = new LatestJob<string>();
    jobs.start('k1');
    jobs.finish('k1', 'cup');
    expect(jobs.start('k1')).toBe(false);
    expect(jobs.result).toBe('cup');
    expect(jobs.start('k3')).toBe(true);
    expect(jobs.result).toBeNull();
  });
});
