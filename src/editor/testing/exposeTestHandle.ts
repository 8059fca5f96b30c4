/**
 * Test and benchmark handle: outside production builds, or when localStorage 'lumacut.testHandle'
 * is '1' (to drive a production build), exposes the open Editor as window.__editor, the live Konva
 * stage as window.__stage, the exporter as window.__exportProject and the effect renderers as
 * window.__effects (set a moment later: the renderers are their own lazily loaded chunk, and a static
 * import here would pull them into the editor's main chunk). Not an API: nothing in the app reads these.
 */
import type Konva from 'konva';
import type { Editor } from '../../../engine/Editor';
import { exportProject } from '../export/renderExport';
import type { effectsTestHandle } from '../render/renderers/testHandle';

export const TEST_HANDLE_STORAGE_KEY = 'lumacut.testHandle';

declare global {
  interface Window {
    __editor?: Editor;
    __stage?: Konva.Stage;
    __exportProject?: typeof exportProject;
    __effects?: ReturnType<typeof effectsTestHandle>;
  }
}

function enabled(): boolean {
  if (!import.meta.env.PROD) return true;
  try {
    return window.localStorage.getItem(TEST_HANDLE_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked (privacy mode): no handle
  }
}

/** Sets the handle; returns a function that removes it again (only if it still points at these). */
export function exposeTestHandle(editor: Editor, stage: Konva.Stage): () => void {
  if (typeof window === 'undefined' || !enabled()) return () => undefined;
  window.__editor = editor;
  window.__stage = stage;
  window.__exportProject = exportProject;
  let live = true;
  void import('../render/renderers/testHandle').then(({ effectsTestHandle }) => {
    if (live) window.__effects = effectsTestHandle();
  });
  return () => {
    live = false;
    if (window.__editor === editor) delete window.__editor;
    if (window.__stage === stage) delete window.__stage;
  };
}
