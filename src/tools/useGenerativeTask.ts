/**
 * React hook for the generative tools (issue 19): jobs through the task-flow machine with an optional prompt
 * (text review, translation) and an optional picture (picture review, upload), polling with the server's
 * progress, and every result made. A run that asks for several images submits one job per image (each charged
 * and refunded on its own by the server), side by side; the view sums them up: the slowest stage, the mean
 * progress, the first error, all results.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { FlowStepId, type TaskStage } from '../../engine/spec/kinds';
import type { TaskType } from '../../engine/spec/taskTypes';
import { liveTaskFlowMachine } from './liveTaskFlow';
import type { SubmitInput } from '../../machines/taskFlow.types';
import { submitTask } from '../api/apiClient';
import { getAppConfig } from '../api/secureConfig';
import { createTaskTimer } from '../api/timingReport';
import { buildSteps } from '../contentSafety/flowSteps';
import { errorKeyFor } from './errorKeys';
import { combineJobs, type JobView } from './generativeProgress';
import { formatOf, stageTimer } from './taskTiming';

export interface GenerativeResult {
  taskId: string;
  blob: Blob;
  url: string;
}

export interface GenerativeStart {
  prompt?: string;
  /** The user already checked the prompt (translation shown, or kept as written): no translation step. */
  asWritten?: boolean;
  file?: File | null;
  /** Submit params, one entry per job (one job per image); default one job without params. */
  jobs?: Array<Record<string, unknown>>;
  /** The submit field the (reviewed, translated) prompt travels in, when the task names it otherwise (aibg: customPrompt). */
  promptParam?: string;
}

export interface GenerativeTaskView {
  stage: TaskStage | 'idle';
  busy: boolean;
  /** 0..1 over the whole run (checks, upload, generation, download). */
  progress: number;
  /** The prompt as submitted when step 2 translated it. */
  translation: { text: string; lanCode: string } | null;
  errorKey: string | null;
  errorCode: number | null;
  results: GenerativeResult[];
  start(run: GenerativeStart): void;
  retry(): void;
  cancel(): void;
}

const liveMachine = liveTaskFlowMachine;

type FlowActor = Actor<typeof liveMachine>;
type Snapshot = ReturnType<FlowActor['getSnapshot']>;
type Derived = Omit<GenerativeTaskView, 'start' | 'retry' | 'cancel' | 'results'> & { blobs: Array<{ taskId: string; blob: Blob }> };

/** The task flow sends the prompt as `prompt`; a task that reads it under another name gets it there. */
export function renamePrompt(input: SubmitInput, name: string): SubmitInput {
  if (!('prompt' in input.params)) return input;
  const { prompt, ...rest } = input.params;
  return { ...input, params: { ...rest, [name]: prompt } };
}

const IDLE: Derived = { stage: 'idle', busy: false, progress: 0, translation: null, errorKey: null, errorCode: null, blobs: [] };

/** One job's snapshot as the primitives {@link combineJobs} sums up. */
function jobView(s: Snapshot): JobView {
  const c = s.context;
  const tasks = Object.values(c.taskResults);
  const translation = c.lanCode && c.prompt && c.prompt !== c.originalPrompt ? { text: c.prompt, lanCode: c.lanCode } : null;
  const blobs = tasks.flatMap((task) => (task.resultFile && !task.err ? [{ taskId: task.taskId, blob: task.resultFile }] : []));
  if (s.matches('idle') || s.matches('cancelled'))
    return { state: 'cancelled', stage: 'preprocess', taskProgress: [], translation: null, error: null, blobs: [] };
  if (s.matches('failed')) {
    const error = c.error ?? tasks.find((task) => task.err)?.err ?? null;
    return { state: 'failed', stage: 'failed', taskProgress: [], translation, error, blobs };
  }
  if (s.matches('completed')) return { state: 'completed', stage: 'completed', taskProgress: [1], translation, error: null, blobs };
  return { state: 'running', stage: c.stage, taskProgress: tasks.map((task) => task.progress), translation, error: null, blobs };
}

function derive(jobs: JobView[]): Derived {
  const sum = combineJobs(jobs);
  if (!sum) return IDLE;
  const failed = sum.stage === 'failed';
  return {
    stage: sum.stage,
    busy: sum.busy,
    progress: sum.progress,
    translation: sum.translation,
    errorKey: failed ? (sum.error ? errorKeyFor(sum.error) : 'errors.unknown') : null,
    errorCode: failed ? (sum.error?.code ?? null) : null,
    blobs: sum.blobs,
  };
}

