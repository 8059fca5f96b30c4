/**
 * The editor frees pictures that neither the document nor its undo history use any more (issue 31:
 * AI results in the editor were never freed), and keeps every picture an undo or redo can bring back.
 */
import { describe, expect, it } from 'vitest';
import { AssetStore, UNREFERENCED_ASSET_GRACE_MS, assetUri } from './assets/AssetStore';
import { createImageLayer, createImageValue, createProject } from './doc/factories';
import type { Layer } from './doc/types';
import { HISTORY_LIMIT } from './history/History';
import { Editor } from './Editor';

function setUp() {
  const clock = { now: 0 };
  const assets = new AssetStore({ now: () => clock.now });
  const editor = new Editor(createProject({ type: 'project', canvasW: 1000, canvasH: 1000 }), { assets });
  const removed: string[] = [];
  assets.onRemoved((asset) => removed.push(asset.id));
  /** Stores a one-byte picture and returns its id. */
  const picture = (byte: number) => assets.put(new Blob([new Uint8Array([byte])]));
  const later = () => (clock.now += UNREFERENCED_ASSET_GRACE_MS + 1);
  return { editor, assets, removed, picture, later };
}

const photoLayer = (id: string): Layer =>
  createImageLayer({ uri: assetUri(id), name: 'photo.jpg', naturalW: 100, naturalH: 100, canvasW: 1000, canvasH: 1000 });

/** Replaces the picture of layer `layerId` (what an AI result does), as one undo step. */
function replacePicture(editor: Editor, layerId: string, id: string) {
  editor.mark('ai result');
  const layer = editor.getLayer(layerId)!;
  if (layer.value.valueType !== 'img') throw new Error('not a photo layer');
  editor.updateLayers([{ layerId, value: { valueType: 'img', img: createImageValue(assetUri(id), 'result.png') } }]);
}

describe('unused pictures leave the editor', () => {
  it('keeps a replaced picture while undo can bring it back, frees an undone result once a new edit drops the redo', async () => {
    const { editor, assets, removed, picture, later } = setUp();
    const original = await picture(1);
    const layer = photoLayer(original);
    editor.mark('add');
    editor.addLayers([layer]);
    const result = await picture(2);
    replacePicture(editor, layer.layerId, result);
    later();
    expect(editor.collectUnusedAssets()).toEqual([]); // the original is in the undo step
    expect(assets.has(original)).toBe(true);

    editor.undo(); // the original is back; the result now lives only in the redo step
    expect(assets.has(result)).toBe(true);
    editor.mark('move');
    editor.updateLayers([{ layerId: layer.layerId, rect: { ...layer.rect, x: layer.rect.x + 5 } }]);
    // The move threw the redo step away, and with it the last use of the result.
    expect(assets.has(result)).toBe(false);
    expect(assets.has(original)).toBe(true);
    expect(removed).toEqual([result]);
  });

  it('keeps a picture stored within the last minute that nothing uses yet (an upload on its way into the document)', async () => {
    const { editor, assets, picture, later } = setUp();
    const pending = await picture(3);
    expect(editor.collectUnusedAssets()).toEqual([]);
    expect(assets.has(pending)).toBe(true);
    later();
    expect(editor.collectUnusedAssets()).toEqual([pending]);
  });

  it('frees a picture whose last use fell off the end of the history', async () => {
    const { editor, assets, picture, later } = setUp();
    const first = await picture(4);
    const layer = photoLayer(first);
    editor.mark('add');
    editor.addLayers([layer]);
    replacePicture(editor, layer.layerId, await picture(5));
    later();
    // The add and the replacement (whose undo still shows the first picture) both fall off.
    for (let i = 0; i < HISTORY_LIMIT + 1; i++) {
      editor.mark(`move ${i}`);
      editor.updateLayers([{ layerId: layer.layerId, rect: { ...layer.rect, x: i + 1 } }]);
    }
    expect(assets.has(first)).toBe(false);
    expect(assets.ids()).toHaveLength(1);
  });

  it('opening another document frees the pictures of the one before', async () => {
    const { editor, assets, picture, later } = setUp();
    const old = await picture(6);
    editor.addLayers([photoLayer(old)]);
    later();
    const next = await picture(7);
    editor.loadProject({ ...createProject({ type: 'project', canvasW: 500, canvasH: 500 }), layers: [photoLayer(next)] });
    expect(assets.ids()).toEqual([next]);
  });
});
