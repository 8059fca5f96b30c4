import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { AssetStore, assetUri } from '../assets/AssetStore';
import { createImageLayer, createProject, createTextLayer } from '../doc/factories';
import { ProjectParseError } from '../doc/parseProject';
import type { Project } from '../doc/types';
import { exportProjectZip, importProjectZip } from './projectZip';

async function projectWithAssets(): Promise<{ project: Project; assets: AssetStore; ids: string[] }> {
  const assets = new AssetStore();
  const a = await assets.put(new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' }));
  const b = await assets.put(new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
  await assets.put(new Blob(['unused']));
  const base = createProject({ type: 'project', canvasW: 500, canvasH: 400, name: 'Zip me' });
  const img = createImageLayer({ uri: assetUri(a), name: 'a.png', naturalW: 10, naturalH: 10, canvasW: 500, canvasH: 400 });
  const masked = {
    ...createImageLayer({ uri: assetUri(a), name: 'a2', naturalW: 1, naturalH: 1, canvasW: 500, canvasH: 400 }),
    mask: { name: 'm', uri: assetUri(b) },
  };
  const txt = createTextLayer({ text: 'Hi', canvasW: 500, canvasH: 400 });
  const project = { ...base, layers: [...base.layers, img, masked, txt].map((l, index) => ({ ...l, index })) };
  return { project, assets, ids: [a, b] };
}

async function importError(blob: Blob): Promise<ProjectParseError> {
  const error = await importProjectZip(blob).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProjectParseError);
  return error as ProjectParseError;
}

describe('projectZip', () => {
  it('round-trips the document and its referenced assets with their media types', async () => {
    const { project, assets, ids } = await projectWithAssets();
    const zip = await exportProjectZip(project, assets);
    expect(zip.type).toBe('application/zip');
    const names = Object.keys((await JSZip.loadAsync(await zip.arrayBuffer())).files).sort();
    expect(names).toEqual(['assets/', ...ids.map((id) => `assets/${id}`)].concat(['manifest.json', 'project.json']).sort());
    const back = await importProjectZip(zip);
    expect(back.warnings).toEqual([]);
    expect(back.project).toEqual(project);
    expect([...back.assets.keys()].sort()).toEqual([...ids].sort());
    expect(back.assets.get(ids[0])?.type).toBe('image/png');
    expect(new Uint8Array(await back.assets.get(ids[0])!.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
    expect(await back.assets.get(ids[1])!.text()).toBe('jpeg bytes');
  });

  it('refuses to export when a referenced asset is not loaded', async () => {
    const { project } = await projectWithAssets();
    await expect(exportProjectZip(project, new AssetStore())).rejects.toThrow(/not loaded/);
  });

  it('a missing or damaged asset is a warning naming the layer, not a failure', async () => {
    const { project, assets, ids } = await projectWithAssets();
    const zip = await JSZip.loadAsync(await (await exportProjectZip(project, assets)).arrayBuffer());
    zip.remove(`assets/${ids[0]}`);
    zip.file(`assets/${ids[1]}`, 'tampered');
    const back = await importProjectZip(new Blob([await zip.generateAsync({ type: 'arraybuffer' })]));
    expect(back.project.layers).toHaveLength(4);
    expect(back.assets.size).toBe(0);
    expect(back.warnings).toHaveLength(2);
    expect(back.warnings[0]).toContain(`Image ${ids[0]} used by layer "${project.layers[1].layerId}", "${project.layers[2].layerId}" is missing`);
    expect(back.warnings[1]).toContain('is damaged');
  });

  it('rejects a file that is not a zip', async () => {
    expect((await importError(new Blob(['hello, not a zip']))).message).toMatch(/^Not a valid project file \(zip could not be read\)/);
  });

  it('rejects a zip without project.json', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'hi');
    const error = await importError(new Blob([await zip.generateAsync({ type: 'arraybuffer' })]));
    expect(error.message).toBe('Not a project file: the zip has no project.json');
  });

  it('rejects a zip whose project.json is invalid, with the field named', async () => {
    const zip = new JSZip();
    zip.file('project.json', JSON.stringify({ schemaVersion: 1, layers: [], canvasW: 5, canvasH: 5 }));
    const error = await importError(new Blob([await zip.generateAsync({ type: 'arraybuffer' })]));
    expect(error.message).toMatch(/^Invalid project: (type|projectId): /);
  });
});
