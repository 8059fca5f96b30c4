/**
 * Opening the in-place text editor from outside the stage (the properties panel's "Edit text"): the
 * request goes to the gestures machine (machines/canvasGesture.machine.ts), like a double-click, a long
 * press or Enter, so its `text` region knows the editor is open. The mounted stage connects its machine
 * with {@link connectTextEditing}; without a stage there is no editor to open and a request does nothing.
 */
import type { Actor } from 'xstate';
import type { canvasGestureMachine } from '../../../machines/canvasGesture.machine';
import { editingTextStore } from './canvasStores';

type GestureActor = Pick<Actor<typeof canvasGestureMachine>, 'send'>;

let openText: ((layerId: string) => void) | null = null;

/** Opens the text editor on `layerId` through the connected gestures machine. */
export function requestTextEdit(layerId: string): void {
  openText?.(layerId);
}

/**
 * Ties the stage's gestures machine to the text editor: requests reach it as `text.edit`, and the
 * editor closing itself (commit, Escape, blur) reaches it as `text.closed`. Returns the undo.
 */
export function connectTextEditing(actor: GestureActor): () => void {
  const open = (layerId: string) => actor.send({ type: 'text.edit', layerId });
  openText = open;
  const unsubscribe = editingTextStore.subscribe(() => {
    if (editingTextStore.get() === null) actor.send({ type: 'text.closed' });
  });
  return () => {
    unsubscribe();
    if (openText === open) openText = null;
  };
}
