/**
 * Gives views the open Editor. Components read narrow slices with `useEditorSelector` and write
 * only through `editor.exec(command, args)`; they never own document state.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
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

/**
 * Re-renders when `selector`'s result changes (compared with Object.is).
 * @example const layers = useEditorSelector((s) => s.project.layers)
 */
export function useEditorSelector<T>(selector: (snapshot: EditorSnapshot) => T): T {
  const editor = useEditor();
  return useSyncExternalStore(editor.subscribe, () => selector(editor.getSnapshot()));
}
