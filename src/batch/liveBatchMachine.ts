/**
 * The batch machine with the app's real effects: the batch calls of `src/api/batchApi.ts`. Kept apart
 * from the hook so the mapping from machine effects to HTTP calls reads in one place.
 */
import { fromPromise } from 'xstate';
import type { BatchSettingsOverride, BatchToolId, BatchSettings } from '../../engine/spec/batch';
import { batchAsset, batchMachine } from '../../machines/batch.machine';
import { addBatchItems, cancelBatch, createBatch, getBatch, retryItems, setItemOverride, startBatch } from '../api/batchApi';
import { updateOf } from './itemUpdate';
import { dropPendingPhoto } from './pendingPhotos';
import { createUploadQueue } from './uploadQueue';

/** Photos uploading at once by default: enough to keep a line busy, few enough to show progress per photo. */
export const BATCH_UPLOAD_CONCURRENCY = 6;

const uploads = createUploadQueue((batchId, files, onProgress) => addBatchItems(batchId, files, onProgress));
const overrideOf = (overrides: Record<string, unknown>): BatchSettingsOverride | null =>
  Object.keys(overrides).length > 0 ? (overrides as BatchSettingsOverride) : null;

export const liveBatchMachine = batchMachine.provide({
  actors: {
    asset: batchAsset.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          // The photo's id (kept with it in IndexedDB across a reload) is its key: sent again, it is not added twice.
          const item = await uploads.add(input.batchId, input.file, input.name, input.onProgress, input.id);
          // The server has it now (a refused photo too, as a failed item): a reload must not send it again.
          void dropPendingPhoto(input.batchId, input.id);
          const override = overrideOf(input.overrides);
          // The batch is started only after photos with their own settings are up (batch.machine.ts), so this lands before the queue.
          if (override && item.status === 'user_upload') await setItemOverride(input.batchId, item.itemId, override);
          return { itemId: item.itemId, fileUrl: item.inputUrl, update: updateOf(item) };
        }),
        requeue: fromPromise(async ({ input }) => {
          await setItemOverride(input.batchId, input.itemId, overrideOf(input.overrides));
          const batch = await retryItems(input.batchId, [input.itemId]);
          return { runs: batch.items.find((i) => i.itemId === input.itemId)?.runs ?? 0 };
        }),
      },
    }),
    createBatch: fromPromise(async ({ input }) => ({ batchId: (await createBatch(input.tool as BatchToolId, input.settings as BatchSettings)).batchId })),
    startBatch: fromPromise(({ input }) => startBatch(input.batchId)),
    poll: fromPromise(async ({ input, signal }) => ({
      items: (await getBatch(input.batchId, signal)).items.map((item) => ({ itemId: item.itemId, update: updateOf(item) })),
    })),
  },
  actions: {
    cancelServerBatch: (_, params) => {
      if (params.batchId) void cancelBatch(params.batchId).catch(() => undefined);
    },
  },
});
