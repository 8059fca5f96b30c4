import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { defaultAdjustParams, defaultFilterParams } from '../doc/defaults';
import { setCanvasEffects } from './index';

describe('canvas.effects', () => {
  it('sets the project-wide adjustments as one undo step, and undo/redo restore them', () => {
    const t = createTestEditor();
    expect(t.project.adjustParams).toBeNull();
    const adjust = { ...defaultAdjustParams(), brightness: 40 };
    t.exec(setCanvasEffects, { patch: { adjustParams: adjust } });
    expect(t.project.adjustParams).toEqual(adjust);
    expect(t.editor.undoLabels()).toEqual(['canvas.effects']);
    t.undo();
    expect(t.project.adjustParams).toBeNull();
    t.editor.redo();
    expect(t.project.adjustParams).toEqual(adjust);
  });

  it('sets the filter, leaves the adjustments alone, and null removes it', () => {
    const t = createTestEditor();
    const adjust = { ...defaultAdjustParams(), contrast: -20 };
    const filter = { ...defaultFilterParams(), uid: 'film-01', categoryName: 'Film', strength: 70 };
    t.exec(setCanvasEffects, { patch: { adjustParams: adjust } }).exec(setCanvasEffects, { patch: { filterParams: filter } });
    expect(t.project).toMatchObject({ adjustParams: adjust, filterParams: filter });
    t.exec(setCanvasEffects, { patch: { filterParams: null } });
    expect(t.project.filterParams).toBeNull();
    expect(t.project.adjustParams).toEqual(adjust);
  });

  it('ignores keys other than adjustParams/filterParams and records nothing for an empty or unchanged patch', () => {
    const t = createTestEditor({ canvasW: 1000, canvasH: 800 });
    t.exec(setCanvasEffects, { patch: { canvasW: 5, layers: [] } as never });
    expect(t.project.canvasW).toBe(1000);
    expect(t.layerIds).toEqual(['bgLayer']);
    expect(t.editor.getSnapshot().canUndo).toBe(false);
    t.exec(setCanvasEffects, { patch: { adjustParams: null } });
    expect(t.editor.getSnapshot().canUndo).toBe(false);
  });

  it('a slider drag (mark once, then mark: false) is a single undo step', () => {
    const t = createTestEditor();
    t.editor.mark('canvas.effects');
    for (const brightness of [10, 20, 30]) {
      t.editor.exec(setCanvasEffects, { patch: { adjustParams: { ...defaultAdjustParams(), brightness } } }, { mark: false });
    }
    expect(t.project.adjustParams?.brightness).toBe(30);
    expect(t.editor.undoLabels()).toEqual(['canvas.effects']);
    t.undo();
    expect(t.project.adjustParams).toBeNull();
  });
});
