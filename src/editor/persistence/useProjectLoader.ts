/**
 * Opens a project for the editor: load from the server (parsed and migrated), offer a newer local
 * draft back, build the Editor, then fetch the images it uses before the canvas shows. A server
 * that cannot be reached still opens the copy kept on this device, when there is one.
 */
import { useEffect, useRef, useState } from 'react';
import { Editor } from '../../../engine/Editor';
import { ProjectParseError, parseProject } from '../../../engine/doc/parseProject';
import { isValidProjectId } from '../../../engine/doc/projectIds';
import type { Project } from '../../../engine/doc/types';
import { isProjectNotFound, loadProject, type LoadedProject } from '../../api/projectsApi';
import { forgetAssetImage } from '../scene/imageCache';
import { referencedAssetIds } from './assetRefs';
import { loadProjectAssets } from './assetLoader';
import { clearDraft, decideDraft, readDraft, type DraftStorage } from './draftStore';

export type LoadErrorKind = 'missingPid' | 'notFound' | 'malformed' | 'network';

export type LoadState =
  | { phase: 'loading'; done: number; total: number }
  | { phase: 'error'; kind: LoadErrorKind; detail: string; localCopyAt: number | null }
  | { phase: 'draft'; savedAt: number }
  | { phase: 'ready'; editor: Editor; revision: number; warnings: string[]; missingImages: number; needsSave: boolean; offline: boolean };

export interface ProjectLoader {
  state: LoadState;
  retry(): void;
  /** Answer to the 'draft' phase: restore the local changes or keep the server copy. */
  chooseDraft(restore: boolean): void;
  /** From the 'network' error: open the copy kept on this device. */
  openLocalCopy(): void;
}

function storage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The local draft's document, parsed like a server copy; null (and dropped) when unreadable. */
function localDraft(pid: string): { project: Project; savedAt: number; baseRevision: number; synced: boolean } | null {
  const store = storage();
  const draft = store ? readDraft(store, pid) : null;
  if (!draft || !store) return null;
  try {
    return { project: { ...parseProject(draft.doc).project, projectId: pid }, savedAt: draft.savedAt, baseRevision: draft.baseRevision, synced: draft.synced };
  } catch {
    clearDraft(store, pid);
    return null;
  }
}

export function useProjectLoader(pid: string | null): ProjectLoader {
  const [state, setState] = useState<LoadState>({ phase: 'loading', done: 0, total: 0 });
  const [attempt, setAttempt] = useState(0);
  const [useLocal, setUseLocal] = useState(false);
  const draftChoice = useRef<((restore: boolean) => void) | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pid, the retry counter and the draft choice start a load; everything else is read when it runs
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    const set = (next: LoadState) => {
      if (!signal.aborted) setState(next);
    };

    async function open(): Promise<void> {
      set({ phase: 'loading', done: 0, total: 0 });
      if (!pid || !isValidProjectId(pid)) return set({ phase: 'error', kind: 'missingPid', detail: '', localCopyAt: null });
      const draft = localDraft(pid);

      let loaded: LoadedProject | null = null;
      if (!useLocal) {
        try {
          loaded = await loadProject(pid, signal);
        } catch (error) {
          if (signal.aborted) return;
          if (isProjectNotFound(error)) return set({ phase: 'error', kind: 'notFound', detail: '', localCopyAt: null });
          if (error instanceof ProjectParseError) return set({ phase: 'error', kind: 'malformed', detail: error.message, localCopyAt: null });
          return set({ phase: 'error', kind: 'network', detail: error instanceof Error ? error.message : '', localCopyAt: draft?.savedAt ?? null });
        }
      }

      let project: Project;
      let revision: number;
      let needsSave = false;
      const warnings = loaded?.warnings ?? [];
      if (!loaded) {
        if (!draft) return set({ phase: 'error', kind: 'network', detail: '', localCopyAt: null });
        project = draft.project;
        revision = draft.baseRevision;
        needsSave = !draft.synced;
      } else {
        project = { ...loaded.project, name: loaded.name };
        revision = loaded.revision;
        const server = { doc: project, revision, updatedAt: Date.parse(loaded.updatedAt) };
        const offer = draft
          ? decideDraft({ pid, doc: draft.project, savedAt: draft.savedAt, baseRevision: draft.baseRevision, synced: draft.synced }, server)
          : 'ignore';
        if (draft && offer === 'offer') {
          set({ phase: 'draft', savedAt: draft.savedAt });
          const restore = await new Promise<boolean>((resolve) => (draftChoice.current = resolve));
          if (signal.aborted) return;
          if (restore) {
            // The draft may have been based on an older revision: the save after restoring must not
            // be refused as a conflict, so it is based on the server's current one.
            project = { ...draft.project, name: loaded.name };
            needsSave = true;
          }
        }
        if (!needsSave) {
          const store = storage();
          if (store && draft) clearDraft(store, pid);
        }
      }

      const editor = new Editor(project);
      // Pictures the document and its history no longer use leave the image cache with the store.
      editor.assets.onRemoved((asset) => forgetAssetImage(asset.blob));
      set({ phase: 'loading', done: 0, total: referencedAssetIds(project).length });
      const assets = await loadProjectAssets(editor, pid, {
        signal,
        onProgress: (done, total) => set({ phase: 'loading', done, total }),
      });
      if (signal.aborted) return;
      // Pictures read back from this device's cache still have to reach the server.
      const pendingUpload = referencedAssetIds(project).some((id) => editor.assets.has(id) && !editor.assets.get(id)?.uploadedTo);
      set({
        phase: 'ready',
        editor,
        revision,
        warnings,
        missingImages: assets.missing.length,
        needsSave: needsSave || pendingUpload,
        offline: !loaded,
      });
    }

    open().catch((error: unknown) => {
      if (signal.aborted) return;
      console.error('opening the project failed', error);
      set({ phase: 'error', kind: 'network', detail: error instanceof Error ? error.message : '', localCopyAt: null });
    });
    return () => {
      abort.abort();
      draftChoice.current = null;
    };
  }, [pid, attempt, useLocal]);

  return {
    state,
    retry: () => {
      setUseLocal(false);
      setAttempt((n) => n + 1);
    },
    chooseDraft: (restore) => draftChoice.current?.(restore),
    openLocalCopy: () => setUseLocal(true),
  };
}
