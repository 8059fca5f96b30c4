import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type GestureEffects, type GestureEvent, type PressTarget, LONG_PRESS_MS, canvasGestureMachine } from './canvasGesture.machine';

function fakeEffects() {
  return {
    select: vi.fn(),
    setGrabCursor: vi.fn(),
    panBy: vi.fn(),
    beginPinch: vi.fn(),
    pinchTo: vi.fn(),
    stopLayerDrags: vi.fn(),
    showMarquee: vi.fn(),
    finishMarquee: vi.fn(),
    beginDrag: vi.fn(),
    refuseDrag: vi.fn(),
    moveDrag: vi.fn(),
    endDrag: vi.fn(),
    stopTransform: vi.fn(),
    endTransform: vi.fn(),
    openTextEditor: vi.fn(),
  } satisfies GestureEffects;
}

function start() {
  const effects = fakeEffects();
  const actor = createActor(canvasGestureMachine, { input: { effects } }).start();
  const send = (event: GestureEvent) => actor.send(event);
  const pointer = () => (actor.getSnapshot().value as { pointer: string }).pointer;
  const region = (name: 'space' | 'hold' | 'text') => (actor.getSnapshot().value as Record<string, string>)[name];
  return { actor, effects, send, pointer, region };
}

const onLayer = (layerId: string | null, more: Partial<PressTarget> = {}): PressTarget => ({ layerId, transformerPart: false, editableText: false, ...more });
const press = (target: PressTarget, more: Partial<Extract<GestureEvent, { type: 'stage.down' }>> = {}): GestureEvent => ({
  type: 'stage.down',
  pointerType: 'mouse',
  button: 0,
  isPrimary: true,
  client: { x: 100, y: 100 },
  point: { x: 10, y: 20 },
  target,
  additive: false,
  selected: [],
  modeOwnsPointer: false,
  ...more,
});
const navDown = (pointerId: number, x: number, y: number, more: Partial<Extract<GestureEvent, { type: 'nav.down' }>> = {}): GestureEvent => ({
  type: 'nav.down',
  pointerId,
  pointerType: 'touch',
  button: 0,
  point: { x, y },
  emptyAt: false,
  ...more,
});
const navMove = (pointerId: number, x: number, y: number, pointerType: 'touch' | 'mouse' = 'touch'): GestureEvent => ({
  type: 'nav.move',
  pointerId,
  pointerType,
  point: { x, y },
});
const navUp = (pointerId: number, x: number, y: number, pointerType: 'touch' | 'mouse' = 'touch'): GestureEvent => ({
  type: 'nav.up',
  pointerId,
  pointerType,
  point: { x, y },
});

describe('canvas gestures: selecting', () => {
  it('a press on an unselected layer selects it alone; on a selected one it keeps the selection (to drag them all)', () => {
    const g = start();
    g.send(press(onLayer('a'), { selected: ['b'] }));
    expect(g.effects.select).toHaveBeenLastCalledWith(['a']);
    g.effects.select.mockClear();
    g.send(press(onLayer('a'), { selected: ['a', 'b'] }));
    expect(g.effects.select).not.toHaveBeenCalled();
    expect(g.pointer()).toBe('idle');
  });

  it('Shift/Ctrl adds a layer, or removes a selected one and refuses the drag that press would start', () => {
    const g = start();
    g.send(press(onLayer('c'), { additive: true, selected: ['a'] }));
    expect(g.effects.select).toHaveBeenLastCalledWith(['a', 'c']);
    g.send(press(onLayer('a'), { additive: true, selected: ['a', 'c'] }));
    expect(g.effects.select).toHaveBeenLastCalledWith(['c']);
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    expect(g.effects.refuseDrag).toHaveBeenCalledWith('a');
    expect(g.pointer()).toBe('idle');
    // Only that one drag: the next one starts.
    g.send({ type: 'drag.start', layerId: 'c', movable: true });
    expect(g.effects.beginDrag).toHaveBeenCalledWith('c');
  });

  it('a click (no drag) clears the refusal and narrows a multi-selection to the clicked layer', () => {
    const g = start();
    g.send(press(onLayer('a'), { additive: true, selected: ['a', 'b'] }));
    g.send({ type: 'stage.click', layerId: 'a', additive: true, selected: ['b'] });
    expect(g.actor.getSnapshot().context.cancelNextDrag).toBe(false);
    g.send({ type: 'stage.click', layerId: 'b', additive: false, selected: ['a', 'b'] });
    expect(g.effects.select).toHaveBeenLastCalledWith(['b']);
    g.effects.select.mockClear();
    g.send({ type: 'stage.click', layerId: 'b', additive: false, selected: ['b'] });
    g.send({ type: 'stage.click', layerId: 'b', additive: true, selected: ['a', 'b'] });
    expect(g.effects.select).not.toHaveBeenCalled();
  });

  it('presses on a Transformer handle, with the right button, or while crop/mask owns the pointer change nothing', () => {
    const g = start();
    g.send(press(onLayer(null, { transformerPart: true })));
    g.send(press(onLayer('a'), { button: 2 }));
    g.send(press(onLayer(null), { modeOwnsPointer: true }));
    expect(g.effects.select).not.toHaveBeenCalled();
    expect(g.pointer()).toBe('idle');
  });
});

