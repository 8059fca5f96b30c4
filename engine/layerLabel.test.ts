import { describe, expect, it } from 'vitest';
import { createColorfulTextLayer, createImageLayer, createProject, createStickerLayer, createTextLayer } from './doc/factories';
import { layerDisplayName, layerLabel } from './layerLabel';

const size = { canvasW: 100, canvasH: 100 };

describe('layerDisplayName', () => {
  it('derives names from the value', () => {
    expect(layerDisplayName(createProject({ type: 'project', ...size }).layers[0])).toBe('Background');
    expect(layerDisplayName(createImageLayer({ uri: 'u', name: 'a.png', naturalW: 1, naturalH: 1, ...size }))).toBe('Image');
    expect(layerDisplayName(createStickerLayer({ resId: 's', uri: 'u', naturalW: 1, naturalH: 1, resNeedPro: false, ...size }))).toBe('Sticker');
    expect(layerDisplayName(createTextLayer({ text: '\n  Hello  \nworld', ...size }))).toBe('Text: Hello');
    expect(layerDisplayName(createTextLayer({ text: '   ', ...size }))).toBe('Text');
    const material = { colorfulId: 'c', width: 10, height: 10, items: [] };
    expect(layerDisplayName(createColorfulTextLayer({ material, text: 'Neon', ...size }))).toBe('Text: Neon');
  });

  it('prefers the user name and shortens long text', () => {
    expect(layerDisplayName({ ...createTextLayer({ text: 'x', ...size }), name: 'Title' })).toBe('Title');
    const long = layerLabel(createTextLayer({ text: 'a'.repeat(40), ...size }));
    expect(long).toEqual({ name: '', kind: 'text', text: `${'a'.repeat(23)}…` });
  });
});
