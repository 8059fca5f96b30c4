import { assign, enqueueActions, fromPromise, not, sendParent, setup, type ActorRefFrom } from 'xstate';
import { POLL_INTERVAL_MS } from '../engine/spec/limits';
import { assetMachine, assetStatusOf, type AssetUpdate, type AssetChanged } from './asset.machine';
import { batchProgress, countStatuses, estimateRemainingMs, isSettled, type AssetProgressView, type StatusCounts } from './batchProgress';
import { codeOf } from './login.machine';

/** Most photos one batch takes (the issue: "up to 100 photos at once"). */
export const BATCH_MAX_PHOTOS = 100;
/** Photos uploaded and submitted at once by default; the server's queue bounds the processing. */
export const DEFAULT_CONCURRENCY = 3;

export type AssetRef = ActorRefFrom<typeof assetMachine>;
export interface BatchEntry {
  id: string;
  ref: AssetRef;
}

/** A photo to add: a stable id (for keys and overrides), its name and bytes. */
export interface NewPhoto {
  id: string;
  name: string;
  file: Blob;
}
/** An item the server already has, to resume a batch after a reload. */
export interface RestoredItem {
  id: string;
  name: string;
  itemId: string;
  fileUrl: string | null;
  update: AssetUpdate;
  /** The id the photo had in the page that uploaded it (its upload key), when it had one. */
  key?: string | null;
}

export interface BatchInput {
  tool: string;
  settings?: Record<string, unknown>;
  limit?: number;
  /**
   * A batch the server has: its id, whether it was started, its items, and the photos that were added to it
   * but not uploaded before the page went away (kept in the browser; uploaded now).
   */
  resume?: { batchId: string; started: boolean; items: RestoredItem[]; pending?: NewPhoto[] } | null;
}

export interface BatchContext {
  tool: string;
  settings: Record<string, unknown>;
  limit: number;
  batchId: string | null;
  /** The server's batch was started (its items are queued as they arrive). */
  started: boolean;
  assets: BatchEntry[];
  counts: StatusCounts;
  /** Overall progress 0..1. */
  progress: number;
  /** Time remaining of the current run, null until it can be told. */
  etaMs: number | null;
  run: { startedAt: number; startProgress: number };
  /** Photos left out of the last `batch.add` because the batch was full. */
  refused: number;
  /** Why the batch could not be created, a SPEC §8 code. */
  errorCode: number | null;
}

export type BatchEvent =
  | { type: 'batch.add'; photos: NewPhoto[] }
  | { type: 'batch.remove'; id: string }
  | { type: 'batch.settings'; settings: Record<string, unknown> }
  | { type: 'batch.override'; id: string; overrides: Record<string, unknown> }
  | { type: 'batch.start' }
  | { type: 'batch.cancel' }
  | { type: 'batch.retry'; id: string }
  | { type: 'batch.retryFailed' }
  | { type: 'batch.rerun'; id: string; overrides?: Record<string, unknown> }
  | AssetChanged;

/** One poll's answer: what the server says of each submitted item. */
export interface PollOutput {
  items: Array<{ itemId: string; update: AssetUpdate }>;
}

/**
 * The asset machine as a batch runs it: it tells the batch of every change. The app provides its
 * `upload`/`submit` effects on this one (`batchAsset.provide(…)`) and hands it to the batch as `asset`.
 */
export const batchAsset = assetMachine.provide({ actions: { changed: sendParent(({ context }) => ({ type: 'asset.changed', id: context.id })) } });

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`batch: provide the "${name}" actor`);
};

/** What the progress functions read of an asset's snapshot. */
function viewOf(entry: BatchEntry): AssetProgressView {
  const s = entry.ref.getSnapshot();
  return { status: assetStatusOf(s.value), uploadProgress: s.context.uploadProgress, progress: s.context.progress, submitted: s.context.itemId !== null };
}
const views = (context: BatchContext) => context.assets.map(viewOf);
/** Assets that hold one of the browser's slots: uploading, or submitting to the batch. */
const holdsSlot = (entry: BatchEntry) => {
  const s = entry.ref.getSnapshot();
  return s.matches({ user_upload: 'uploading' }) || s.matches({ processing: 'requeueing' });
};
const waitsForServer = (entry: BatchEntry) => {
  const s = entry.ref.getSnapshot();
  return s.matches({ user_upload: 'uploaded' }) || s.matches({ processing: 'waiting' });
};
/** Still to reach the server with its own overrides: starting now would queue it before they are set. */
const overridePending = (entry: BatchEntry) => {
  const s = entry.ref.getSnapshot();
  return Object.keys(s.context.overrides).length > 0 && (s.matches('none') || s.matches({ user_upload: 'uploading' }));
};