describe('canvas gestures: marquee', () => {
  it('a press on empty canvas clears the selection, the marquee follows the pointer and selects on release', () => {
    const g = start();
    g.send(press(onLayer(null), { selected: ['a'] }));
    expect(g.effects.select).toHaveBeenLastCalledWith([]);
    expect(g.pointer()).toBe('marquee');
    g.send({ type: 'marquee.move', point: { x: 50, y: 60 } });
    expect(g.effects.showMarquee).toHaveBeenLastCalledWith({ x: 10, y: 20 }, { x: 50, y: 60 });
    // A layer drag cannot start under a marquee.
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    expect(g.effects.refuseDrag).toHaveBeenCalledWith('a');
    g.send({ type: 'marquee.up', point: { x: 70, y: 80 } });
    expect(g.effects.finishMarquee).toHaveBeenCalledWith({ x: 10, y: 20 }, { x: 70, y: 80 }, []);
    expect(g.pointer()).toBe('idle');
  });

  it('with Shift the marquee adds to the selection instead of replacing it', () => {
    const g = start();
    g.send(press(onLayer(null), { additive: true, selected: ['a'] }));
    expect(g.effects.select).not.toHaveBeenCalled();
    g.send({ type: 'marquee.up', point: { x: 70, y: 80 } });
    expect(g.effects.finishMarquee).toHaveBeenCalledWith({ x: 10, y: 20 }, { x: 70, y: 80 }, ['a']);
  });
});

describe('canvas gestures: layer drag', () => {
  it('starts, moves (snapping unless Alt) and ends as one gesture', () => {
    const g = start();
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    expect(g.pointer()).toBe('dragging');
    expect(g.effects.beginDrag).toHaveBeenCalledWith('a');
    g.send({ type: 'drag.move', altKey: false });
    g.send({ type: 'drag.move', altKey: true });
    expect(g.effects.moveDrag.mock.calls).toEqual([[true], [false]]);
    g.send({ type: 'drag.end' });
    expect(g.effects.endDrag).toHaveBeenCalledWith(false);
    expect(g.pointer()).toBe('idle');
  });

  it('Escape stops the drag and its end puts the layers back', () => {
    const g = start();
    expect(g.actor.getSnapshot().can({ type: 'escape' })).toBe(false);
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    expect(g.actor.getSnapshot().can({ type: 'escape' })).toBe(true);
    g.send({ type: 'escape' });
    expect(g.effects.stopLayerDrags).toHaveBeenCalled();
    g.send({ type: 'drag.end' });
    expect(g.effects.endDrag).toHaveBeenCalledWith(true);
    // The next drag is not cancelled.
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    g.send({ type: 'drag.end' });
    expect(g.effects.endDrag).toHaveBeenLastCalledWith(false);
  });

  it('a locked or background layer is never dragged', () => {
    const g = start();
    g.send({ type: 'drag.start', layerId: 'bg', movable: false });
    expect(g.effects.refuseDrag).toHaveBeenCalledWith('bg');
    expect(g.effects.beginDrag).not.toHaveBeenCalled();
  });
});

