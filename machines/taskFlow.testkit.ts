/** Test kit of the task-flow machine: the machine with fake effects, recorded calls and a context getter. */
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import { FlowStepId, type PostFlowStageValue, type TaskStage } from '../engine/spec/kinds';
import { taskFlowMachine, type ReviewOutcome } from './taskFlow.machine';
import type { Envelope, QueryInput, SubmitInput, TaskFlowInput, UploadInput } from './taskFlow.types';
import type { TranslationOutcome } from './translationStep';

export const { TEXT_REVIEW, TEXT_TRANSLATION, PICTURE_REVIEW, UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW } = FlowStepId;
export const file = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
export const okEnv = <T>(data: T): Envelope<T> => ({ resultCode: 100, data });
export const unfinished = { resultCode: ResultCode.GPU_TASK_UNFINISHED, data: { progress: 0.5 } };
export const done = (url: string) => ({ resultCode: 100, data: { resultUrl: url } });

/** Builds the machine with fake effects; `replies` are the query answers, in order (the last one repeats). */
export function setup(options: {
  replies?: Array<Envelope<{ result: unknown }> | Error>;
  submit?: Envelope<{ taskId?: string; taskList?: string[] }> | Error;
  upload?: Envelope<{ fileUrl?: string }> | Error;
  download?: (url: string) => Promise<Blob>;
  review?: () => Promise<ReviewOutcome>;
  reviewText?: (text: string) => Promise<ReviewOutcome>;
  translate?: (text: string) => Promise<TranslationOutcome>;
  reviewPicture?: (files: Blob[]) => Promise<ReviewOutcome>;
  input?: Partial<TaskFlowInput>;
  /** How long each query takes before its reply (a long poll the server held), in fake-timer ms. */
  queryTakesMs?: number;
}) {
  const upload = vi.fn(async (_args: { input: UploadInput }) => {
    const u = options.upload ?? okEnv({ fileUrl: 'http://host/files/in.jpg' });
    if (u instanceof Error) throw u;
    return u;
  });
  const submit = vi.fn(async (_input: SubmitInput) => {
    const s = options.submit ?? okEnv({ taskId: 't1' });
    if (s instanceof Error) throw s;
    return s;
  });
  let call = 0;
  const query = vi.fn(async (_input: QueryInput) => {
    const replies = options.replies ?? [okEnv({ result: { t1: done('http://host/r.png') } })];
    const r = replies[Math.min(call++, replies.length - 1)];
    if (options.queryTakesMs) await new Promise((resolve) => setTimeout(resolve, options.queryTakesMs));
    if (r instanceof Error) throw r;
    return r;
  });
  const download = vi.fn(options.download ?? (async () => new Blob(['png'], { type: 'image/png' })));
  const cancelServerTasks = vi.fn();
  const reviewText = vi.fn(options.reviewText ?? (async () => ({ compliant: true })));
  const translate = vi.fn(options.translate ?? (async (text: string): Promise<TranslationOutcome> => ({ ok: true, text, lanCode: 'eng', translated: false })));
  const reviewPicture = vi.fn(options.reviewPicture ?? (async () => ({ compliant: true })));
  const stages: TaskStage[] = [];
  const postStages: Array<{ taskId: string; postStage: PostFlowStageValue }> = [];
  const machine = taskFlowMachine.provide({
    actors: {
      upload: fromPromise(upload),
      submit: fromPromise(({ input }) => submit(input)),
      reviewText: fromPromise(({ input }) => reviewText(input.text)),
      translatePrompt: fromPromise(({ input }) => translate(input.text)),
      reviewPicture: fromPromise(({ input }) => reviewPicture(input.files)),
      query: fromPromise(({ input }) => query(input)),
      download: fromPromise(({ input }) => download(input.url)),
      reviewResultPicture: fromPromise(options.review ?? (async () => ({ compliant: true }))),
    },
    actions: {
      cancelServerTasks: (_, params) => cancelServerTasks(params),
      notifyStage: (_, params) => {
        stages.push(params.stage);
      },
      notifyPostStage: (_, params) => {
        postStages.push(params);
      },
    },
  });
  const actor = createActor(machine, {
    input: { jobId: 'job1', funcType: 'removebg', sourceFile: file, steps: [UPLOAD, SUBMIT, QUERY], ...options.input },
  });
  actor.start();
  return {
    actor,
    upload,
    submit,
    query,
    download,
    cancelServerTasks,
    reviewText,
    translate,
    reviewPicture,
    stages,
    postStages,
    ctx: () => actor.getSnapshot().context,
  };
}
