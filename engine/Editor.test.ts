import { describe, expect, it, vi } from 'vitest';
import { createTestEditor } from '../tests/helpers/TestEditor';
import { createProject } from './doc/factories';
import { Editor } from './Editor';
import { defineCommand } from './commands/defineCommand';
import {
  clearLayers,
  deleteLayers,
  duplicateLayers,
  editText,
  flipLayers,
  moveLayers,
  renameLayer,
  reorderLayer,
  setBackground,
  setCanvasSize,
  setColor,
  setFont,
  setOpacity,
  setTextProps,
  transformLayer,
} from './commands';

describe('undo/redo round trips', () => {
  it('undo all returns the initial document, redo all the final one', () => {
    const t = createTestEditor();
    const initial = t.snapshot();
    t.addImage().addText('Hello');
    const [, img, txt] = t.layerIds;
    t.exec(moveLayers, { ids: [img], dx: 12, dy: 7 })
      .exec(transformLayer, { layerId: txt, rect: { x: 1, y: 2, w: 300, h: 90, angle: 30 } })
      .exec(setOpacity, { ids: [img, txt], opacity: 40 })
      .exec(flipLayers, { ids: [img], axis: 'v' })
      .exec(reorderLayer, { layerId: img, to: 'front' })
      .exec(editText, { layerId: txt, text: 'World' })
      .exec(setTextProps, { layerId: txt, props: { fontSize: 33 } })
      .exec(setFont, { layerId: txt, fontName: 'Pacifico', premium: true })
      .exec(setColor, { layerId: img, color: '#FF0000' })
      .exec(renameLayer, { layerId: img, name: 'Photo' })
      .exec(setBackground, { color: '#000000' })
      .exec(setCanvasSize, { canvasW: 500, canvasH: 500 })
      .exec(duplicateLayers, { ids: [txt] })
      .exec(deleteLayers, { ids: [img] })
      .exec(clearLayers, {});
    const final = t.snapshot();
    // Plain JSON only: pixels stay in the AssetStore, the document and its history hold `asset:` ids.
    expect(JSON.parse(JSON.stringify(t.project))).toEqual(final);
    const steps = t.editor.undoLabels().length;
    expect(steps).toBe(17);
    t.undo(steps);
    expect(t.project).toEqual(initial);
    expect(t.editor.getSnapshot().canUndo).toBe(false);
    t.redo(steps);
    expect(t.project).toEqual(final);
    expect(t.editor.getSnapshot().canRedo).toBe(false);
  });

  it('undo and redo also restore layer order and indices', () => {
    const t = createTestEditor().addImage().addImage().addImage();
    const order = t.layerIds;
    t.exec(reorderLayer, { layerId: order[1], to: 'front' }).exec(deleteLayers, { ids: [order[2]] });
    t.undo(2);
    expect(t.layerIds).toEqual(order);
    expect(t.project.layers.map((l) => l.index)).toEqual([0, 1, 2, 3]);
  });
});

describe('gestures', () => {
  it('a drag of 30 moves is one undo step', () => {
    const t = createTestEditor().addImage();
    const start = t.layer(t.lastId).rect;
    t.mark('layer.move');
    for (let i = 0; i < 30; i++) t.exec(moveLayers, { ids: [t.lastId], dx: 1, dy: 2 }, { mark: false });
    t.expectLayer(t.lastId).toMatchObject({ rect: { x: start.x + 30, y: start.y + 60 } });
    expect(t.editor.undoLabels()).toEqual(['layer.add', 'layer.move']);
    t.undo();
    t.expectLayer(t.lastId).toMatchObject({ rect: start });
    t.redo();
    t.expectLayer(t.lastId).toMatchObject({ rect: { x: start.x + 30, y: start.y + 60 } });
  });

  it('bailToMark (Escape) restores the document before the gesture and records nothing', () => {
    const t = createTestEditor().addImage();
    const before = t.snapshot();
    const mark = t.mark('layer.move');
    for (let i = 0; i < 5; i++) t.exec(moveLayers, { ids: [t.lastId], dx: 3, dy: 3 }, { mark: false });
    t.editor.bailToMark(mark);
    expect(t.project).toEqual(before);
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
  });

  it('bailToMark with a stale mark does nothing', () => {
    const t = createTestEditor().addImage();
    const stale = t.mark('old');
    t.exec(moveLayers, { ids: [t.lastId], dx: 3, dy: 3 });
    const after = t.snapshot();
    t.editor.bailToMark(stale);
    expect(t.project).toEqual(after);
  });
});