describe('canvas gestures: Transformer', () => {
  it('resize/rotate commits once at its end; Escape stops it and the end puts the nodes back', () => {
    const g = start();
    g.send({ type: 'transform.start' });
    expect(g.pointer()).toBe('transforming');
    g.send({ type: 'transform.end' });
    expect(g.effects.endTransform).toHaveBeenLastCalledWith(false);
    g.send({ type: 'transform.start' });
    g.send({ type: 'escape' });
    expect(g.effects.stopTransform).toHaveBeenCalledTimes(1);
    g.send({ type: 'transform.end' });
    expect(g.effects.endTransform).toHaveBeenLastCalledWith(true);
    expect(g.pointer()).toBe('idle');
  });
});

describe('canvas gestures: pan', () => {
  it('Space + left drag pans (open-hand cursor while held), middle drag pans, a plain left press does not', () => {
    const g = start();
    g.send(navDown(1, 0, 0, { pointerType: 'mouse' }));
    expect(g.pointer()).toBe('idle');
    g.send(navUp(1, 0, 0, 'mouse'));
    g.send({ type: 'space.down' });
    expect(g.region('space')).toBe('held');
    expect(g.effects.setGrabCursor).toHaveBeenLastCalledWith(true);
    g.send(navDown(1, 10, 10, { pointerType: 'mouse' }));
    expect(g.pointer()).toBe('panning');
    g.send(navMove(1, 15, 7, 'mouse'));
    g.send(navMove(1, 20, 7, 'mouse'));
    expect(g.effects.panBy.mock.calls).toEqual([
      [5, -3],
      [5, 0],
    ]);
    g.send(navUp(1, 20, 7, 'mouse'));
    expect(g.pointer()).toBe('idle');
    g.send({ type: 'space.up' });
    expect(g.effects.setGrabCursor).toHaveBeenLastCalledWith(false);
    g.send(navDown(2, 0, 0, { pointerType: 'mouse', button: 1 }));
    expect(g.pointer()).toBe('panning');
    // No selection or drag while the view owns the pointer.
    g.send(press(onLayer('a')));
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    expect(g.effects.select).not.toHaveBeenCalled();
    expect(g.effects.refuseDrag).toHaveBeenCalledWith('a');
  });

  it('leaving the window lets go of Space', () => {
    const g = start();
    g.send({ type: 'space.down' });
    g.send({ type: 'window.blur' });
    expect(g.region('space')).toBe('up');
    g.send(navDown(1, 10, 10, { pointerType: 'mouse' }));
    expect(g.pointer()).toBe('idle');
  });

  it('one finger on empty canvas pans; a tap there (barely moved) clears the selection', () => {
    const g = start();
    g.send(navDown(1, 10, 10, { emptyAt: true }));
    expect(g.pointer()).toBe('panning');
    g.send(navMove(1, 40, 10));
    g.send(navUp(1, 40, 10));
    expect(g.effects.panBy).toHaveBeenCalledWith(30, 0);
    expect(g.effects.select).not.toHaveBeenCalled();
    g.send(navDown(1, 10, 10, { emptyAt: true }));
    g.send(navUp(1, 13, 12));
    expect(g.effects.select).toHaveBeenCalledWith([]);
    expect(g.pointer()).toBe('idle');
  });

  it('one finger on a layer does not pan (it selects and drags)', () => {
    const g = start();
    g.send(navDown(1, 10, 10, { emptyAt: false }));
    expect(g.pointer()).toBe('idle');
  });
});

describe('canvas gestures: pinch', () => {
  it('a second finger stops any layer drag and pinches; lifting one finger ends it, the last one returns to idle', () => {
    const g = start();
    g.send(navDown(1, 0, 0));
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    g.send(navDown(2, 100, 0));
    expect(g.pointer()).toBe('pinching');
    expect(g.effects.stopLayerDrags).toHaveBeenCalled();
    expect(g.effects.beginPinch).toHaveBeenCalled();
    // The stopped drag still ends, keeping what it moved.
    g.send({ type: 'drag.end' });
    expect(g.effects.endDrag).toHaveBeenCalledWith(false);
    g.send(navMove(2, 200, 0));
    expect(g.effects.pinchTo).toHaveBeenLastCalledWith({ mid: { x: 50, y: 0 }, dist: 100 }, { mid: { x: 100, y: 0 }, dist: 200 });
    g.send(navUp(2, 200, 0));
    expect(g.pointer()).toBe('pinchEnding');
    // The remaining finger neither pans nor drags.
    g.send(navMove(1, 50, 50));
    g.send({ type: 'drag.start', layerId: 'a', movable: true });
    expect(g.effects.panBy).not.toHaveBeenCalled();
    expect(g.effects.refuseDrag).toHaveBeenCalledWith('a');
    g.send(navUp(1, 50, 50));
    expect(g.pointer()).toBe('idle');
    expect(g.actor.getSnapshot().context.touches).toEqual({});
  });

  it('a second finger during a one-finger pan turns it into a pinch', () => {
    const g = start();
    g.send(navDown(1, 0, 0, { emptyAt: true }));
    g.send(navDown(2, 0, 100));
    expect(g.pointer()).toBe('pinching');
    g.send(navMove(1, 0, -100));
    expect(g.effects.panBy).not.toHaveBeenCalled();
    expect(g.effects.pinchTo).toHaveBeenCalledWith({ mid: { x: 0, y: 50 }, dist: 100 }, { mid: { x: 0, y: 0 }, dist: 200 });
    // Both fingers up: no tap on empty canvas.
    g.send(navUp(1, 0, -100));
    g.send(navUp(2, 0, 100));
    expect(g.pointer()).toBe('idle');
    expect(g.effects.select).not.toHaveBeenCalled();
  });
});

