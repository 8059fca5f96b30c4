/**
 * Gives views the open Editor. Components read narrow slices with `useEditorSelector` and write
 * only through `editor.exec(command, args)`; they never own document state.
 */
import { createContext, useContext, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Editor, EditorSnapshot } from '../../engine/Editor';

const EditorContext = createContext<Editor | null>(null);

export function EditorProvider({ editor, children }: { editor: Editor; children: ReactNode }) {
  return <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>;
}

/** The open editor; throws outside an EditorProvider (a wiring bug, not a user error). */
export function useEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor needs an <EditorProvider>');
  return editor;
}

interface Selection<T> {
  snapshot: EditorSnapshot;
  selector: (snapshot: EditorSnapshot) => T;
  value: T;
}

/**
 * Re-renders when `selector`'s result changes: compared with `equals` when given (then an equal
 * result keeps the previous value, so a selector may build a new array each time), else Object.is.
 * A drag changes the document on every pointer move; views that do not show positions pass an
 * `equals` that ignores them (see selectors.ts) and stay still.
 * @example const layers = useEditorSelector((s) => s.project.layers)
 */
export function useEditorSelector<T>(selector: (snapshot: EditorSnapshot) => T, equals?: (a: T, b: T) => boolean): T {
  const editor = useEditor();
  const last = useRef<Selection<T> | null>(null);
  const select = () => {
    const snapshot = editor.getSnapshot();
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.value;
    const next = selector(snapshot);
    const value = previous && (equals ? equals(previous.value, next) : Object.is(previous.value, next)) ? previous.value : next;
    last.current = { snapshot, selector, value };
    return value;
  };
  return useSyncExternalStore(editor.subscribe, select);
}