export function useGenerativeTask(taskType: TaskType): GenerativeTaskView {
  const actorsRef = useRef<FlowActor[]>([]);
  const [derived, setDerived] = useState<Derived>(IDLE);
  const [results, setResults] = useState<GenerativeResult[]>([]);
  const generation = useRef(0);

  // One object URL per result blob, freed when the results change or the page goes.
  useEffect(() => {
    const next = derived.blobs.map(({ taskId, blob }) => ({ taskId, blob, url: URL.createObjectURL(blob) }));
    setResults(next);
    return () => next.forEach((result) => URL.revokeObjectURL(result.url));
  }, [derived.blobs]);
  const stopAll = useCallback(() => {
    actorsRef.current.forEach((actor) => actor.stop());
    actorsRef.current = [];
  }, []);
  useEffect(() => stopAll, [stopAll]);

  const start = useCallback(
    (run: GenerativeStart) => {
      stopAll();
      setDerived({ ...IDLE, stage: 'preprocess', busy: true, progress: 0.02 });
      const mine = ++generation.current;
      void getAppConfig().then((config) => {
        if (mine !== generation.current) return;
        const hasPrompt = typeof run.prompt === 'string' && run.prompt.trim() !== '';
        const steps = buildSteps(config, { prompt: hasPrompt, pictures: Boolean(run.file), query: true }).filter(
          (step) => !(run.asWritten && step === FlowStepId.TEXT_TRANSLATION),
        );
        const jobs = run.jobs && run.jobs.length > 0 ? run.jobs : [{}];
        const views: JobView[] = jobs.map(() => ({ state: 'running', stage: 'preprocess', taskProgress: [], translation: null, error: null, blobs: [] }));
        const actors = jobs.map((params, index) => {
          const timer = createTaskTimer(taskType);
          let current: FlowActor | null = null;
          const onStage = stageTimer(timer, {
            describe: () => ({
              taskId: current?.getSnapshot().context.taskIds[0] ?? null,
              fileSizeKB: run.file ? Math.round(run.file.size / 1024) : 0,
              fmt: run.file ? formatOf(run.file) : 'text',
            }),
          });
          const promptParam = run.promptParam;
          const submit = promptParam
            ? {
                actors: {
                  submit: fromPromise(({ input, signal }: { input: SubmitInput; signal: AbortSignal }) => submitTask(renamePrompt(input, promptParam), signal)),
                },
              }
            : {};
          const timed = liveMachine.provide({ actions: { notifyStage: (_, p) => onStage(p.stage) }, ...submit });
          const actor = createActor(timed, {
            input: {
              jobId: crypto.randomUUID(),
              funcType: taskType,
              steps,
              sourceFile: run.file ?? null,
              submitParams: params,
              ...(hasPrompt ? { prompt: run.prompt!.trim() } : {}),
            },
          });
          current = actor;
          actor.subscribe((s) => {
            views[index] = jobView(s);
            setDerived((prev) => {
              const next = derive(views);
              const same =
                prev.stage === next.stage &&
                prev.progress === next.progress &&
                prev.errorKey === next.errorKey &&
                prev.blobs.length === next.blobs.length &&
                prev.translation?.text === next.translation?.text &&
                prev.busy === next.busy;
              if (same) return prev;
              // Same results as before: keep the array, so their object URLs (and the images on screen) stay.
              return prev.blobs.length === next.blobs.length ? { ...next, blobs: prev.blobs } : next;
            });
          });
          return actor;
        });
        actorsRef.current = actors;
        for (const actor of actors) {
          actor.start();
          actor.send({ type: 'job.start' });
        }
      });
    },
    [taskType, stopAll],
  );

  const retry = useCallback(() => {
    for (const actor of actorsRef.current) if (actor.getSnapshot().matches('failed')) actor.send({ type: 'job.retry' });
  }, []);
  const cancel = useCallback(() => {
    generation.current++;
    for (const actor of actorsRef.current) actor.send({ type: 'job.cancel' });
  }, []);
  const { blobs: _blobs, ...view } = derived;
  return { ...view, results, start, retry, cancel };
}