describe('canvas gestures: text editing and long press', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const fingerOnText = (more: Partial<Extract<GestureEvent, { type: 'stage.down' }>> = {}) =>
    press(onLayer('t', { editableText: true }), { pointerType: 'touch', ...more });

  it('a finger resting on a text for LONG_PRESS_MS opens it for editing', () => {
    const g = start();
    g.send(fingerOnText());
    expect(g.region('hold')).toBe('pending');
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(g.effects.openTextEditor).not.toHaveBeenCalled();
    g.send({ type: 'stage.move', client: { x: 104, y: 103 } });
    vi.advanceTimersByTime(1);
    expect(g.effects.openTextEditor).toHaveBeenCalledWith('t');
    expect(g.region('hold')).toBe('off');
    expect(g.region('text')).toBe('editing');
    g.send({ type: 'text.closed' });
    expect(g.region('text')).toBe('closed');
  });

  it.each<[string, GestureEvent]>([
    ['lifting the finger', { type: 'stage.up' }],
    ['moving it away', { type: 'stage.move', client: { x: 120, y: 100 } }],
    ['dragging the layer', { type: 'drag.start', layerId: 't', movable: true }],
    ['a press elsewhere', press(onLayer(null), { pointerType: 'touch' })],
  ])('%s cancels the long press', (_, event) => {
    const g = start();
    g.send(fingerOnText());
    g.send(event);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(g.effects.openTextEditor).not.toHaveBeenCalled();
  });

  it('a second finger cancels the long press', () => {
    const g = start();
    g.send(navDown(1, 100, 100));
    g.send(fingerOnText());
    g.send(navDown(2, 200, 100));
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(g.effects.openTextEditor).not.toHaveBeenCalled();
  });

  it('a press on another text restarts the wait from that press', () => {
    const g = start();
    g.send(fingerOnText());
    vi.advanceTimersByTime(LONG_PRESS_MS - 100);
    g.send(press(onLayer('u', { editableText: true }), { pointerType: 'touch' }));
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(g.effects.openTextEditor).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(g.effects.openTextEditor).toHaveBeenCalledWith('u');
  });

  it('a mouse, a second finger or a non-text layer starts no long press', () => {
    const g = start();
    g.send(press(onLayer('t', { editableText: true })));
    g.send(fingerOnText({ isPrimary: false }));
    g.send(press(onLayer('a'), { pointerType: 'touch' }));
    expect(g.region('hold')).toBe('off');
  });

  it('double-click on an editable text, or Enter, opens the editor; on another layer nothing', () => {
    const g = start();
    g.send({ type: 'stage.dblclick', target: onLayer('a') });
    expect(g.region('text')).toBe('closed');
    g.send({ type: 'stage.dblclick', target: onLayer('t', { editableText: true }) });
    expect(g.effects.openTextEditor).toHaveBeenLastCalledWith('t');
    expect(g.region('text')).toBe('editing');
    g.send({ type: 'text.edit', layerId: 'u' });
    expect(g.effects.openTextEditor).toHaveBeenLastCalledWith('u');
    g.send({ type: 'text.closed' });
    g.send({ type: 'text.edit', layerId: 't' });
    expect(g.region('text')).toBe('editing');
  });
});
