/**
 * How the server's word on a batch item (engine/spec/batch.ts) reads to the asset machine, and how a
 * batch the server has is rebuilt after a page reload.
 */
import { ResultCode } from '../../engine/spec/errors';
import type { BatchItemStatus, BatchStatus } from '../../engine/spec/batch';
import type { AssetUpdate } from '../../machines/asset.machine';
import type { RestoredItem } from '../../machines/batch.machine';

/** The server's item as an asset update: its `retry` (queued again) is processing; cancelled items (-101) are marked. */
export function updateOf(item: BatchItemStatus): AssetUpdate {
  const status = item.status === 'retry' ? 'processing' : item.status;
  const failed = status === 'failed';
  return {
    status,
    progress: item.progress,
    resultUrl: item.resultUrl,
    runs: item.runs,
    error: failed
      ? {
          code: item.resultCode,
          message: item.reason ?? undefined,
          ...(item.resultCode === ResultCode.SERVICE_UNKNOWN_ERROR && /cancel/i.test(item.reason ?? '') ? { cancelled: true } : {}),
        }
      : null,
  };
}

/** The items of a batch as the batch machine restores them (asset id = the server's item id). */
export function restoredItems(batch: BatchStatus): RestoredItem[] {
  return batch.items.map((item) => ({
    id: item.itemId,
    name: item.name,
    itemId: item.itemId,
    fileUrl: item.inputUrl,
    update: updateOf(item),
    key: item.key ?? null,
  }));
}
