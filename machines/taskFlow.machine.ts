import { and, assign, fromPromise, setup } from 'xstate';
import { ResultCode, jobError, serverCodeError, type JobError } from '../engine/spec/errors';
import { FlowStepId, PostFlowStage, type FlowStepIdValue, type PostFlowStageValue, type TaskStage } from '../engine/spec/kinds';
import { POLL_INTERVAL_MS } from '../engine/spec/limits';
import { applyEntry, emptyTaskResult, entriesByTask, pendingDownload, unfinishedIds } from './taskFlow.results';
import type { TranslationOutcome } from './translationStep';
import type { Envelope, QueryEntry, QueryInput, SubmitInput, TaskFlowContext, TaskFlowInput, TaskResult, UploadInput, UploadOutput } from './taskFlow.types';

export type TaskFlowEvent = { type: 'job.start' } | { type: 'job.retry' } | { type: 'job.cancel' } | { type: 'upload.progress'; value: number };

/** A review's answer: the content may go on, or not. */
export interface ReviewOutcome {
  compliant: boolean;
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`taskFlow: provide the "${name}" actor`);
};

function initialContext(input: TaskFlowInput): TaskFlowContext {
  return {
    jobId: input.jobId,
    funcType: input.funcType,
    sourceFile: input.sourceFile ?? null,
    sourceFiles: input.sourceFiles ?? [],
    fileType: input.fileType ?? 'image',
    submitParams: input.submitParams ?? {},
    steps: input.steps.map((id) => ({ id, end: false })),
    currentStep: 0,
    end: false,
    error: null,
    fileUrls: input.fileUrls ?? [],
    taskIds: [],
    taskResults: {},
    stage: 'preprocess',
    uploadProgress: 0,
    prompt: input.prompt ?? null,
    originalPrompt: input.prompt ?? null,
    lanCode: null,
    lastQueryAt: null,
  };
}

/** The pictures step 3 reviews: the source file, or every file of a batch. */
const sourcePictures = (c: TaskFlowContext): Blob[] => (c.sourceFiles.length > 0 ? c.sourceFiles : c.sourceFile ? [c.sourceFile] : []);
/** Marks the current step ended with its result. */
const stepResult = (c: TaskFlowContext, result: unknown) => c.steps.map((s, i) => (i === c.currentStep ? { ...s, result } : s));
const firstReviewable = (c: TaskFlowContext) => Object.values(c.taskResults).find((r) => !r.end && r.resultFile && r.needReviewResultPic);

const currentStepId = (c: TaskFlowContext): FlowStepIdValue | undefined => c.steps[c.currentStep]?.id;
const stepIs =
  (id: FlowStepIdValue) =>
  ({ context }: { context: TaskFlowContext }) =>
    currentStepId(context) === id;
const fail = (error: JobError) => ({ type: 'setError' as const, params: { error } });
const enterStage = (stage: TaskStage) => [
  { type: 'setStage' as const, params: { stage } },
  { type: 'notifyStage' as const, params: { stage } },
];
const updateTask = (c: TaskFlowContext, taskId: string, patch: Partial<TaskResult>) => ({ ...c.taskResults, [taskId]: { ...c.taskResults[taskId], ...patch } });

/**
 * The task flow of SPEC §3/§4: a job runs its ordered steps (1 text review, 2 translation,
 * 3 picture review, 4 upload, 5 submit, 6 query, 7 result picture review), each marked ended.
 * Querying polls every 1 s for unfinished task ids, then each finished task's result is
 * downloaded, optionally reviewed, and marked ended. Every side effect is a named actor that
 * the app (or a test) provides with `.provide()`.
 *
 * @example
 * const actor = createActor(taskFlowMachine.provide({ actors: { upload, submit, query, download } }),
 *   { input: { jobId: 'j1', funcType: 'removebg', sourceFile: file, steps: [4, 5, 6] } }).start();
 * actor.send({ type: 'job.start' });
 */
