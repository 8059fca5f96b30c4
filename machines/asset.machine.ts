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

/** What the batch (the server) says about one submitted item. */
export interface AssetUpdate {
  status: 'processing' | 'completed' | 'failed';
  /** 0..1 while processing, when the server knows. */
  progress?: number;
  resultUrl?: string | null;
  error?: AssetError | null;
}

export interface AssetInput {
  id: string;
  name: string;
  /** The photo itself; null for an item restored from the server after a reload. */
  file: Blob | null;
  /** Settings of this photo only, over the batch's settings (SPEC: settings for all, per-photo overrides). */
  overrides?: Record<string, unknown>;
  /** Restored state of an item the server already has (resume from `/batch-edit?pid=`). */
  restore?: { itemId: string; fileUrl: string | null; update: AssetUpdate } | null;
}

export interface AssetContext {
  id: string;
  name: string;
  file: Blob | null;
  overrides: Record<string, unknown>;
  fileUrl: string | null;
  /** The server's id of this item, once submitted. */
  itemId: string | null;
  /** The batch this asset is submitted to (given by `asset.start`). */
  batchId: string | null;
  uploadProgress: number;
  progress: number;
  resultUrl: string | null;
  error: AssetError | null;
  /** How many times it was started (1 on the first run). */
  attempts: number;
}

export type AssetEvent =
  | { type: 'asset.start'; batchId: string }
  | { type: 'asset.uploadProgress'; fraction: number }
  | { type: 'asset.update'; update: AssetUpdate }
  | { type: 'asset.retry' }
  | { type: 'asset.rerun'; overrides?: Record<string, unknown> }
  | { type: 'asset.override'; overrides: Record<string, unknown> }
  | { type: 'asset.cancel' };

/** What an asset tells its batch after every change (the batch refills its slots and its progress). */
export interface AssetChanged {
  type: 'asset.changed';
  id: string;
}

export type UploadAssetInput = { file: Blob; name: string; onProgress(fraction: number): void };
export type SubmitAssetInput = { batchId: string; fileUrl: string; name: string; overrides: Record<string, unknown> };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`asset: provide the "${name}" actor`);
};

/** A file lost with a page reload before it reached the server cannot be run again. */
const FILE_LOST: AssetError = { code: ResultCode.PARAMS_INVALID, message: 'file lost' };
const CANCELLED: AssetError = { code: ResultCode.SERVICE_UNKNOWN_ERROR, cancelled: true };

const errorOf = (error: unknown): AssetError => ({
  code: codeOf(error),
  message: error instanceof Error ? error.message : undefined,
});

/** The SPEC §4 asset status of a snapshot's state value (`derive` reads as none). */
export function assetStatusOf(value: unknown): AssetStatus {
  const top = typeof value === 'object' && value !== null ? Object.keys(value)[0] : String(value);
  return top === 'derive' ? 'none' : (top as AssetStatus);
}

/**
 * One photo of a batch, in the asset statuses of SPEC §4. `none` waits for a slot; the batch sends
 * `asset.start` when one is free. `user_upload` uploads the photo; `processing` submits it to the
 * batch and then follows the server's word (`asset.update`, forwarded by the batch from its one poll
 * for all items, so 100 photos cost one request a second, not 100). `failed` → `asset.retry` →
 * `retry`, which waits for a slot like `none` and skips the upload when the server has the photo.
 * `asset.cancel` stops a waiting or running asset (failed, marked cancelled; `cancelServerItem`
 * tells the server). A finished asset can run again with new overrides (`asset.rerun`).
 *
 * Provided from outside: actors `upload` (file → fileUrl) and `submit` (→ itemId); action
 * `cancelServerItem`. After every change the asset sends `asset.changed` to its parent.
 */
