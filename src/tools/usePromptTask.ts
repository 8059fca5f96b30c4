/**
 * React hook that runs a prompt-taking AI task through the task-flow machine: text review and translation
 * (content-safety steps, as the server's config asks), submit, poll, download and result review. Exposes a
 * small view model: the stage, the prompt as translated, the error key, the result.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, type Actor } from 'xstate';
import { FlowStepId, type TaskStage } from '../../engine/spec/kinds';
import type { TaskType } from '../../engine/spec/taskTypes';
import { liveTaskFlowMachine } from './liveTaskFlow';
import { getAppConfig } from '../api/secureConfig';
import { buildSteps } from '../contentSafety/flowSteps';
import { createTaskTimer } from '../api/timingReport';
import { errorKeyFor } from './errorKeys';
import { stageTimer } from './taskTiming';

export interface PromptTaskView {
  stage: TaskStage | 'idle';
  busy: boolean;
  /** The prompt as submitted, when step 2 translated it, with the detected ISO 639-3 language. */
  translation: { text: string; lanCode: string } | null;
  errorKey: string | null;
  errorCode: number | null;
  resultUrl: string | null;
  /**
   * Runs the task on `prompt`. `asWritten`: the prompt is sent without the translation step (the user checked
   * the translation already, or chose their own words); the text review still runs.
   */
  start(prompt: string, options?: { asWritten?: boolean }): void;
  retry(): void;
  cancel(): void;
}

const liveMachine = liveTaskFlowMachine;

type Snapshot = ReturnType<Actor<typeof liveMachine>['getSnapshot']>;
type Derived = Omit<PromptTaskView, 'start' | 'retry' | 'cancel' | 'resultUrl'> & { resultBlob: Blob | null };

const IDLE: Derived = { stage: 'idle', busy: false, translation: null, errorKey: null, errorCode: null, resultBlob: null };

function derive(s: Snapshot): Derived {
  const c = s.context;
  const translation = c.lanCode && c.prompt && c.prompt !== c.originalPrompt ? { text: c.prompt, lanCode: c.lanCode } : null;
  const task = Object.values(c.taskResults)[0];
  if (s.matches('idle') || s.matches('cancelled')) return IDLE;
  if (s.matches('failed')) {
    const error = c.error ?? task?.err ?? null;
    return { ...IDLE, stage: 'failed', translation, errorKey: error ? errorKeyFor(error) : 'errors.unknown', errorCode: error?.code ?? null };
  }
  if (s.matches('completed')) return { ...IDLE, stage: 'completed', translation, resultBlob: task?.resultFile ?? null };
  return { ...IDLE, stage: c.stage, busy: true, translation };
}

export function usePromptTask(taskType: TaskType): PromptTaskView {
  const actorRef = useRef<Actor<typeof liveMachine> | null>(null);
  const [derived, setDerived] = useState<Derived>(IDLE);
  const [resultUrl, setResultUrl] = useState<string | null>(null);

  useEffect(() => () => { if (resultUrl) URL.revokeObjectURL(resultUrl); }, [resultUrl]);
  useEffect(() => setResultUrl(derived.resultBlob ? URL.createObjectURL(derived.resultBlob) : null), [derived.resultBlob]);
  useEffect(() => () => { actorRef.current?.stop(); }, []);

  const start = useCallback((prompt: string, options: { asWritten?: boolean } = {}) => {
    actorRef.current?.stop();
    setDerived({ ...IDLE, stage: 'preprocess', busy: true });
    void getAppConfig().then((config) => {
      const steps = buildSteps(config, { prompt: true, pictures: false, query: true })
        .filter((step) => !(options.asWritten && step === FlowStepId.TEXT_TRANSLATION));
      const timer = createTaskTimer(taskType);
      let current: Actor<typeof liveMachine> | null = null;
      const onStage = stageTimer(timer, { describe: () => ({ taskId: current?.getSnapshot().context.taskIds[0] ?? null, fileSizeKB: 0, fmt: 'text' }) });
      const timed = liveMachine.provide({ actions: { notifyStage: (_, params) => onStage(params.stage) } });
      const actor = createActor(timed, { input: { jobId: crypto.randomUUID(), funcType: taskType, prompt, steps } });
      current = actor;
      actor.subscribe((s) => setDerived(derive(s)));
      actorRef.current = actor;
      actor.start();
      actor.send({ type: 'job.start' });
    });
  }, [taskType]);

  const retry = useCallback(() => actorRef.current?.send({ type: 'job.retry' }), []);
  const cancel = useCallback(() => actorRef.current?.send({ type: 'job.cancel' }), []);
  const { resultBlob: _blob, ...view } = derived;
  return { ...view, resultUrl, start, retry, cancel };
}
