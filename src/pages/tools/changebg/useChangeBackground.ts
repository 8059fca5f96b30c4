/**
 * The state behind every background changer page: the photo (kept, so new options re-run on the same file; the
 * server reuses its cut-out), the options on screen, the task, and the upload of a background picture.
 * Option changes re-run a finished result after a short pause, like the blur tool: a free re-composite of the
 * same photo (useRecompositeTask); only a new photo costs a credit. A failed or refused run leaves the last
 * result (and its photo) on the page.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useToast } from '../../../components/ToastContext';
import { checkImageFile } from '../../../tools/checkImageFile';
import type { ImageTaskPhase, ImageTaskView } from '../../../tools/useImageTask';
import { useRecompositeTask, type KeptResult } from '../../../tools/useRecompositeTask';
import { useRecompositeRefine, type RecompositeRefine } from '../../../tools/refine/useRecompositeRefine';
import { useOpenInEditor, useTaskErrorToast } from '../../../tools/useToolResult';
import { needsRerun, toRequest, type ChangeBgOptions } from './options';
import { BackgroundUploadError, uploadBackground } from './uploadBackground';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
/** A slider drag fires many changes: run once the user has paused this long. */
export const RERUN_DELAY_MS = 450;

export interface ChangeBackgroundView {
  task: ImageTaskView;
  /** Uploading the background picture, before the task itself starts. */
  preparing: boolean;
  /** A photo is waiting for its background picture to be chosen. */
  waiting: boolean;
  busy: boolean;
  file: File | null;
  options: ChangeBgOptions;
  setOptions(next: ChangeBgOptions): void;
  /** The latest result (kept on screen, dimmed, while new options are applied) or the photo. */
  preview: string | null;
  /** The last finished result: shown and downloaded until a new run succeeds, also after a failed one. */
  kept: KeptResult | null;
  /** An option change now is a free re-composite (a result of this photo is on the page). */
  free: boolean;
  /** The user's fix of the cut-out, kept for every later background of the photo. */
  refine: RecompositeRefine;
  errorMessage: string;
  submit(file: File): void;
  cancel(): void;
  startOver(): void;
  openInEditor(): void;
}

export function useChangeBackground(initial: ChangeBgOptions, projectName: string): ChangeBackgroundView {
  const { t } = useTranslation();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ChangeBgOptions>(initial);
  const lastRun = useRef<ChangeBgOptions | null>(null);
  // The result survives a trip to the checkout or the sign-in page (this tab): photo, result and options return.
  const recomposite = useRecompositeTask('changebg', {
    path: useLocation().pathname,
    state: options,
    onRestore: (photo, state) => {
      setFile(photo);
      setOptions(state as ChangeBgOptions);
      lastRun.current = state as ChangeBgOptions;
    },
  });
  const { task, kept } = recomposite;
  const [preparing, setPreparing] = useState(false);
  /** A photo is here but the chosen background (your image) is not yet. */
  const [waiting, setWaiting] = useState(false);
  const uploaded = useRef(new WeakMap<File, string>());
  const generation = useRef(0);
  const busy = preparing || BUSY.includes(task.phase);
  // After "Done" in the refine panel the result is made again with the refined cut-out.
  const refine = useRecompositeRefine(kept, (photo) => void run(photo, options));

  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  useEffect(() => setPhotoUrl(file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (photoUrl) URL.revokeObjectURL(photoUrl);
    },
    [photoUrl],
  );
  // A refused or failed run on another photo (1010103 for a new cut-out) goes back to the photo whose result is shown.
  useEffect(() => {
    if (task.phase === 'failed' && kept && file !== kept.file) setFile(kept.file);
  }, [task.phase, kept, file]);

  const run = async (photo: File, next: ChangeBgOptions) => {
    if (next.bgType === 'image' && !next.bgFile) {
      // The photo is kept; the run starts as soon as a background picture is chosen.
      setWaiting(true);
      toast.show(t('changebg.image.missing'), 'error');
      return;
    }
    setWaiting(false);
    lastRun.current = next;
    const mine = ++generation.current;
    let bgUrl: string | null = null;
    if (next.bgType === 'image' && next.bgFile) {
      bgUrl = uploaded.current.get(next.bgFile) ?? null;
      if (!bgUrl) {
        setPreparing(true);
        try {
          bgUrl = await uploadBackground(next.bgFile);
          uploaded.current.set(next.bgFile, bgUrl);
        } catch (err) {
          if (mine === generation.current) toast.show(t(err instanceof BackgroundUploadError ? err.key : 'errors.unknown'), 'error');
          return;
        } finally {
          setPreparing(false);
        }
      }
    }
    const cutoutUrl = refine.refinedFor(photo)?.fileUrl;
    if (mine === generation.current) recomposite.run(photo, { ...(toRequest(next, bgUrl) as Record<string, unknown>), ...(cutoutUrl ? { cutoutUrl } : {}) });
  };

  const submit = (picked: File) => {
    if (busy) return; // one photo at a time; Cancel first
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    // The last result stays until the new photo's result arrives (or the run is refused).
    setFile(picked);
    void run(picked, options);
  };

  const rerun = useEffectEvent(() => {
    if (file) void run(file, options);
  });
  useEffect(() => {
    // While the refine panel is open a change waits: a re-run now would close the panel on the user's edits.
    if (!file || preparing || refine.phase !== 'closed') return;
    const waitOver = waiting && task.phase === 'idle' && (options.bgType !== 'image' || options.bgFile !== null);
    // With a kept result on the page (a cancelled re-composite leaves the task idle) a change applies to it.
    const phase = task.phase === 'idle' && kept ? 'done' : task.phase;
    if (!waitOver && !needsRerun(phase, lastRun.current, options)) return;
    const timer = setTimeout(rerun, RERUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [file, options, task.phase, preparing, waiting, kept, refine.phase]);

  const forget = () => {
    generation.current++;
    setFile(null);
    recomposite.clear();
    refine.forget();
    setPreparing(false);
    setWaiting(false);
    lastRun.current = null;
  };
  const startOver = () => {
    task.reset();
    forget();
  };
  const cancel = () => {
    task.cancel();
    if (!kept) {
      forget();
      return;
    }
    // Cancelling a re-composite keeps the result it started from.
    generation.current++;
    setFile(kept.file);
    setPreparing(false);
    setWaiting(false);
  };

  const openResultInEditor = useOpenInEditor(projectName);
  const openInEditor = () => void openResultInEditor(kept?.blob ?? null, kept?.sourceName);

  // One message per failure: the page shows it (beside the kept result, or as the failure panel); no toast too.
  const errorMessage = useTaskErrorToast(task, { toast: false });

  return {
    task,
    preparing,
    waiting,
    busy,
    file,
    options,
    setOptions,
    preview: kept?.url ?? task.sourceUrl ?? photoUrl,
    kept,
    free: recomposite.isFree(file),
    refine,
    errorMessage,
    submit,
    cancel,
    startOver,
    openInEditor,
  };
}
