import { describe, expect, it } from 'vitest';
import { createImageLayer, createProject } from '../doc/factories';
import { diffProjects } from './diff';
import { HISTORY_LIMIT, History } from './History';
import type { Project } from '../doc/types';

const base = createProject({ type: 'project', canvasW: 100, canvasH: 100 });
const named = (name: string): Project => ({ ...base, name });

describe('History', () => {
  it('splits steps at marks and squashes changes between them', () => {
    const h = new History();
    h.mark('a');
    h.record(diffProjects(base, named('1')));
    h.record(diffProjects(named('1'), named('2')));
    h.mark('b');
    h.record(diffProjects(named('2'), named('3')));
    expect(h.undoLabels()).toEqual(['a', 'b']);
    expect(h.undo()).toMatchObject({ fields: [{ name: '3' }, { name: '2' }] });
    expect(h.undo()).toMatchObject({ fields: [{ name: '2' }, { name: '' }] });
    expect(h.undo()).toBeNull();
    expect(h.redo()).toMatchObject({ fields: [{ name: '' }, { name: '2' }] });
  });

  it('ignore is not recorded; preserveRedoStack keeps redo; record clears it', () => {
    const h = new History();
    h.mark('a');
    h.record(diffProjects(base, named('1')));
    h.undo();
    h.record(diffProjects(base, named('x')), 'ignore');
    expect(h.canRedo()).toBe(true);
    h.record(diffProjects(base, named('y')), 'record-preserveRedoStack');
    expect(h.canRedo()).toBe(true);
    h.record(diffProjects(base, named('z')));
    expect(h.canRedo()).toBe(false);
  });

  it('bailToMark returns the inverse of the open step only for its own mark', () => {
    const h = new History();
    const m = h.mark('drag');
    h.record(diffProjects(base, named('1')));
    expect(h.bailToMark('other')).toBeNull();
    expect(h.bailToMark(m)).toMatchObject({ fields: [{ name: '1' }, { name: '' }] });
    expect(h.canUndo()).toBe(false);
  });

  it('an empty mark creates no step and the stack is capped', () => {
    const h = new History();
    h.mark('empty');
    h.mark('also empty');
    expect(h.undoLabels()).toEqual([]);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) {
      h.mark(`s${i}`);
      h.record(diffProjects(named(String(i)), named(String(i + 1))));
    }
    const labels = h.undoLabels();
    expect(labels).toHaveLength(HISTORY_LIMIT);
    expect(labels[0]).toBe('s5');
  });

  it('clear empties both stacks', () => {
    const h = new History();
    h.mark('a');
    h.record(
      diffProjects(base, { ...base, layers: [...base.layers, createImageLayer({ uri: 'u', name: 'n', naturalW: 1, naturalH: 1, canvasW: 1, canvasH: 1 })] }),
    );
    h.clear();
    expect(h.canUndo()).toBe(false);
    expect(h.canRedo()).toBe(false);
  });
});