export const taskFlowMachine = setup({
  types: {
    context: {} as TaskFlowContext,
    input: {} as TaskFlowInput,
    events: {} as TaskFlowEvent,
  },
  actors: {
    upload: fromPromise<Envelope<UploadOutput>, UploadInput>(async () => {
      throw new Error('taskFlow: provide the "upload" actor');
    }),
    submit: fromPromise<Envelope<{ taskId?: string; taskList?: string[] }>, SubmitInput>(async () => {
      throw new Error('taskFlow: provide the "submit" actor');
    }),
    query: fromPromise<Envelope<{ result: unknown }>, QueryInput>(async () => {
      throw new Error('taskFlow: provide the "query" actor');
    }),
    download: fromPromise<Blob, { url: string; taskId: string }>(async () => {
      throw new Error('taskFlow: provide the "download" actor');
    }),
    /** Step 1: the prompt through the text review. */
    reviewText: fromPromise<ReviewOutcome, { text: string }>(notProvided('reviewText')),
    /** Step 2: the prompt in English (see translationStep.ts for the rule). */
    translatePrompt: fromPromise<TranslationOutcome, { text: string }>(notProvided('translatePrompt')),
    /** Step 3: each source picture through the picture review. */
    reviewPicture: fromPromise<ReviewOutcome, { files: Blob[] }>(notProvided('reviewPicture')),
    /** Step 7: each downloaded result through the picture review. */
    reviewResultPicture: fromPromise<ReviewOutcome, { file: Blob; taskId: string }>(notProvided('reviewResultPicture')),
  },
  actions: {
    setError: assign({ error: (_, params: { error: JobError }) => params.error }),
    setStage: assign({ stage: (_, params: { stage: TaskStage }) => params.stage }),
    markEnded: assign({ end: true }),
    /** Asks the server to stop the job's tasks; fire and forget (provided by the app). */
    cancelServerTasks: (_, _params: { taskIds: string[] }) => undefined,
    /** Tells the view about a stage change (provided by the app). */
    notifyStage: (_, _params: { stage: TaskStage }) => undefined,
    /** Tells the view about a task's post-flow sub-stage (1 download, 2 pornography check, 3 finish). */
    notifyPostStage: (_, _params: { taskId: string; postStage: PostFlowStageValue }) => undefined,
    /** Retry clears the end flag and the error and runs the job again from its first step. */
    resetForRetry: assign(({ context }) => ({
      end: false,
      error: null,
      currentStep: 0,
      steps: context.steps.map((s) => ({ ...s, end: false, result: undefined })),
      // Files given at the start (no upload step) are submitted again; an upload step uploads afresh.
      fileUrls: context.steps.some((s) => s.id === FlowStepId.UPLOAD) ? [] : context.fileUrls,
      taskIds: [],
      taskResults: {},
      uploadProgress: 0,
      stage: 'preprocess' as TaskStage,
      prompt: context.originalPrompt,
      lanCode: null,
      lastQueryAt: null,
    })),
  },
  delays: {
    /**
     * Polls start once per POLL_INTERVAL_MS (SPEC §4). A query the server held open (a long poll) already
     * used up part of that interval, so the next one starts that much sooner: a task that ends while no
     * query is open is heard of at the next start, one that ends during a query at once.
     */
    pollInterval: ({ context }) => (context.lastQueryAt === null ? POLL_INTERVAL_MS : Math.max(0, POLL_INTERVAL_MS - (Date.now() - context.lastQueryAt))),
  },
  guards: {
    hasNoSteps: ({ context }) => context.steps.length === 0,
    allStepsDone: ({ context }) => context.currentStep >= context.steps.length,
    isUpload: stepIs(FlowStepId.UPLOAD),
    isSubmit: stepIs(FlowStepId.SUBMIT),
    isQuery: stepIs(FlowStepId.QUERY),
    isResultReview: stepIs(FlowStepId.RESULT_PICTURE_REVIEW),
    isTextReview: stepIs(FlowStepId.TEXT_REVIEW),
    isTranslation: stepIs(FlowStepId.TEXT_TRANSLATION),
    isPictureReview: stepIs(FlowStepId.PICTURE_REVIEW),
    hasNoPrompt: ({ context }) => !context.prompt?.trim(),
    missingSourceFiles: ({ context: c }) => (c.fileType === 'zip' || c.sourceFiles.length > 0 ? c.sourceFiles.length === 0 : !c.sourceFile),
    hasPendingDownload: ({ context }) => pendingDownload(context.taskResults) !== undefined,
    hasPendingReview: ({ context }) => Object.values(context.taskResults).some((t) => !t.end && t.resultFile && t.needReviewResultPic),
    allTasksEnded: ({ context }) => Object.values(context.taskResults).every((t) => t.end),
    allTasksFailed: ({ context }) => context.taskIds.length > 0 && Object.values(context.taskResults).every((t) => t.err),
  },
}).createMachine({
  id: 'taskFlow',
  context: ({ input }) => initialContext(input),
  initial: 'idle',
  states: {
    idle: { on: { 'job.start': 'starting' } },
    starting: {
      always: [
        { guard: 'hasNoSteps', target: 'failed', actions: fail(jobError('PARAMS_INVAILED', { message: 'a job without steps is invalid' })) },
        { target: 'running' },
      ],
    },
    running: {
      on: { 'job.cancel': 'cancelled' },
      initial: 'dispatch',
      states: {
        dispatch: {
          always: [
            { guard: 'allStepsDone', target: '#taskFlow.finishing' },
            {
              guard: and(['isUpload', 'missingSourceFiles']),
              target: '#taskFlow.failed',
              actions: fail(jobError('PARAMS_INVAILED', { message: 'no source file' })),
            },
            { guard: 'isUpload', target: 'uploading' },
            { guard: 'isSubmit', target: 'submitting' },
            { guard: 'isQuery', target: 'querying' },
            // Step 7 has no work of its own: it makes the query step review each result.
            { guard: 'isResultReview', target: 'stepDone' },
            // Steps 1 and 2 without a prompt have nothing to check.
            {
              guard: and([
                ({ context }) => currentStepId(context) === FlowStepId.TEXT_REVIEW || currentStepId(context) === FlowStepId.TEXT_TRANSLATION,
                'hasNoPrompt',
              ]),
              target: 'stepDone',
            },
            { guard: 'isTextReview', target: 'reviewingText' },
            { guard: 'isTranslation', target: 'translating' },
            {
              guard: and(['isPictureReview', ({ context }) => sourcePictures(context).length === 0]),
              target: '#taskFlow.failed',
              actions: fail(jobError('PARAMS_INVAILED', { message: 'no picture to review' })),
            },
            { guard: 'isPictureReview', target: 'reviewingPicture' },
            { target: '#taskFlow.failed', actions: fail(jobError('PARAMS_INVAILED', { message: 'unknown flow step' })) },
          ],
        },
        stepDone: {
          entry: assign({
            steps: ({ context }) => context.steps.map((s, i) => (i === context.currentStep ? { ...s, end: true } : s)),
            currentStep: ({ context }) => context.currentStep + 1,
          }),
          always: 'dispatch',
        },
        reviewingText: {
          entry: enterStage('preprocess'),
          invoke: {
            src: 'reviewText',
            input: ({ context }) => ({ text: context.prompt! }),
            onDone: [
              { guard: ({ event }) => !event.output.compliant, target: '#taskFlow.failed', actions: fail(jobError('CONTENT_REVIEW_TEXT_NON_COMPLIANCE')) },
              { target: 'stepDone', actions: assign({ steps: ({ context, event }) => stepResult(context, event.output) }) },
            ],
            // An error ends the job with that error's code: here the default, a server error.
            onError: { target: '#taskFlow.failed', actions: fail(jobError('SERVER_ERROR')) },
          },
        },
        translating: {
          entry: enterStage('preprocess'),
          invoke: {
            src: 'translatePrompt',
            input: ({ context }) => ({ text: context.prompt! }),
            onDone: [
              {
                guard: ({ event }) => !event.output.ok,
                target: '#taskFlow.failed',
                actions: assign({
                  error: ({ event }) => jobError((event.output as Extract<TranslationOutcome, { ok: false }>).error),
                  lanCode: ({ event }) => event.output.lanCode ?? null,
                }),
              },
              {
                target: 'stepDone',
                actions: assign(({ context, event }) => {
                  const out = event.output as Extract<TranslationOutcome, { ok: true }>;
                  return { prompt: out.text, lanCode: out.lanCode, steps: stepResult(context, out) };
                }),
              },
            ],
            onError: { target: '#taskFlow.failed', actions: fail(jobError('SERVER_ERROR')) },
          },
        },
        reviewingPicture: {
          entry: enterStage('preprocess'),
          invoke: {
            src: 'reviewPicture',
            input: ({ context }) => ({ files: sourcePictures(context) }),
            onDone: [
              { guard: ({ event }) => !event.output.compliant, target: '#taskFlow.failed', actions: fail(jobError('CONTENT_REVIEW_PICTURE_NON_COMPLIANCE')) },
              { target: 'stepDone', actions: assign({ steps: ({ context, event }) => stepResult(context, event.output) }) },
            ],
            onError: { target: '#taskFlow.failed', actions: fail(jobError('SERVER_ERROR')) },
          },
        },
        uploading: {
          entry: enterStage('upload'),
          on: { 'upload.progress': { actions: assign({ uploadProgress: ({ event }) => event.value }) } },
          invoke: {
            src: 'upload',
            input: ({ context: c, self }) => ({
              mode: c.fileType === 'zip' ? 'zip' : c.sourceFiles.length > 0 ? 'batch' : 'single',
              files: c.sourceFiles.length > 0 ? c.sourceFiles : [c.sourceFile!],
              func: c.funcType,
              fileType: c.fileType,
              onProgress: (value: number) => self.send({ type: 'upload.progress', value }),
            }),
            onDone: [
              // Upload with a non-success resultCode is a failure, with the server's code.
              {
                guard: ({ event }) => event.output.resultCode !== ResultCode.SUCCESS,
                target: '#taskFlow.failed',
                actions: assign({ error: ({ event }) => serverCodeError(event.output.resultCode, event.output.msg) }),
              },
              {
                target: 'stepDone',
                actions: assign({
                  uploadProgress: 1,
                  fileUrls: ({ event }) => event.output.data?.fileUrls ?? (event.output.data?.fileUrl ? [event.output.data.fileUrl] : []),
                }),
              },
            ],
            // The message tells a timeout (text.uploadErrorTimeout) from other network trouble.
            onError: {
              target: '#taskFlow.failed',
              actions: assign({ error: ({ event }) => jobError('NETWORK_ERROR', { message: (event.error as Error | undefined)?.message }) }),
            },
          },
        },
        submitting: {
          entry: enterStage('submit'),
          invoke: {
            src: 'submit',
            // The prompt (translated by step 2) travels as `prompt`.
            input: ({ context: c }) => ({
              funcType: c.funcType,
              fileUrls: c.fileUrls,
              params: c.prompt === null ? c.submitParams : { ...c.submitParams, prompt: c.prompt },
            }),
            onDone: [
              // A failed submit ends the job with the server's own result code.
              {
                guard: ({ event }) => event.output.resultCode !== ResultCode.SUCCESS,
                target: '#taskFlow.failed',
                actions: assign({ error: ({ event }) => serverCodeError(event.output.resultCode, event.output.msg) }),
              },
              {
                guard: ({ event }) => !event.output.data?.taskId && !event.output.data?.taskList?.length,
                target: '#taskFlow.failed',
                actions: fail(jobError('SERVER_ERROR', { message: 'no task id in the submit reply' })),
              },
              {
                target: 'stepDone',
                actions: assign(({ event }) => {
                  const ids = event.output.data?.taskList ?? [event.output.data!.taskId!];
                  return { taskIds: ids, taskResults: Object.fromEntries(ids.map((id) => [id, emptyTaskResult(id)])) };
                }),
              },
            ],
            onError: { target: '#taskFlow.failed', actions: fail(jobError('NETWORK_ERROR')) },
          },
        },
        querying: {
          entry: enterStage('pollingResult'),
          initial: 'checking',
          states: {
            fetching: {
              entry: assign({ lastQueryAt: () => Date.now() }),
              invoke: {
                src: 'query',
                input: ({ context: c }) => ({ funcType: c.funcType, taskIds: unfinishedIds(c.taskResults), waitMs: POLL_INTERVAL_MS }),
                onDone: [
                  { guard: ({ event }) => event.output.resultCode !== ResultCode.SUCCESS, target: '#taskFlow.failed', actions: fail(jobError('SERVER_ERROR')) },
                  {
                    target: 'checking',
                    actions: assign({
                      taskResults: ({ context: c, event }) => {
                        const ids = unfinishedIds(c.taskResults);
                        const entries: Record<string, QueryEntry> = entriesByTask(event.output.data?.result, ids);
                        const review = c.steps.some((s) => s.id === FlowStepId.RESULT_PICTURE_REVIEW);
                        return Object.fromEntries(Object.entries(c.taskResults).map(([id, t]) => [id, applyEntry(t, entries[id], review)]));
                      },
                    }),
                  },
                ],
                onError: { target: '#taskFlow.failed', actions: fail(jobError('SERVER_ERROR')) },
              },
            },
            checking: {
              always: [
                { guard: 'hasPendingDownload', target: 'downloading' },
                { guard: 'hasPendingReview', target: 'reviewing' },
                { guard: 'allTasksEnded', target: '#taskFlow.running.stepDone' },
                { target: 'waiting' },
              ],
            },
            waiting: { after: { pollInterval: 'fetching' } },
            downloading: {
              entry: [
                ...enterStage('download'),
                assign({ taskResults: ({ context: c }) => updateTask(c, pendingDownload(c.taskResults)!.taskId, { postStage: PostFlowStage.DOWNLOAD }) }),
                {
                  type: 'notifyPostStage',
                  params: ({ context: c }) => ({ taskId: pendingDownload(c.taskResults)!.taskId, postStage: PostFlowStage.DOWNLOAD }),
                },
              ],
              invoke: {
                src: 'download',
                input: ({ context }) => {
                  const t = pendingDownload(context.taskResults)!;
                  return { url: t.resultFileUrl!, taskId: t.taskId };
                },
                onDone: {
                  target: 'checking',
                  actions: assign({
                    taskResults: ({ context: c, event }) => {
                      const t = pendingDownload(c.taskResults)!;
                      return updateTask(c, t.taskId, {
                        resultFile: event.output,
                        end: !t.needReviewResultPic,
                        postStage: t.needReviewResultPic ? PostFlowStage.DOWNLOAD : PostFlowStage.FINISH,
                      });
                    },
                  }),
                },
                onError: {
                  target: 'checking',
                  actions: assign({
                    taskResults: ({ context: c }) => updateTask(c, pendingDownload(c.taskResults)!.taskId, { err: jobError('DOWNLOAD_FAILED'), end: true }),
                  }),
                },
              },
            },
            reviewing: {
              entry: [
                ...enterStage('postProcess'),
                assign({ taskResults: ({ context: c }) => updateTask(c, firstReviewable(c)!.taskId, { postStage: PostFlowStage.PORN_CHECK }) }),
                { type: 'notifyPostStage', params: ({ context: c }) => ({ taskId: firstReviewable(c)!.taskId, postStage: PostFlowStage.PORN_CHECK }) },
              ],
              invoke: {
                src: 'reviewResultPicture',
                input: ({ context }) => {
                  const t = firstReviewable(context)!;
                  return { file: t.resultFile!, taskId: t.taskId };
                },
                onDone: {
                  target: 'checking',
                  actions: assign({
                    taskResults: ({ context: c, event }) => {
                      const t = firstReviewable(c)!;
                      // A rejected result loses its URL and file (SPEC §8).
                      return event.output.compliant
                        ? updateTask(c, t.taskId, { end: true, postStage: PostFlowStage.FINISH })
                        : updateTask(c, t.taskId, {
                            end: true,
                            postStage: PostFlowStage.FINISH,
                            resultFileUrl: null,
                            resultFile: null,
                            err: jobError('CONTENT_REVIEW_PICTURE_NON_COMPLIANCE'),
                          });
                    },
                  }),
                },
                // The review service failing is not the user's fault: the picture passes.
                onError: {
                  target: 'checking',
                  actions: assign({
                    taskResults: ({ context: c }) => updateTask(c, firstReviewable(c)!.taskId, { end: true, postStage: PostFlowStage.FINISH }),
                  }),
                },
              },
            },
          },
        },
      },
    },
    finishing: {
      always: [
        { guard: 'allTasksFailed', target: 'failed', actions: assign({ error: ({ context }) => Object.values(context.taskResults)[0].err }) },
        { target: 'completed' },
      ],
    },
    completed: {
      entry: [{ type: 'markEnded' }, ...enterStage('completed')],
      on: { 'job.retry': { target: 'starting', actions: 'resetForRetry' } },
    },
    failed: {
      entry: [{ type: 'markEnded' }, ...enterStage('failed')],
      on: { 'job.retry': { target: 'starting', actions: 'resetForRetry' } },
    },
    cancelled: {
      entry: [{ type: 'markEnded' }, { type: 'cancelServerTasks', params: ({ context }) => ({ taskIds: unfinishedIds(context.taskResults) }) }],
      on: { 'job.retry': { target: 'starting', actions: 'resetForRetry' } },
    },
  },
});
