import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type GestureEffects, canvasGestureMachine } from '../../../machines/canvasGesture.machine';
import { editingTextStore } from './canvasStores';
import { connectTextEditing, requestTextEdit } from './textEditRequests';

/** The stage's machine with effects that do nothing but open the editor the way gestureEffects.ts does. */
function stage() {
  const nothing = () => {};
  const effects: GestureEffects = {
    select: nothing, setGrabCursor: nothing, panBy: nothing, beginPinch: nothing, pinchTo: nothing, stopLayerDrags: nothing,
    showMarquee: nothing, finishMarquee: nothing, beginDrag: nothing, refuseDrag: nothing, moveDrag: nothing, endDrag: nothing,
    stopTransform: nothing, endTransform: nothing,
    openTextEditor: vi.fn((layerId: string) => editingTextStore.set(layerId)),
  };
  const actor = createActor(canvasGestureMachine, { input: { effects } }).start();
  const textRegion = () => (actor.getSnapshot().value as Record<string, string>).text;
  return { actor, effects, textRegion };
}

afterEach(() => editingTextStore.set(null));

describe('"Edit text" in the properties panel goes through the gestures machine', () => {
  it('opens the editor as the machine\'s text.edit, and the editor closing itself closes the machine\'s text region', () => {
    const s = stage();
    const disconnect = connectTextEditing(s.actor);
    requestTextEdit('t1');
    expect(s.effects.openTextEditor).toHaveBeenCalledWith('t1');
    expect(editingTextStore.get()).toBe('t1');
    expect(s.textRegion()).toBe('editing');
    requestTextEdit('t2');
    expect(editingTextStore.get()).toBe('t2');
    editingTextStore.set(null);
    expect(s.textRegion()).toBe('closed');
    disconnect();
  });

  it('does nothing without a stage, or once the stage has gone', () => {
    requestTextEdit('t1');
    expect(editingTextStore.get()).toBeNull();
    const s = stage();
    connectTextEditing(s.actor)();
    requestTextEdit('t1');
    expect(s.effects.openTextEditor).not.toHaveBeenCalled();
    expect(s.textRegion()).toBe('closed');
  });

  it('a stage that replaced another keeps the requests when the old one disconnects late', () => {
    const first = stage();
    const disconnectFirst = connectTextEditing(first.actor);
    const second = stage();
    const disconnectSecond = connectTextEditing(second.actor);
    disconnectFirst();
    requestTextEdit('t1');
    expect(second.textRegion()).toBe('editing');
    expect(first.effects.openTextEditor).not.toHaveBeenCalled();
    disconnectSecond();
  });
});
