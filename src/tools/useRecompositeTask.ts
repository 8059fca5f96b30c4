/**
 * A single-image task whose later option changes are free re-composites (issue 29): the background changer pages
 * and the blur. The first run on a photo is a paid AI pass; every later run on the same photo names the last
 * finished task (`recompositeOf`, engine/spec/commerce.ts) and submits the photo's earlier upload, so the server
 * composites its cached cut-out again for no credit and nothing is uploaded twice.
 *
 * The last good result is kept apart from the running task: a refused or failed run (1010103, a network error)
 * leaves it, and its downloads, on the page. With `resume`, it is also saved in the browser (resumeResult.ts) and
 * comes back when the page opens again in this tab, after a purchase or a sign-in took the user elsewhere.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { RECOMPOSITE_FIELD, type RECOMPOSITE_TASK_TYPES } from '../../engine/spec/commerce';
import { forgetResult, savedResult, saveResult } from './resumeResult';
import { useImageTask, type ImageTaskView } from './useImageTask';

/** Where the page's result is saved, with the options that made it, and what to do with them when it comes back. */
export interface ResumeOptions {
  path: string;
  state: unknown;
  onRestore(file: File, state: unknown): void;
}

/** The last finished result of a photo: what the page shows and downloads until a new run succeeds. */
export interface KeptResult {
  file: File;
  blob: Blob;
  /** Object URLs of the result and of the photo, owned by the hook (revoked when replaced). */
  url: string;
  photoUrl: string;
  sourceName: string;
  taskId: string;
  fileUrl: string;
}

export interface RecompositeTask {
  task: ImageTaskView;
  kept: KeptResult | null;
  /** True when a run on `file` now would be free (a finished result of that photo is on the page). */
  isFree(file: File | null): boolean;
  /** Runs on `file`: free re-composite of the kept result's photo, a paid run for any other photo. */
  run(file: File, params: Record<string, unknown>): void;
  /** Forgets the kept result (new image, cancel). */
  clear(): void;
}

export function useRecompositeTask(type: (typeof RECOMPOSITE_TASK_TYPES)[number], resume?: ResumeOptions): RecompositeTask {
  const task = useImageTask(type);
  const [kept, setKept] = useState<KeptResult | null>(null);
  const started = useRef<File | null>(null);
  const resumeRef = useRef(resume);
  resumeRef.current = resume;

  // Back on the page in this tab (after a purchase or a sign-in): the saved result returns, unless work has started.
  const path = resume?.path;
  useEffect(() => {
    if (!path) return;
    let live = true;
    void savedResult(path).then((saved) => {
      if (!live || !saved || started.current) return;
      started.current = saved.file;
      setKept({
        file: saved.file,
        blob: saved.result,
        url: URL.createObjectURL(saved.result),
        photoUrl: URL.createObjectURL(saved.file),
        sourceName: saved.sourceName,
        taskId: saved.taskId,
        fileUrl: saved.fileUrl,
      });
      resumeRef.current?.onRestore(saved.file, saved.state);
    });
    return () => {
      live = false;
    };
  }, [path]);
  useEffect(() => {
    const r = resumeRef.current;
    if (!kept || !r) return;
    void saveResult({
      path: r.path,
      file: kept.file,
      result: kept.blob,
      sourceName: kept.sourceName,
      taskId: kept.taskId,
      fileUrl: kept.fileUrl,
      state: r.state,
      savedAt: Date.now(),
    });
  }, [kept]);

  useEffect(() => {
    const file = started.current;
    if (task.phase !== 'done' || !task.resultBlob || !task.taskId || !task.uploadedUrl || !file) return;
    setKept({
      file,
      blob: task.resultBlob,
      url: URL.createObjectURL(task.resultBlob),
      photoUrl: URL.createObjectURL(file),
      sourceName: task.sourceName ?? file.name,
      taskId: task.taskId,
      fileUrl: task.uploadedUrl,
    });
  }, [task.phase, task.resultBlob, task.taskId, task.uploadedUrl, task.sourceName]);
  useEffect(
    () => () => {
      if (!kept) return;
      URL.revokeObjectURL(kept.url);
      URL.revokeObjectURL(kept.photoUrl);
    },
    [kept],
  );

  const isFree = useCallback((file: File | null) => file !== null && kept?.file === file, [kept]);
  const run = (file: File, params: Record<string, unknown>) => {
    started.current = file;
    if (kept && kept.file === file) task.start(file, { ...params, [RECOMPOSITE_FIELD]: kept.taskId }, { fileUrl: kept.fileUrl });
    else task.start(file, params);
  };
  const clear = () => {
    started.current = null;
    setKept(null);
    if (resumeRef.current) void forgetResult(resumeRef.current.path);
  };
  return { task, kept, isFree, run, clear };
}
