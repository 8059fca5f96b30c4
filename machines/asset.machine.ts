import { assign, fromPromise, setup } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import type { ASSET_STATUSES } from '../engine/spec/kinds';
import { codeOf } from './login.machine';

/** One of the asset statuses of SPEC §4. */
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** Why an asset failed: a SPEC §8 code and, where the server said more, its reason. */
export interface AssetError {
  code: number;
  message?: string;
  /** The user cancelled it (shown as "Cancelled", restartable by retry). */
  cancelled?: boolean;
}

/** What the server says about one item of the batch (forwarded by the batch from its poll). */
export interface AssetUpdate {
  /** The server's `retry` (queued again) reads as processing here. */
  status: 'user_upload' | 'processing' | 'completed' | 'failed';
  /** 0..1 while processing, when the server knows. */
  progress?: number;
  resultUrl?: string | null;
  error?: AssetError | null;
  /** How many times the server has queued it; news of an older run is ignored. */
  runs?: number;
}

/** What the upload gives back: the server's item, or its refusal of the photo (status failed). */
export interface UploadedItem {
  itemId: string;
  fileUrl: string | null;
  update: AssetUpdate;
}

export interface AssetInput {
  id: string;
  name: string;
  /** The photo itself; null for an item restored from the server after a reload. */
  file: Blob | null;
  /** Settings of this photo only, over the batch's settings (settings for all, per-photo overrides). */
  overrides?: Record<string, unknown>;
  /** An item the server already has (resume from `/batch-edit?pid=`). */
  restore?: UploadedItem | null;
}

export interface AssetContext {
  id: string;
  name: string;
  file: Blob | null;
  overrides: Record<string, unknown>;
  fileUrl: string | null;
  /** The server's id of this item, once uploaded. */
  itemId: string | null;
  /** The batch this asset belongs to (given by `asset.start`). */
  batchId: string | null;
  uploadProgress: number;
  progress: number;
  resultUrl: string | null;
  error: AssetError | null;
  /** Times the server has queued it, as far as this asset knows. */
  runs: number;
  /** Times this browser started it (upload or requeue). */
  attempts: number;
}

export type AssetEvent =
  | { type: 'asset.start'; batchId: string }
  | { type: 'asset.uploadProgress'; fraction: number }
  | { type: 'asset.update'; update: AssetUpdate }
  | { type: 'asset.retry' }
  | { type: 'asset.rerun'; overrides?: Record<string, unknown> }
  | { type: 'asset.override'; overrides: Record<string, unknown> }
  | { type: 'asset.cancel' }
  /** The user replaced a finished photo's result (refine, fine-tune): the server's item now has `resultUrl`. */
  | { type: 'asset.resultReplaced'; resultUrl: string };

/** What an asset tells its batch after every change (the batch refills its slots and its progress). */
export interface AssetChanged {
  type: 'asset.changed';
  id: string;
}

export type UploadAssetInput = {
  batchId: string;
  id: string;
  file: Blob;
  name: string;
  overrides: Record<string, unknown>;
  onProgress(fraction: number): void;
};
export type RequeueAssetInput = { batchId: string; itemId: string; overrides: Record<string, unknown> };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`asset: provide the "${name}" actor`);
};

/** A photo lost with a page reload before it reached the server cannot be run again. */
const FILE_LOST: AssetError = { code: ResultCode.PARAMS_INVALID, message: 'file lost' };
/** Cancelled items carry the server's code for them (-101, engine/spec/batch.ts). */
const CANCELLED: AssetError = { code: ResultCode.SERVICE_UNKNOWN_ERROR, cancelled: true };

const errorOf = (error: unknown): AssetError => ({ code: codeOf(error), message: error instanceof Error ? error.message : undefined });
const isCurrent = (context: AssetContext, update: AssetUpdate) => update.runs === undefined || update.runs >= context.runs;

/** The SPEC §4 asset status of a snapshot's state value (`derive` reads as none). */
export function assetStatusOf(value: unknown): AssetStatus {
  const top = typeof value === 'object' && value !== null ? Object.keys(value)[0] : String(value);
  return top === 'derive' ? 'none' : (top as AssetStatus);
}

