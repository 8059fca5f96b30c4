/**
 * The state behind every background changer page: the photo (kept, so new options re-run on the same file; the
 * server reuses its cut-out), the options on screen, the task, and the upload of a background picture.
 * Option changes re-run a finished result after a short pause, like the blur tool.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ToastContext';
import { checkImageFile } from '../../../tools/checkImageFile';
import { useImageTask, type ImageTaskPhase, type ImageTaskView } from '../../../tools/useImageTask';
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
  errorMessage: string;
  submit(file: File): void;
  cancel(): void;
  startOver(): void;
  openInEditor(): void;
}

export function useChangeBackground(initial: ChangeBgOptions, projectName: string): ChangeBackgroundView {
  const { t } = useTranslation();
  const toast = useToast();
  const task = useImageTask('changebg');
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ChangeBgOptions>(initial);
  const [preparing, setPreparing] = useState(false);
  /** A photo is here but the chosen background (your image) is not yet. */
  const [waiting, setWaiting] = useState(false);
  const lastRun = useRef<ChangeBgOptions | null>(null);
  const uploaded = useRef(new WeakMap<File, string>());
  const generation = useRef(0);
  const busy = preparing || BUSY.includes(task.phase);

  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  useEffect(() => setPhotoUrl(file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (photoUrl) URL.revokeObjectURL(photoUrl); }, [photoUrl]);
  const [keptUrl, setKeptUrl] = useState<string | null>(null);
  useEffect(() => { if (task.resultBlob) setKeptUrl(URL.createObjectURL(task.resultBlob)); }, [task.resultBlob]);
  useEffect(() => () => { if (keptUrl) URL.revokeObjectURL(keptUrl); }, [keptUrl]);

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
    if (mine === generation.current) task.start(photo, toRequest(next, bgUrl) as Record<string, unknown>);
  };

  const submit = (picked: File) => {
    if (busy) return; // one photo at a time; Cancel first
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    setFile(picked);
    setKeptUrl(null);
    void run(picked, options);
  };

  const rerun = useEffectEvent(() => { if (file) void run(file, options); });
  useEffect(() => {
    if (!file || preparing) return;
    const waitOver = waiting && task.phase === 'idle' && (options.bgType !== 'image' || options.bgFile !== null);
    if (!waitOver && !needsRerun(task.phase, lastRun.current, options)) return;
    const timer = setTimeout(rerun, RERUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [file, options, task.phase, preparing, waiting]);

  const forget = () => {
    generation.current++;
    setFile(null);
    setKeptUrl(null);
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
    forget();
  };

  const openResultInEditor = useOpenInEditor(projectName);
  const openInEditor = () => void openResultInEditor(task.resultBlob, task.sourceName);

  const errorMessage = useTaskErrorToast(task);

  return {
    task, preparing, waiting, busy, file, options, setOptions, preview: keptUrl ?? task.sourceUrl ?? photoUrl, errorMessage,
    submit, cancel, startOver, openInEditor,
  };
}
