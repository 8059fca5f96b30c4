/**
 * React hook that runs one single-image AI task (upload → submit → poll → download)
 * through the task-flow machine and exposes a small view model to the tool pages.
 * Pages depend only on `ImageTaskView`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, type Actor } from 'xstate';
import { FlowStepId } from '../../engine/spec/kinds';
import type { TaskType } from '../../engine/spec/taskTypes';
import { liveTaskFlowMachine } from './liveTaskFlow';
import { createTaskTimer } from '../api/timingReport';
import { getAppConfig } from '../api/secureConfig';
import { buildSteps, type ReviewFlags } from '../contentSafety/flowSteps';
import { errorKeyFor } from './errorKeys';
import { formatOf, stageTimer } from './taskTiming';

export type ImageTaskPhase = 'idle' | 'uploading' | 'processing' | 'downloading' | 'done' | 'failed';

export interface ImageTaskView {
  phase: ImageTaskPhase;
  /** Overall progress 0..1 (upload, processing and download together). */
  progress: number;
  /** While the task waits in the server's queue: how many jobs start before it; null otherwise. */
  queueAhead: number | null;
  /** Object URL of the picked source file, for the "before" view. */
  sourceUrl: string | null;
  /** The picked file's name (downloads are named after it). */
  sourceName: string | null;
  /** Object URL of the result image (PNG with alpha for removebg), for the "after" view. */
  resultUrl: string | null;
  resultBlob: Blob | null;
  /** The server URL of the uploaded source (`/files/uploads/…`), once the task is done; null otherwise. */
  uploadedUrl: string | null;
  /**
   * Facts the server put in the result URL's query (e.g. `fill: 'learned'`: which fill made an eraser result), empty
   * when none.
   */
  resultFacts: Record<string, string>;
  /** i18n key of the error to show as a toast, null when none. */
  errorKey: string | null;
  errorCode: number | null;
  /** The failure's own message from the server (e.g. `idphoto:noFace …`), null when none. */
  errorDetail: string | null;
  /** The finished task's id (a free re-composite starts from it and from `uploadedUrl`). */
  taskId: string | null;
  /**
   * Runs the task on `file`; `params` travel in the submit body beside imgUrl (efMode, colours…). With
   * `reuse.fileUrl` the photo is not uploaded (nor reviewed) again: that earlier upload is submitted.
   */
  start(file: File, params?: Record<string, unknown>, reuse?: { fileUrl: string }): void;
  retry(): void;
  cancel(): void;
  reset(): void;
}

const liveMachine = liveTaskFlowMachine;

type FlowActor = Actor<typeof liveMachine>;
type Snapshot = ReturnType<FlowActor['getSnapshot']>;

interface Derived {
  phase: ImageTaskPhase;
  progress: number;
  queueAhead: number | null;
  resultBlob: Blob | null;
  uploadedUrl: string | null;
  resultFacts: Record<string, string>;
  errorKey: string | null;
  errorCode: number | null;
  errorDetail: string | null;
  taskId: string | null;
}

const NO_FACTS: Record<string, string> = {};
const IDLE: Derived = {
  phase: 'idle',
  progress: 0,
  queueAhead: null,
  resultBlob: null,
  uploadedUrl: null,
  resultFacts: NO_FACTS,
  errorKey: null,
  errorCode: null,
  errorDetail: null,
  taskId: null,
};

/** The query of a result URL as plain facts (`?fill=patch` → { fill: 'patch' }); none for a URL without one. */
export function resultFacts(url: string | null): Record<string, string> {
  if (!url || !url.includes('?')) return NO_FACTS;
  try {
    return Object.fromEntries(new URL(url, 'http://local').searchParams);
  } catch {
    return NO_FACTS;
  }
}

/** Maps a machine snapshot to the view's primitives (never the snapshot itself into React state). */
function derive(s: Snapshot): Derived {
  const c = s.context;
  const task = Object.values(c.taskResults)[0];
  if (s.matches('completed')) {
    return {
      ...IDLE,
      phase: 'done',
      progress: 1,
      resultBlob: task?.resultFile ?? null,
      taskId: c.taskIds[0] ?? null,
      uploadedUrl: c.fileUrls[0] ?? null,
      resultFacts: resultFacts(task?.resultFileUrl ?? null),
    };
  }
  if (s.matches('failed')) {
    const error = c.error ?? task?.err ?? null;
    return {
      ...IDLE,
      phase: 'failed',
      errorKey: error ? errorKeyFor(error) : 'errors.unknown',
      errorCode: error?.code ?? null,
      errorDetail: error?.message ?? null,
    };
  }
  if (s.matches('cancelled') || s.matches('idle')) return IDLE;
  // The picture review before the upload counts as the start of the upload.
  if (s.matches({ running: 'reviewingPicture' })) return { ...IDLE, phase: 'uploading', progress: 0 };
  if (s.matches({ running: 'uploading' })) return { ...IDLE, phase: 'uploading', progress: 0.3 * c.uploadProgress };
  if (s.matches({ running: { querying: 'downloading' } })) return { ...IDLE, phase: 'downloading', progress: 0.95 };
  return { ...IDLE, phase: 'processing', progress: 0.3 + 0.6 * (task?.progress ?? 0), queueAhead: task?.queueAhead ?? null };
}