/** Server news, the same in every state that waits for it. */
const followServer = [
  {
    guard: ({ context, event }: { context: AssetContext; event: { update: AssetUpdate } }) =>
      isCurrent(context, event.update) && event.update.status === 'completed',
    target: '#asset.completed',
    actions: 'completed',
  },
  {
    guard: ({ context, event }: { context: AssetContext; event: { update: AssetUpdate } }) =>
      isCurrent(context, event.update) && event.update.status === 'failed',
    target: '#asset.failed',
    actions: 'serverFailed',
  },
  {
    guard: ({ context, event }: { context: AssetContext; event: { update: AssetUpdate } }) =>
      isCurrent(context, event.update) && event.update.status === 'processing',
    target: '#asset.processing',
    actions: 'progressed',
  },
] as const;

/**
 * One photo of a batch, in the asset statuses of SPEC §4. `none` waits for a slot; the batch sends
 * `asset.start` when one is free. `user_upload` uploads the photo into the server's batch (with its
 * per-photo overrides) and then waits for the server to queue it; `processing` follows the server's
 * word (`asset.update`, forwarded by the batch from its one poll for all items, so 100 photos cost
 * one request a second, not 100) until `completed` or `failed`. `failed` → `asset.retry` → `retry`,
 * which waits for a slot like `none`, then re-queues the item the server already has (or uploads
 * again when the upload itself failed). `asset.cancel` stops a waiting or running asset (failed,
 * marked cancelled). A finished photo can run again with new overrides (`asset.rerun`).
 *
 * Provided from outside: actors `upload` (→ the server's item) and `requeue`. After every change the
 * asset runs `changed`, which the batch provides as a message to itself (batch.machine.ts).
 */
