import { describe, expect, it } from 'vitest';
import { createImageLayer, createProject, createTextLayer } from './factories';
import { ProjectParseError, parseProject } from './parseProject';
import { CURRENT_SCHEMA_VERSION } from './migrations';
import type { Project } from './types';

function sample(): Project {
  const p = createProject({ type: 'project', canvasW: 800, canvasH: 600, name: 'Sample' });
  const img = { ...createImageLayer({ uri: 'asset:1', name: 'a', naturalW: 10, naturalH: 10, canvasW: 800, canvasH: 600 }), index: 1 };
  const txt = { ...createTextLayer({ text: 'Hi', canvasW: 800, canvasH: 600 }), index: 2 };
  return { ...p, layers: [...p.layers, img, txt] };
}

/** The ProjectParseError message `input` gives. */
function errorOf(input: unknown): string {
  try {
    parseProject(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ProjectParseError);
    return (error as Error).message;
  }
  throw new Error('parsed without error');
}

describe('parseProject', () => {
  it('round-trips a current document unchanged, also from JSON text', () => {
    const doc = sample();
    expect(parseProject(structuredClone(doc))).toEqual({ project: doc, warnings: [] });
    expect(parseProject(JSON.stringify(doc)).project).toEqual(doc);
  });

  it('fills missing optional fields with defaults', () => {
    const doc = sample();
    const minimal = {
      schemaVersion: 1,
      projectId: doc.projectId,
      canvasW: 800,
      canvasH: 600,
      layers: [
        { layerId: 'bgLayer', type: 2, valueType: 'color', value: { valueType: 'color', color: { color: '#FFFFFF' } }, rect: { x: 0, y: 0, w: 800, h: 600 } },
      ],
    };
    const { project, warnings } = parseProject(minimal);
    expect(warnings).toEqual([]);
    expect(project).toMatchObject({ type: 'project', name: '', platform: 'web', exportW: 800, exportH: 600, aibgRecords: [], filterParams: null });
    expect(project.layers[0]).toMatchObject({
      opacity: 100,
      visible: true,
      locked: false,
      name: '',
      flipH: false,
      overColor: '',
      resNeedPro: false,
      mask: null,
      valueSource: 'none',
      rect: { angle: 0 },
      value: { color: { color: '#FFFFFFFF' } },
    });
  });

  it.each([
    [null, 'Project must be a JSON object'],
    [[], 'Project must be a JSON object'],
    ['{oops', 'Project file is not valid JSON'],
    [{ schemaVersion: 1, projectId: 'PROJ_abcdefgh12', canvasW: 1, canvasH: 1 }, 'Invalid project: layers: expected an array of layers'],
    [{ schemaVersion: 99, layers: [] }, 'schemaVersion 99 is newer than this app supports'],
    [{ schemaVersion: 'one', layers: [] }, 'schemaVersion: expected a whole number ≥ 0'],
  ])('rejects %j', (input, message) => {
    expect(errorOf(input)).toContain(message);
  });

  it('names the bad project field', () => {
    const doc = sample();
    expect(errorOf({ ...doc, canvasW: 'wide' })).toMatch(/^Invalid project: canvasW: .*expected number/);
    expect(errorOf({ ...doc, type: 'video' })).toMatch(/^Invalid project: type: /);
    expect(errorOf({ ...doc, projectId: 'X_1' })).toBe('Invalid project: projectId: "X_1" must start with PROJ_ or CUT_');
    expect(errorOf({ ...doc, type: 'cutouts' })).toContain('does not match type "cutouts"');
  });

  it('takes a missing type from the id prefix', () => {
    const doc = createProject({ type: 'cutouts', canvasW: 5, canvasH: 5 });
    const { type: _type, ...rest } = doc;
    expect(parseProject(rest).project.type).toBe('cutouts');
  });

  it('drops an invalid layer with a warning naming the layer and field; the rest opens', () => {
    const doc = sample();
    const bad = { ...doc.layers[1], rect: { ...doc.layers[1].rect, w: 'big' } };
    const { project, warnings } = parseProject({ ...doc, layers: [doc.layers[0], bad, doc.layers[2]] });
    expect(project.layers.map((l) => l.layerId)).toEqual(['bgLayer', doc.layers[2].layerId]);
    expect(project.layers[1].index).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^Layer "${bad.layerId}" dropped: rect\\.w: .*expected number`));
  });

  it('drops an unknown layer type with a warning', () => {
    const doc = sample();
    const video = { ...doc.layers[1], layerId: 'L_video', valueType: 'video', value: { valueType: 'video', url: 'x' } };
    const { project, warnings } = parseProject({ ...doc, layers: [...doc.layers, video] });
    expect(project.layers).toHaveLength(3);
    expect(warnings).toEqual(['Layer "L_video" dropped: unknown layer type "video"']);
  });

  it('reports bad colours with the SPEC message and layers without ids by position', () => {
    const doc = sample();
    const { layerId: _id, ...noId } = doc.layers[1];
    const badColor = { ...doc.layers[2], overColor: '#12' };
    const { warnings } = parseProject({ ...doc, layers: [doc.layers[0], noId, badColor] });
    expect(warnings).toEqual([
      'Layer #2 dropped: layerId: Invalid input: expected string, received undefined',
      `Layer "${badColor.layerId}" dropped: overColor: Invalid hex color`,
    ]);
  });

  it('drops duplicate ids and mismatched value types', () => {
    const doc = sample();
    const mismatch = { ...doc.layers[2], layerId: 'L_m', valueType: 'img' };
    const { project, warnings } = parseProject({ ...doc, layers: [...doc.layers, doc.layers[1], mismatch] });
    expect(project.layers).toHaveLength(3);
    expect(warnings).toEqual([
      `Layer "${doc.layers[1].layerId}" dropped: duplicate layerId`,
      'Layer "L_m" dropped: valueType: valueType does not match value.valueType',
    ]);
  });

  it('adds a white background when the background layer is missing or broken', () => {
    const doc = sample();
    const { project, warnings } = parseProject({ ...doc, layers: [{ ...doc.layers[0], rect: null }, doc.layers[1]] });
    expect(project.layers.map((l) => l.layerId)).toEqual(['bgLayer', doc.layers[1].layerId]);
    expect(project.layers[0]).toMatchObject({ value: { color: { color: '#FFFFFFFF' } }, rect: { w: 800, h: 600 } });
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain('background layer was missing');
  });

  it('orders layers by index with the background first and renumbers', () => {
    const doc = sample();
    const [bg, img, txt] = doc.layers;
    const { project } = parseProject({
      ...doc,
      layers: [
        { ...txt, index: 7 },
        { ...img, index: 3 },
        { ...bg, index: 5 },
      ],
    });
    expect(project.layers.map((l) => [l.layerId, l.index])).toEqual([
      [bg.layerId, 0],
      [img.layerId, 1],
      [txt.layerId, 2],
    ]);
    expect(project.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });
});