describe('redo stack', () => {
  it('a selection change keeps redo', () => {
    const t = createTestEditor().addImage().addText();
    t.exec(setOpacity, { ids: [t.lastId], opacity: 10 }).undo();
    expect(t.editor.getSnapshot().canRedo).toBe(true);
    t.select(t.layerIds[1]).select();
    expect(t.editor.getSnapshot().canRedo).toBe(true);
    t.redo().expectLayer(t.layerIds[2]).toMatchObject({ opacity: 10 });
  });

  it('a new command clears redo', () => {
    const t = createTestEditor().addImage();
    t.exec(setOpacity, { ids: [t.lastId], opacity: 10 }).undo();
    t.exec(flipLayers, { ids: [t.lastId], axis: 'h' });
    expect(t.editor.getSnapshot().canRedo).toBe(false);
    t.redo().expectLayer(t.lastId).toMatchObject({ opacity: 100, flipH: true });
  });

  it('a disabled or no-op command keeps redo', () => {
    const t = createTestEditor().addImage();
    t.exec(setOpacity, { ids: [t.lastId], opacity: 10 }).undo();
    t.exec(setOpacity, { ids: [t.lastId], opacity: 100 }).exec(deleteLayers, { ids: ['bgLayer'] });
    expect(t.editor.getSnapshot().canRedo).toBe(true);
  });
});

describe('batch and failing commands', () => {
  it('batch is one undo step', () => {
    const t = createTestEditor().addImage();
    const value = t.editor.batch('combo', () => {
      t.editor.exec(setOpacity, { ids: [t.lastId], opacity: 20 });
      t.editor.exec(flipLayers, { ids: [t.lastId], axis: 'h' });
      return 7;
    });
    expect(value).toBe(7);
    expect(t.editor.undoLabels()).toEqual(['layer.add', 'combo']);
    t.undo().expectLayer(t.lastId).toMatchObject({ opacity: 100, flipH: false });
  });

  it('batch rolls back when it throws and rethrows', () => {
    const t = createTestEditor().addImage();
    const before = t.snapshot();
    expect(() =>
      t.editor.batch('combo', () => {
        t.editor.exec(setOpacity, { ids: [t.lastId], opacity: 20 });
        t.editor.exec(moveLayers, { ids: [t.lastId], dx: 5, dy: 5 });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(t.project).toEqual(before);
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
  });

  it('a command that throws halfway leaves no partial change', () => {
    const failing = defineCommand({
      name: 'test.fail',
      label: 'x',
      run(editor, { id }: { id: string }) {
        editor.updateLayers([{ layerId: id, opacity: 1 }]);
        throw new Error('halfway');
      },
    });
    const t = createTestEditor().addImage();
    const before = t.snapshot();
    expect(() => t.exec(failing, { id: t.lastId })).toThrow('halfway');
    expect(t.project).toEqual(before);
    expect(t.editor.undoLabels()).toEqual(['layer.add']);
  });
});

describe('Editor basics', () => {
  it('keeps the background first and index = position', () => {
    const project = createProject({ type: 'project', canvasW: 10, canvasH: 10 });
    const t = createTestEditor().addImage();
    const img = t.layer(t.lastId);
    const editor = new Editor({
      ...project,
      layers: [
        { ...img, index: 5 },
        { ...project.layers[0], index: 3 },
      ],
    });
    expect(editor.getLayers().map((l) => [l.layerId, l.index])).toEqual([
      ['bgLayer', 0],
      [img.layerId, 1],
    ]);
  });

  it('notifies subscribers with a new snapshot; selection does not bump docVersion', () => {
    const t = createTestEditor().addImage();
    const listener = vi.fn();
    t.editor.subscribe(listener);
    const v = t.editor.getSnapshot().docVersion;
    t.select('bgLayer');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(t.editor.getSnapshot().docVersion).toBe(v);
    expect(t.editor.getSnapshot().selectedIds).toEqual(['bgLayer']);
    t.exec(setOpacity, { ids: [t.lastId], opacity: 5 });
    expect(t.editor.getSnapshot().docVersion).toBe(v + 1);
    t.select('nope');
    expect(t.editor.getSelectedIds()).toEqual([]);
  });

  it('undo of an add drops the layer from the selection; loadProject clears history', () => {
    const t = createTestEditor().addImage();
    expect(t.editor.getSelectedIds()).toEqual([t.lastId]);
    t.undo();
    expect(t.editor.getSelectedIds()).toEqual([]);
    t.editor.loadProject(createProject({ type: 'cutouts', canvasW: 5, canvasH: 5 }));
    expect(t.editor.getSnapshot()).toMatchObject({ canUndo: false, canRedo: false });
  });
});

describe('Editor selection identity', () => {
  it('keeps the same selectedIds array across document changes that drop nothing', () => {
    const t = createTestEditor({ canvasW: 800, canvasH: 600 }).addText();
    const id = t.lastId!;
    t.editor.select([id]);
    const before = t.editor.getSelectedIds();
    t.editor.updateLayers([{ layerId: id, opacity: 50 }]);
    expect(t.editor.getSelectedIds()).toBe(before);
    t.editor.removeLayers([id]);
    expect(t.editor.getSelectedIds()).toEqual([]);
  });
});