export const assetMachine = setup({
  types: { context: {} as AssetContext, events: {} as AssetEvent, input: {} as AssetInput },
  actors: {
    upload: fromPromise<UploadedItem, UploadAssetInput>(notProvided('upload')),
    requeue: fromPromise<{ runs: number }, RequeueAssetInput>(notProvided('requeue')),
  },
  actions: {
    /** No-op alone; the batch machine provides a `sendParent` of `asset.changed` here. */
    changed: () => undefined,
    begin: assign(({ context, event }) => ({
      batchId: event.type === 'asset.start' ? event.batchId : context.batchId,
      attempts: context.attempts + 1,
      error: null,
      progress: 0,
      uploadProgress: context.itemId ? 1 : 0,
    })),
    override: assign(({ context, event }) => ({
      overrides: event.type === 'asset.override' ? event.overrides : context.overrides,
    })),
    completed: assign(({ event }) => ({ resultUrl: event.type === 'asset.update' ? (event.update.resultUrl ?? null) : null, progress: 1 })),
    serverFailed: assign(({ event }) => ({ error: (event.type === 'asset.update' && event.update.error) || { code: ResultCode.SERVER_ERROR } })),
    progressed: assign(({ context, event }) => ({
      progress: event.type === 'asset.update' ? (event.update.progress ?? context.progress) : context.progress,
      runs: event.type === 'asset.update' ? Math.max(context.runs, event.update.runs ?? 0) : context.runs,
    })),
    cancel: assign({ error: CANCELLED }),
  },
  guards: {
    onServer: ({ context }) => context.itemId !== null,
    canRun: ({ context }) => context.itemId !== null || context.file !== null,
  },
}).createMachine({
  id: 'asset',
  context: ({ input }) => ({
    id: input.id,
    name: input.name,
    file: input.file,
    overrides: input.overrides ?? {},
    fileUrl: input.restore?.fileUrl ?? null,
    itemId: input.restore?.itemId ?? null,
    batchId: null,
    uploadProgress: input.restore ? 1 : 0,
    progress: input.restore?.update.progress ?? 0,
    resultUrl: input.restore?.update.resultUrl ?? null,
    error: input.restore?.update.error ?? null,
    runs: input.restore?.update.runs ?? 0,
    attempts: input.restore ? 1 : 0,
  }),
  initial: 'derive',
  states: {
    /** A restored item starts where the server has it; a new photo starts in none. */
    derive: {
      always: [
        { guard: ({ context }) => context.itemId !== null && context.resultUrl !== null, target: 'completed' },
        { guard: ({ context }) => context.itemId !== null && context.error !== null, target: 'failed' },
        { guard: ({ context }) => context.itemId !== null && context.runs > 0, target: 'processing' },
        { guard: 'onServer', target: 'user_upload.uploaded' },
        { target: 'none' },
      ],
    },
    none: {
      entry: 'changed',
      on: {
        'asset.start': { target: 'user_upload', actions: 'begin' },
        'asset.cancel': { target: 'failed', actions: 'cancel' },
        'asset.override': { actions: 'override' },
      },
    },
    user_upload: {
      entry: 'changed',
      initial: 'uploading',
      on: { 'asset.cancel': { target: 'failed', actions: 'cancel' } },
      states: {
        uploading: {
          on: { 'asset.uploadProgress': { actions: [assign({ uploadProgress: ({ event }) => event.fraction }), 'changed'] } },
          invoke: {
            src: 'upload',
            input: ({ context, self }) => ({
              batchId: context.batchId!,
              id: context.id,
              file: context.file!,
              name: context.name,
              overrides: context.overrides,
              onProgress: (fraction: number) => self.send({ type: 'asset.uploadProgress', fraction }),
            }),
            onDone: [
              // The server took the upload but refused the photo (not an image, too large…): failed with its reason.
              {
                guard: ({ event }) => event.output.update.status === 'failed',
                target: '#asset.failed',
                actions: assign(({ event }) => ({
                  itemId: event.output.itemId,
                  fileUrl: event.output.fileUrl,
                  error: event.output.update.error ?? { code: ResultCode.PARAMS_INVALID },
                })),
              },
              // Uploaded after the batch started: the server queued it at once.
              {
                guard: ({ event }) => event.output.update.status === 'processing',
                target: '#asset.processing',
                actions: assign(({ event }) => ({
                  itemId: event.output.itemId,
                  fileUrl: event.output.fileUrl,
                  uploadProgress: 1,
                  runs: event.output.update.runs ?? 1,
                })),
              },
              {
                target: 'uploaded',
                actions: [assign(({ event }) => ({ itemId: event.output.itemId, fileUrl: event.output.fileUrl, uploadProgress: 1 })), 'changed'],
              },
            ],
            onError: { target: '#asset.failed', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
          },
        },
        /** On the server, waiting for the batch to start. */
        uploaded: { on: { 'asset.update': [...followServer] } },
      },
    },
    processing: {
      entry: 'changed',
      initial: 'waiting',
      on: { 'asset.cancel': { target: 'failed', actions: 'cancel' } },
      states: {
        /** Asking the server to queue the item again (retry, or re-run with new overrides). */
        requeueing: {
          invoke: {
            src: 'requeue',
            input: ({ context }) => ({ batchId: context.batchId!, itemId: context.itemId!, overrides: context.overrides }),
            onDone: { target: 'waiting', actions: [assign({ runs: ({ event }) => event.output.runs }), 'changed'] },
            onError: { target: '#asset.failed', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
          },
        },
        /** Queued on the server: its workers run it; the batch forwards what its poll says. */
        waiting: {
          on: {
            'asset.update': [
              followServer[0],
              followServer[1],
              { guard: ({ context, event }) => isCurrent(context, event.update), actions: ['progressed', 'changed'] },
            ],
          },
        },
      },
    },
    completed: {
      entry: 'changed',
      on: {
        'asset.rerun': {
          guard: 'canRun',
          target: 'retry',
          actions: assign(({ context, event }) => ({ overrides: event.overrides ?? context.overrides, resultUrl: null, progress: 0 })),
        },
        'asset.override': { actions: 'override' },
        'asset.resultReplaced': { actions: [assign({ resultUrl: ({ event }) => event.resultUrl }), 'changed'] },
      },
    },
    failed: {
      entry: 'changed',
      on: {
        'asset.retry': [
          { guard: 'canRun', target: 'retry', actions: assign({ error: null, progress: 0 }) },
          { actions: [assign({ error: FILE_LOST }), 'changed'] },
        ],
        'asset.override': { actions: 'override' },
      },
    },
    /** Asked to run again: waits for a slot like none, then re-queues (or uploads again). */
    retry: {
      entry: 'changed',
      on: {
        'asset.start': [
          { guard: 'onServer', target: 'processing.requeueing', actions: 'begin' },
          { target: 'user_upload', actions: 'begin' },
        ],
        'asset.cancel': { target: 'failed', actions: 'cancel' },
        'asset.override': { actions: 'override' },
      },
    },
  },
});