export interface ImageTaskOptions {
  /** The result is a data file (JSON: text, seals, product labels), not a picture: no result-picture review. */
  dataResult?: boolean;
  /** 'zip': the file is a ZIP archive, uploaded to the ZIP upload (product recognition, SPEC §7). */
  fileType?: string;
}

export function useImageTask(taskType: TaskType, options: ImageTaskOptions = {}): ImageTaskView {
  const dataResult = options.dataResult ?? false;
  const fileType = options.fileType;
  const actorRef = useRef<FlowActor | null>(null);
  const [derived, setDerived] = useState<Derived>(IDLE);
  const [sourceUrl, setSourceUrl] = useState<string | null>(null);
  const [sourceName, setSourceName] = useState<string | null>(null);
  const [resultUrl, setResultUrl] = useState<string | null>(null);

  const stopActor = useCallback(() => {
    actorRef.current?.stop();
    actorRef.current = null;
  }, []);

  // Object URLs hold memory until revoked: free each one when it is replaced or on unmount.
  useEffect(
    () => () => {
      if (sourceUrl) URL.revokeObjectURL(sourceUrl);
    },
    [sourceUrl],
  );
  useEffect(
    () => () => {
      if (resultUrl) URL.revokeObjectURL(resultUrl);
    },
    [resultUrl],
  );
  useEffect(() => setResultUrl(derived.resultBlob ? URL.createObjectURL(derived.resultBlob) : null), [derived.resultBlob]);
  useEffect(() => stopActor, [stopActor]);

  // Each start, cancel or reset bumps this: a start still waiting for the server's config is dropped.
  const generation = useRef(0);

  const launch = useCallback(
    (file: File, params: Record<string, unknown>, config: ReviewFlags, reuse?: { fileUrl: string }) => {
      const timer = createTaskTimer(taskType);
      let current: Actor<typeof liveMachine> | null = null;
      const onStage = stageTimer(timer, {
        describe: () => ({ taskId: current?.getSnapshot().context.taskIds[0] ?? null, fileSizeKB: Math.round(file.size / 1024), fmt: formatOf(file) }),
      });
      const timed = liveMachine.provide({ actions: { notifyStage: (_, params) => onStage(params.stage) } });
      const actor = createActor(timed, {
        // Picture review before upload and of the result, when the server's config turns it on (SPEC §5).
        // A ZIP travels as the job's file list (SPEC §4 upload of a ZIP); it is no picture to review.
        input: {
          jobId: crypto.randomUUID(),
          funcType: taskType,
          sourceFile: file,
          sourceFiles: fileType === 'zip' ? [file] : [],
          submitParams: params,
          fileType,
          // A photo uploaded (and reviewed) by an earlier run is submitted again as it is.
          fileUrls: reuse ? [reuse.fileUrl] : undefined,
          steps: buildSteps(config, { prompt: false, pictures: true, query: true })
            .filter((step) => !(dataResult && step === FlowStepId.RESULT_PICTURE_REVIEW) && !(fileType === 'zip' && step === FlowStepId.PICTURE_REVIEW))
            .filter((step) => !(reuse && (step === FlowStepId.UPLOAD || step === FlowStepId.PICTURE_REVIEW))),
        },
      });
      current = actor;
      actor.subscribe((s) =>
        setDerived((prev) => {
          const next = derive(s);
          return prev.phase === next.phase &&
            prev.progress === next.progress &&
            prev.queueAhead === next.queueAhead &&
            prev.resultBlob === next.resultBlob &&
            prev.uploadedUrl === next.uploadedUrl &&
            prev.resultFacts === next.resultFacts &&
            prev.errorKey === next.errorKey &&
            prev.errorDetail === next.errorDetail &&
            prev.taskId === next.taskId
            ? prev
            : next;
        }),
      );
      actorRef.current = actor;
      actor.start();
      actor.send({ type: 'job.start' });
    },
    [taskType, dataResult, fileType],
  );

  const start = useCallback(
    (file: File, params: Record<string, unknown> = {}, reuse?: { fileUrl: string }) => {
      stopActor();
      setSourceUrl(URL.createObjectURL(file));
      setSourceName(file.name);
      setDerived({ ...IDLE, phase: 'uploading' });
      const mine = ++generation.current;
      void getAppConfig().then((config) => {
        if (mine === generation.current) launch(file, params, config, reuse);
      });
    },
    [stopActor, launch],
  );

  const retry = useCallback(() => actorRef.current?.send({ type: 'job.retry' }), []);
  const cancel = useCallback(() => {
    generation.current++;
    actorRef.current?.send({ type: 'job.cancel' });
    setSourceUrl(null);
  }, []);
  const reset = useCallback(() => {
    generation.current++;
    stopActor();
    setDerived(IDLE);
    setSourceUrl(null);
  }, [stopActor]);

  return { ...derived, sourceUrl, sourceName, resultUrl, start, retry, cancel, reset };
}