export const assetMachine = setup({
  types: {
    context: {} as AssetContext,
    events: {} as AssetEvent,
    input: {} as AssetInput,
  },
  actors: {
    upload: fromPromise<{ fileUrl: string }, UploadAssetInput>(notProvided('upload')),
    submit: fromPromise<{ itemId: string }, SubmitAssetInput>(notProvided('submit')),
  },
  actions: {
    cancelServerItem: (_, _params: { batchId: string | null; itemId: string }) => undefined,
    /** No-op alone; the batch machine provides a `sendParent` of `asset.changed` here, so it hears of every change. */
    changed: () => undefined,
    begin: assign(({ context, event }) => ({
      batchId: event.type === 'asset.start' ? event.batchId : context.batchId,
      attempts: context.attempts + 1,
      error: null,
      progress: 0,
      uploadProgress: context.fileUrl ? 1 : 0,
    })),
    override: assign(({ context, event }) => ({
      overrides: event.type === 'asset.override' ? { ...context.overrides, ...event.overrides } : context.overrides,
    })),
  },
  guards: {
    uploaded: ({ context }) => context.fileUrl !== null,
    canRun: ({ context }) => context.fileUrl !== null || context.file !== null,
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
    attempts: input.restore ? 1 : 0,
  }),
  initial: 'derive',
  states: {
    /** A restored item starts where the server has it; a new photo starts in none. */
    derive: {
      always: [
        { guard: ({ context }) => context.itemId !== null && context.resultUrl !== null, target: 'completed' },
        { guard: ({ context }) => context.itemId !== null && context.error !== null, target: 'failed' },
        { guard: ({ context }) => context.itemId !== null, target: 'processing.waiting' },
        { target: 'none' },
      ],
    },
    none: {
      entry: 'changed',
      on: {
        'asset.start': [
          { guard: 'uploaded', target: 'processing', actions: 'begin' },
          { target: 'user_upload', actions: 'begin' },
        ],
        'asset.cancel': { target: 'failed', actions: assign({ error: CANCELLED }) },
        'asset.override': { actions: 'override' },
      },
    },
    user_upload: {
      entry: 'changed',
      on: {
        'asset.uploadProgress': { actions: [assign({ uploadProgress: ({ event }) => event.fraction }), 'changed'] },
        'asset.cancel': { target: 'failed', actions: assign({ error: CANCELLED }) },
      },
      invoke: {
        src: 'upload',
        input: ({ context, self }) => ({
          file: context.file!,
          name: context.name,
          onProgress: (fraction: number) => self.send({ type: 'asset.uploadProgress', fraction }),
        }),
        onDone: { target: 'processing', actions: assign({ fileUrl: ({ event }) => event.output.fileUrl, uploadProgress: 1 }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    processing: {
      entry: 'changed',
      initial: 'submitting',
      on: {
        'asset.cancel': {
          target: 'failed',
          actions: [
            { type: 'cancelServerItem', params: ({ context }) => ({ batchId: context.batchId, itemId: context.itemId ?? '' }) },
            assign({ error: CANCELLED }),
          ],
        },
      },
      states: {
        submitting: {
          invoke: {
            src: 'submit',
            input: ({ context }) => ({ batchId: context.batchId!, fileUrl: context.fileUrl!, name: context.name, overrides: context.overrides }),
            onDone: { target: 'waiting', actions: [assign({ itemId: ({ event }) => event.output.itemId }), 'changed'] },
            onError: { target: '#asset.failed', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
          },
        },
        /** Submitted: the server's queue runs it; the batch forwards what its poll says. */
        waiting: {
          on: {
            'asset.update': [
              { guard: ({ event }) => event.update.status === 'completed', target: '#asset.completed', actions: assign({ resultUrl: ({ event }) => event.update.resultUrl ?? null, progress: 1 }) },
              { guard: ({ event }) => event.update.status === 'failed', target: '#asset.failed', actions: assign({ error: ({ event }) => event.update.error ?? { code: ResultCode.SERVER_ERROR } }) },
              { actions: [assign({ progress: ({ event, context }) => event.update.progress ?? context.progress }), 'changed'] },
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
          actions: assign({ overrides: ({ event, context }) => event.overrides ?? context.overrides, itemId: null, resultUrl: null, progress: 0 }),
        },
        'asset.override': { actions: 'override' },
      },
    },
    failed: {
      entry: 'changed',
      on: {
        'asset.retry': [
          { guard: 'canRun', target: 'retry', actions: assign({ itemId: null, error: null, progress: 0 }) },
          { actions: [assign({ error: FILE_LOST }), 'changed'] },
        ],
        'asset.override': { actions: 'override' },
      },
    },
    /** Asked to run again: waits for a slot like none. */
    retry: {
      entry: 'changed',
      on: {
        'asset.start': [
          { guard: 'uploaded', target: 'processing', actions: 'begin' },
          { target: 'user_upload', actions: 'begin' },
        ],
        'asset.cancel': { target: 'failed', actions: assign({ error: CANCELLED }) },
        'asset.override': { actions: 'override' },
      },
    },
  },
});