/**
 * A batch of photos, each an asset actor (asset.machine.ts). `idle` collects photos and settings;
 * `batch.start` creates the server's batch record (`createBatch`) and `running` starts assets while
 * fewer than `limit` hold a slot (uploading or submitting), polls the batch every 1 s for all
 * submitted items at once and forwards each item's news to its asset. Progress and time remaining
 * are kept in context after every change. Everything finished or failed → `done`, where failed ones
 * can be retried (one or all) and finished ones run again with new overrides. `batch.cancel` cancels
 * every unfinished asset and tells the server (`cancelServerBatch`). `input.resume` rebuilds a batch
 * the server has (after a page reload) and carries on polling.
 *
 * Provided from outside: actors `createBatch`, `poll`, and `asset` (the asset machine with its
 * `upload`/`submit` effects, see `withAssetEffects`); action `cancelServerBatch`.
 */
export const batchMachine = setup({
  types: {
    context: {} as BatchContext,
    events: {} as BatchEvent,
    input: {} as BatchInput,
  },
  actors: {
    asset: batchAsset,
    createBatch: fromPromise<{ batchId: string }, { tool: string; settings: Record<string, unknown> }>(notProvided('createBatch')),
    poll: fromPromise<PollOutput, { batchId: string }>(notProvided('poll')),
    startBatch: fromPromise<unknown, { batchId: string }>(notProvided('startBatch')),
  },
  actions: {
    cancelServerBatch: (_, _params: { batchId: string | null }) => undefined,
    measure: assign(({ context }) => {
      const v = views(context);
      const progress = batchProgress(v);
      return { counts: countStatuses(v), progress, etaMs: estimateRemainingMs(context.run, progress, Date.now()) };
    }),
    beginRun: assign(({ context }) => ({ run: { startedAt: Date.now(), startProgress: batchProgress(views(context)) }, etaMs: null })),
    fill: enqueueActions(({ context, enqueue }) => {
      let free = context.limit - context.assets.filter(holdsSlot).length;
      for (const entry of context.assets) {
        if (free <= 0) break;
        const s = entry.ref.getSnapshot();
        if (s.matches('none') || s.matches('retry')) {
          enqueue.sendTo(entry.ref, { type: 'asset.start', batchId: context.batchId! });
          free--;
        }
      }
    }),
    retryFailed: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.assets) if (entry.ref.getSnapshot().matches('failed')) enqueue.sendTo(entry.ref, { type: 'asset.retry' });
    }),
    sendToAsset: enqueueActions(
      (
        { context, enqueue },
        params: {
          id: string;
          event:
            | { type: 'asset.retry' }
            | { type: 'asset.rerun'; overrides?: Record<string, unknown> }
            | { type: 'asset.override'; overrides: Record<string, unknown> };
        },
      ) => {
        const entry = context.assets.find((a) => a.id === params.id);
        if (entry) enqueue.sendTo(entry.ref, params.event);
      },
    ),
  },
  guards: {
    settled: ({ context }) => isSettled(views(context)),
    hasPhotos: ({ context }) => context.assets.length > 0,
    hasBatch: ({ context }) => context.batchId !== null,
    /** Start once some photo is on the server and no photo with overrides still has to get there. */
    canStart: ({ context }) =>
      !context.started && context.assets.some((a) => a.ref.getSnapshot().matches({ user_upload: 'uploaded' })) && !context.assets.some(overridePending),
  },
  delays: { poll: POLL_INTERVAL_MS },
}).createMachine({
  id: 'batch',
  context: ({ input, spawn }) => {
    const restored = (input.resume?.items ?? []).map((item) => ({
      id: item.id,
      ref: spawn('asset', {
        id: item.id,
        input: { id: item.id, name: item.name, file: null, restore: { itemId: item.itemId, fileUrl: item.fileUrl, update: item.update } },
      }),
    }));
    // Photos never uploaded: fresh assets, which `running` uploads into the batch like any other.
    // A kept photo whose upload landed just before the page went away is on the server already (its key
    // names it): it is shown once, as the server's item.
    const landed = new Set((input.resume?.items ?? []).map((item) => item.key).filter(Boolean));
    const room = Math.max(0, BATCH_MAX_PHOTOS - restored.length);
    const pending = (input.resume?.pending ?? [])
      .filter((p) => !landed.has(p.id))
      .slice(0, room)
      .map((p) => ({ id: p.id, ref: spawn('asset', { id: p.id, input: { id: p.id, name: p.name, file: p.file } }) }));
    const assets = [...restored, ...pending];
    return {
      tool: input.tool,
      settings: input.settings ?? {},
      limit: input.limit ?? DEFAULT_CONCURRENCY,
      batchId: input.resume?.batchId ?? null,
      started: input.resume?.started ?? false,
      assets,
      counts: countStatuses([]),
      progress: 0,
      etaMs: null,
      run: { startedAt: Date.now(), startProgress: 0 },
      refused: 0,
      errorCode: null,
    };
  },
  initial: 'derive',
  on: {
    'batch.override': {
      actions: { type: 'sendToAsset', params: ({ event }) => ({ id: event.id, event: { type: 'asset.override', overrides: event.overrides } }) },
    },
  },
  states: {
    /** A resumed batch carries on (or is already done); a new one collects photos. */
    derive: {
      always: [{ guard: 'hasBatch', target: 'running', actions: ['measure', 'beginRun'] }, { target: 'idle' }],
    },
    idle: {
      on: {
        'batch.add': {
          actions: [
            assign(({ context, event, spawn }) => {
              const room = Math.max(0, BATCH_MAX_PHOTOS - context.assets.length);
              const taken = event.photos.slice(0, room);
              const added = taken.map((p) => ({ id: p.id, ref: spawn('asset', { id: p.id, input: { id: p.id, name: p.name, file: p.file } }) }));
              return { assets: [...context.assets, ...added], refused: event.photos.length - taken.length };
            }),
            'measure',
          ],
        },
        'batch.remove': {
          actions: [
            enqueueActions(({ context, event, enqueue }) => {
              const entry = context.assets.find((a) => a.id === event.id);
              if (entry) enqueue.stopChild(entry.ref);
              enqueue.assign({ assets: context.assets.filter((a) => a.id !== event.id) });
            }),
            'measure',
          ],
        },
        'batch.settings': { actions: assign({ settings: ({ event }) => event.settings }) },
        'batch.start': [
          { guard: ({ context }) => context.assets.length > 0 && context.batchId !== null, target: 'running' },
          { guard: 'hasPhotos', target: 'creating' },
        ],
      },
    },
    creating: {
      invoke: {
        src: 'createBatch',
        input: ({ context }) => ({ tool: context.tool, settings: context.settings }),
        onDone: { target: 'running', actions: assign({ batchId: ({ event }) => event.output.batchId, errorCode: null }) },
        onError: { target: 'idle', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
      },
    },
    running: {
      entry: ['beginRun', 'fill', 'measure'],
      always: { guard: 'settled', target: 'done' },
      on: {
        'asset.changed': { actions: ['fill', 'measure'] },
        'batch.cancel': {
          target: 'done',
          actions: [
            enqueueActions(({ context, enqueue }) => {
              for (const entry of context.assets) enqueue.sendTo(entry.ref, { type: 'asset.cancel' });
            }),
            { type: 'cancelServerBatch', params: ({ context }) => ({ batchId: context.batchId }) },
          ],
        },
        'batch.retry': { actions: { type: 'sendToAsset', params: ({ event }) => ({ id: event.id, event: { type: 'asset.retry' } }) } },
        'batch.retryFailed': { actions: 'retryFailed' },
      },
      type: 'parallel',
      states: {
        poller: {
          initial: 'waiting',
          states: {
            waiting: { after: { poll: { target: 'polling' } } },
            polling: {
              invoke: {
                src: 'poll',
                input: ({ context }) => ({ batchId: context.batchId! }),
                onDone: {
                  target: 'waiting',
                  actions: [
                    'measure',
                    enqueueActions(({ context, event, enqueue }) => {
                      const byItem = new Map(event.output.items.map((i) => [i.itemId, i.update]));
                      for (const entry of context.assets) {
                        const update = waitsForServer(entry) ? byItem.get(entry.ref.getSnapshot().context.itemId ?? '') : undefined;
                        if (update) enqueue.sendTo(entry.ref, { type: 'asset.update', update });
                      }
                    }),
                  ],
                },
                // A failed poll (network blip, server restarting) is tried again at the next tick.
                onError: { target: 'waiting' },
              },
            },
          },
        },
        /** The server queues a batch's items once it is started, and items that arrive later at once. */
        starter: {
          initial: 'pending',
          states: {
            pending: { always: { guard: 'canStart', target: 'starting' } },
            starting: {
              invoke: {
                src: 'startBatch',
                input: ({ context }) => ({ batchId: context.batchId! }),
                onDone: { target: 'pending', actions: assign({ started: true }) },
                // Refused (e.g. credits not enough): the items stay uploaded; say why and let the user act.
                onError: { target: 'pending', actions: [assign({ started: true, errorCode: ({ event }) => codeOf(event.error) })] },
              },
            },
          },
        },
      },
    },
    done: {
      entry: 'measure',
      on: {
        // A retried or re-run asset leaves completed/failed, and its change brings the batch back to running.
        'asset.changed': [{ guard: not('settled'), target: 'running' }, { actions: 'measure' }],
        'batch.retry': { actions: { type: 'sendToAsset', params: ({ event }) => ({ id: event.id, event: { type: 'asset.retry' } }) } },
        'batch.rerun': {
          actions: { type: 'sendToAsset', params: ({ event }) => ({ id: event.id, event: { type: 'asset.rerun', overrides: event.overrides } }) },
        },
        'batch.retryFailed': { actions: 'retryFailed' },
      },
    },
  },
});
