import { describe, expect, it, vi } from 'vitest';
import { Editor } from '../../../engine/Editor';
import { assetUri } from '../../../engine/assets/AssetStore';
import { createImageLayer, createProject, createTextLayer } from '../../../engine/doc/factories';
import { referencedAssetIds } from './assetRefs';
import { uploadMissingAssets } from './assetSync';

async function editorWithImages() {
  const project = createProject({ type: 'project', canvasW: 1000, canvasH: 1000 });
  const editor = new Editor(project);
  const a = await editor.assets.put(new Blob(['first image']));
  const b = await editor.assets.put(new Blob(['second image']));
  const image = (id: string) => createImageLayer({ uri: assetUri(id), name: 'x.png', naturalW: 10, naturalH: 10, canvasW: 1000, canvasH: 1000 });
  editor.addLayers([image(a), image(b), image(a), createTextLayer({ text: 'Hi', canvasW: 1000, canvasH: 1000 })]);
  return { editor, a, b };
}

describe('referencedAssetIds', () => {
  it('lists each asset used by the document once, ignoring other uris', async () => {
    const { editor, a, b } = await editorWithImages();
    editor.addLayers([createImageLayer({ uri: '/stickers/star.svg', name: 's', naturalW: 1, naturalH: 1, canvasW: 10, canvasH: 10 })]);
    expect(referencedAssetIds(editor.getProject())).toEqual([a, b]);
  });
});

describe('uploadMissingAssets', () => {
  it('uploads only assets not yet uploaded, and only once', async () => {
    const { editor, a, b } = await editorWithImages();
    const upload = vi.fn().mockResolvedValue({});
    expect(await uploadMissingAssets(editor, 'PROJ_x', upload)).toBe(2);
    expect(upload.mock.calls.map((call) => call[1])).toEqual([a, b]);
    expect(upload.mock.calls[0][0]).toBe('PROJ_x');
    expect(await uploadMissingAssets(editor, 'PROJ_x', upload)).toBe(0);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(editor.assets.get(a)?.uploadedTo).toContain(a);
  });

  it('stops at a failure and uploads the rest next time', async () => {
    const { editor, b } = await editorWithImages();
    const upload = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    await expect(uploadMissingAssets(editor, 'PROJ_x', upload)).rejects.toThrow('offline');
    expect(editor.assets.get(b)?.uploadedTo).toBeUndefined();
    expect(await uploadMissingAssets(editor, 'PROJ_x', upload)).toBe(2);
  });

  it('skips assets the store does not hold (they are on the server)', async () => {
    const { editor } = await editorWithImages();
    editor.assets.clear();
    const upload = vi.fn();
    expect(await uploadMissingAssets(editor, 'PROJ_x', upload)).toBe(0);
    expect(upload).not.toHaveBeenCalled();
  });
});
