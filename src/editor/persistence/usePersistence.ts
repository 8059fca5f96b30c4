/**
 * Wires autosave to an open editor: every document change writes the local draft and schedules a
 * save (AutosaveScheduler); a save uploads missing assets, then the document with baseRevision;
 * after a good save the thumbnail is refreshed at most every THUMBNAIL_INTERVAL_MS. Going back
 * online retries at once. Nothing here blocks editing.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '../../../engine/Editor';
import { isRevisionConflict, saveProject, uploadThumbnail } from '../../api/projectsApi';
import { exportThumbnail } from '../export/renderExport';
import { AutosaveScheduler, type SaveStatus } from './autosaveScheduler';
import { uploadMissingAssets } from './assetSync';
import { writeDraft } from './draftStore';
import { TrailingThrottle } from './throttle';

export const THUMBNAIL_INTERVAL_MS = 10_000;
/** The draft is written this long after the last change (a slider drag changes the document often). */
const DRAFT_DELAY_MS = 300;

export interface Persistence {
  status: SaveStatus;
  /** Saves now; resolves true when the server has everything. */
  flush(): Promise<boolean>;
  hasUnsavedChanges(): boolean;
  /** After a conflict: save this version over the newer one. */
  keepMine(): void;
  /** Ask for a fresh thumbnail (a new or imported project). */
  requestThumbnail(): void;
  /** Save soon although the document did not change (a restored draft, images from the offline cache). */
  requestSave(): void;
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function usePersistence(editor: Editor, pid: string, initialRevision: number): Persistence {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const revision = useRef(initialRevision);
  const conflictRevision = useRef<number | null>(null);
  const parts = useRef<{ scheduler: AutosaveScheduler; thumbnail: TrailingThrottle } | null>(null);

  useEffect(() => {
    const store = storage();
    const thumbnail = new TrailingThrottle(
      async () => {
        await uploadThumbnail(pid, await exportThumbnail(editor.getProject(), editor.assets));
      },
      THUMBNAIL_INTERVAL_MS,
      (error) => console.warn('thumbnail upload failed', error),
    );

    const writeLocal = (synced: boolean) => {
      if (store) writeDraft(store, { pid, doc: editor.getProject(), savedAt: Date.now(), baseRevision: revision.current, synced });
    };

    const scheduler = new AutosaveScheduler({
      async save() {
        const project = editor.getProject();
        await uploadMissingAssets(editor, pid);
        const saved = await saveProject(pid, project, revision.current);
        revision.current = saved.revision;
        conflictRevision.current = null;
        if (editor.getProject() === project) writeLocal(true);
        thumbnail.request();
      },
      onStatus: setStatus,
      isConflict: isRevisionConflict,
      onError(error) {
        if (isRevisionConflict(error)) conflictRevision.current = error.data.revision;
        else console.warn('autosave failed', error);
      },
    });
    parts.current = { scheduler, thumbnail };

    let lastVersion = editor.getSnapshot().docVersion;
    let draftTimer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = editor.subscribe(() => {
      const { docVersion } = editor.getSnapshot();
      if (docVersion === lastVersion) return; // selection only
      lastVersion = docVersion;
      scheduler.notifyChange();
      if (draftTimer) clearTimeout(draftTimer);
      draftTimer = setTimeout(() => writeLocal(false), DRAFT_DELAY_MS);
    });
    const online = () => scheduler.retryNow();
    window.addEventListener('online', online);

    return () => {
      unsubscribe();
      window.removeEventListener('online', online);
      if (draftTimer) {
        clearTimeout(draftTimer);
        if (scheduler.hasUnsavedChanges()) writeLocal(false);
      }
      // Leaving the editor: send what is pending, then stop.
      void scheduler
        .flush()
        .then((saved) => (saved ? thumbnail.flush() : undefined))
        .finally(() => {
          scheduler.dispose();
          thumbnail.dispose();
        });
      parts.current = null;
    };
  }, [editor, pid]);

  return useMemo<Persistence>(
    () => ({
      status,
      flush: () => parts.current?.scheduler.flush() ?? Promise.resolve(true),
      hasUnsavedChanges: () => parts.current?.scheduler.hasUnsavedChanges() ?? false,
      keepMine() {
        if (conflictRevision.current !== null) revision.current = conflictRevision.current;
        parts.current?.scheduler.retryNow();
      },
      requestThumbnail: () => parts.current?.thumbnail.request(),
      requestSave: () => parts.current?.scheduler.notifyChange(),
    }),
    [status],
  );
}
