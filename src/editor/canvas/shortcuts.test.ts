import { describe, expect, it } from 'vitest';
import { Editor } from '../../../engine/Editor';
import { createImageLayer, createProject, createTextLayer } from '../../../engine/doc/factories';
import { clearClipboard } from './clipboard';
import { runShortcut } from './shortcutActions';
import { type KeyLike, SHORTCUTS, comboFromEvent, findShortcut, formatCombo, shortcutHelp } from './shortcuts';

const key = (k: string, code: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcut map', () => {
  it('reads combos the way they are written in the map, on any layout', () => {
    expect(comboFromEvent(key('z', 'KeyZ', { ctrlKey: true }))).toBe('Mod+Z');
    expect(comboFromEvent(key('Z', 'KeyZ', { metaKey: true, shiftKey: true }))).toBe('Mod+Shift+Z');
    expect(comboFromEvent(key('}', 'BracketRight', { ctrlKey: true, shiftKey: true }))).toBe('Mod+Shift+]');
    expect(comboFromEvent(key('я', 'KeyZ', { ctrlKey: true }))).toBe('Mod+Z'); // Russian layout
    expect(comboFromEvent(key('!', 'Digit1', { shiftKey: true }))).toBe('Shift+1');
    expect(comboFromEvent(key('ArrowLeft', 'ArrowLeft', { shiftKey: true }))).toBe('Shift+ArrowLeft');
  });

  it('maps the keys of the brief to their actions', () => {
    expect(findShortcut(key('ArrowUp', 'ArrowUp'))?.action).toEqual({ type: 'nudge', dx: 0, dy: -1 });
    expect(findShortcut(key('ArrowRight', 'ArrowRight', { shiftKey: true }))?.action).toEqual({ type: 'nudge', dx: 10, dy: 0 });
    expect(findShortcut(key('Backspace', 'Backspace'))?.action.type).toBe('delete');
    expect(findShortcut(key('y', 'KeyY', { ctrlKey: true }))?.action.type).toBe('redo');
    expect(findShortcut(key('[', 'BracketLeft', { metaKey: true }))?.action).toEqual({ type: 'reorder', to: 'backward' });
    expect(findShortcut(key('{', 'BracketLeft', { metaKey: true, shiftKey: true }))?.action).toEqual({ type: 'reorder', to: 'back' });
    expect(findShortcut(key('d', 'KeyD', { ctrlKey: true }))?.command).toBe('layer.duplicate');
    expect(findShortcut(key('q', 'KeyQ'))).toBeUndefined();
  });

  it('has no combo twice and one help row per label', () => {
    const combos = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(combos).size).toBe(combos.length);
    const help = shortcutHelp();
    expect(help.find((row) => row.labelKey === 'canvas.shortcuts.nudge')?.keys).toEqual(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
    expect(new Set(help.map((row) => row.labelKey)).size).toBe(help.length);
  });

  it('formats combos for Mac and others', () => {
    expect(formatCombo('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(formatCombo('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(formatCombo('Shift+ArrowLeft', false)).toBe('Shift+←');
  });
});

function setup() {
  const project = createProject({ type: 'project', canvasW: 1000, canvasH: 1000 });
  const editor = new Editor(project);
  const a = createImageLayer({ uri: '/a.png', name: 'a', naturalW: 100, naturalH: 100, canvasW: 1000, canvasH: 1000 });
  const b = createTextLayer({ text: 'Hi', canvasW: 1000, canvasH: 1000 });
  editor.addLayers([a, b]);
  return { editor, a: a.layerId, b: b.layerId };
}

const noContext = { editText: () => undefined };

describe('running shortcuts', () => {
  it('nudges one pixel per press, one undo step each', () => {
    const { editor, a } = setup();
    const x0 = editor.getLayer(a)!.rect.x;
    editor.select([a]);
    runShortcut(editor, { type: 'nudge', dx: 1, dy: 0 }, noContext);
    runShortcut(editor, { type: 'nudge', dx: 10, dy: 0 }, noContext);
    expect(editor.getLayer(a)!.rect.x).toBe(x0 + 11);
    editor.undo();
    expect(editor.getLayer(a)!.rect.x).toBe(x0 + 1);
  });

  it('does nothing (and lets the key through) without a selection', () => {
    const { editor } = setup();
    expect(runShortcut(editor, { type: 'nudge', dx: 1, dy: 0 }, noContext)).toBe(false);
    expect(runShortcut(editor, { type: 'delete' }, noContext)).toBe(false);
  });

  it('selects all but the background, copies and pastes with new ids', () => {
    clearClipboard();
    const { editor, a, b } = setup();
    runShortcut(editor, { type: 'selectAll' }, noContext);
    expect(editor.getSelectedIds()).toEqual([a, b]);
    expect(runShortcut(editor, { type: 'paste' }, noContext)).toBe(false);
    runShortcut(editor, { type: 'copy' }, noContext);
    runShortcut(editor, { type: 'paste' }, noContext);
    const ids = editor.getLayers().map((l) => l.layerId);
    expect(ids).toHaveLength(5);
    expect(editor.getSelectedIds()).toEqual(ids.slice(3));
    expect(ids.slice(3)).not.toContain(a);
  });

  it('brings a multi-selection to the front in one undo step, keeping its order', () => {
    const { editor, a, b } = setup();
    const c = createImageLayer({ uri: '/c.png', name: 'c', naturalW: 10, naturalH: 10, canvasW: 1000, canvasH: 1000 });
    editor.addLayers([c]);
    editor.select([a, b]);
    runShortcut(editor, { type: 'reorder', to: 'front' }, noContext);
    expect(
      editor
        .getLayers()
        .map((l) => l.layerId)
        .slice(1),
    ).toEqual([c.layerId, a, b]);
    editor.undo();
    expect(
      editor
        .getLayers()
        .map((l) => l.layerId)
        .slice(1),
    ).toEqual([a, b, c.layerId]);
  });

  it('opens the text editor with Enter only for one selected text layer', () => {
    const { editor, a, b } = setup();
    const opened: string[] = [];
    const context = { editText: (id: string) => opened.push(id) };
    editor.select([a]);
    expect(runShortcut(editor, { type: 'editText' }, context)).toBe(false);
    editor.select([b]);
    expect(runShortcut(editor, { type: 'editText' }, context)).toBe(true);
    expect(opened).toEqual([b]);
  });

  it('deletes, duplicates, undoes and redoes', () => {
    const { editor, a } = setup();
    editor.select([a]);
    runShortcut(editor, { type: 'duplicate' }, noContext);
    expect(editor.getLayers()).toHaveLength(4);
    runShortcut(editor, { type: 'delete' }, noContext);
    expect(editor.getLayers()).toHaveLength(3);
    runShortcut(editor, { type: 'undo' }, noContext);
    expect(editor.getLayers()).toHaveLength(4);
    runShortcut(editor, { type: 'redo' }, noContext);
    expect(editor.getLayers()).toHaveLength(3);
  });
});
