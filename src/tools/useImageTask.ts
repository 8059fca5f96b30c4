/**
 * React hook that runs one single-image AI task (upload → submit → poll → download)
 * through the task-flow machine and exposes a small view model to the tool pages.
 *
 * INTERFACE CONTRACT (stable): pages depend only on `ImageTaskView`.
 * The implementation is provided by machines/taskFlow.machine.ts (work in progress).
 */
import type { TaskType } from '../../engine/spec/taskTypes';

export type ImageTaskPhase = 'idle' | 'uploading' | 'processing' | 'downloading' | 'done' | 'failed';

export interface ImageTaskView {
  phase: ImageTaskPhase;
  /** Overall progress 0..1 (upload, processing and download together). */
  progress: number;
  /** Object URL of the picked source file, for the "before" view. */
  sourceUrl: string | null;
  /** Object URL of the result image (PNG with alpha for removebg), for the "after" view. */
  resultUrl: string | null;
  resultBlob: Blob | null;
  /** i18n key of the error to show as a toast (see ERROR_KEYS), null when none. */
  errorKey: string | null;
  errorCode: number | null;
  start(file: File): void;
  retry(): void;
  cancel(): void;
  reset(): void;
}

/** Placeholder until the machine-backed implementation lands. */
export function useImageTask(_taskType: TaskType): ImageTaskView {
  return {
    phase: 'idle', progress: 0, sourceUrl: null, resultUrl: null, resultBlob: null, errorKey: null, errorCode: null,
    start: () => undefined, retry: () => undefined, cancel: () => undefined, reset: () => undefined,
  };
}
