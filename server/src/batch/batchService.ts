/**
 * Batch editing (issue 17, contract in engine/spec/batch.ts): a batch row with its items; each item runs as
 * one task of the task service (charged when queued, refunded by the ledger when it fails), so the queue,
 * the workers of every process, crash recovery and credits are the ones single tasks use.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  BATCH_DOWNLOAD_LINK_SECONDS,
  BATCH_MAX_ITEMS,
  BATCH_TOOLS,
  type DownloadLinkReply,
  isBatchToolId,
  type BatchSettingsOverride,
  type BatchStatus,
  type BatchToolId,
} from '../../../engine/spec/batch';
import { ResultCode } from '../../../engine/spec/errors';
import { taskCost } from '../../../engine/spec/commerce';
import { baseName, uniqueOutputStem } from '../../../engine/batch/outputNames';
import { mergeOverride, parseBatchSettings } from '../../../engine/batch/settings';
import type { Database } from '../db/database';
import { ApiError, paramsInvalid } from '../envelope';
import { log } from '../logging';
import { fileUrlsIn, type FileAccess } from '../security/fileAccess';
import { extensionFor, type FileStorage } from '../storage/storage';
import type { TaskService } from '../tasks/taskService';
import { BatchRepository, type BatchRow, type ItemRow } from './batchRepository';
import { batchStatus, itemStatus, outputNameOf, resultKeyOf } from './batchStatus';
import type { ZipSource } from './zipWriter';

type Absolute = (path: string) => string;

/** A photo arriving in a batch: a checked file on disk, or the reason it was refused. */
export type IncomingPhoto =
  | { name: string; path: string; contentType: string; size: number; width: number; height: number }
  | { name: string; reject: { code: number; reason: string } };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const newId = () => randomUUID().replace(/-/g, '');
const UNKNOWN_BATCH = 'unknown batch';

export class BatchService {
  readonly repo: BatchRepository;

  constructor(private readonly deps: { db: Database; storage: FileStorage; tasks: TaskService; access: FileAccess }) {
    this.repo = new BatchRepository(deps.db);
  }

  /** The batch if it is `owner`'s; another owner's batch reads exactly like an unknown one. */
  async own(owner: string, batchId: string): Promise<BatchRow> {
    const batch = /^[a-zA-Z0-9_-]{1,64}$/.test(batchId) ? await this.repo.get(batchId) : null;
    if (!batch || batch.owner !== owner) throw paramsInvalid(UNKNOWN_BATCH);
    return batch;
  }

  private async ownItem(owner: string, batchId: string, itemId: string): Promise<{ batch: BatchRow; item: ItemRow }> {
    const batch = await this.own(owner, batchId);
    const item = /^[a-zA-Z0-9_-]{1,64}$/.test(itemId) ? await this.repo.item(batchId, itemId) : null;
    if (!item) throw paramsInvalid('unknown item');
    return { batch, item };
  }

  /** Checks settings (and that any file they name, e.g. a background, is the owner's). */
  private async checkSettings(owner: string, tool: BatchToolId, settings: unknown): Promise<void> {
    const parsed = parseBatchSettings(tool, settings);
    if (!parsed.ok) throw paramsInvalid(parsed.message);
    for (const { name, url } of fileUrlsIn(parsed.value as Record<string, unknown>)) await this.deps.access.keyFor(owner, url, name);
  }

  async status(owner: string, batchId: string, absolute: Absolute): Promise<BatchStatus> {
    const batch = await this.own(owner, batchId);
    return batchStatus(batch, await this.repo.items(batchId), absolute);
  }

  async list(owner: string, absolute: Absolute): Promise<Array<Omit<BatchStatus, 'items'>>> {
    const batches = await this.repo.listByOwner(owner);
    const items = await this.repo.itemsOf(batches.map((b) => b.id));
    return batches.map((b) => {
      const { items: _omit, ...rest } = batchStatus(b, items.get(b.id) ?? [], absolute);
      return rest;
    });
  }

  async create(owner: string, body: unknown, absolute: Absolute): Promise<BatchStatus> {
    if (!isObject(body)) throw paramsInvalid('send JSON { tool, settings }');
    if (!isBatchToolId(body.tool)) throw paramsInvalid(`tool must be one of ${Object.keys(BATCH_TOOLS).join(', ')}`);
    const settings = body.settings ?? {};
    await this.checkSettings(owner, body.tool, settings);
    const id = newId();
    await this.repo.create({ id, owner, tool: body.tool, settings: settings as never });
    return this.status(owner, id, absolute);
  }

  /** Stores one arriving photo as the owner's upload; returns its storage key. */
  private async storePhoto(owner: string, photo: Extract<IncomingPhoto, { path: string }>): Promise<string> {
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
    const key = `uploads/batch/${day}/${newId()}.${extensionFor(photo.contentType)}`;
    await this.deps.storage.put(key, await readFile(photo.path), photo.contentType);
    // The owner column makes the photo usable as this owner's task input (security/fileAccess.ts).
    await this.deps.db.query(
      `insert into files (key, content_type, size_bytes, width, height, func, owner) values ($1, $2, $3, $4, $5, 'batch', $6)
       on conflict (key) do update set width = excluded.width, height = excluded.height, func = excluded.func, owner = excluded.owner`,
      [key, photo.contentType, photo.size, photo.width, photo.height, owner],
    );
    return key;
  }

  /** Room left in the batch; refuses a cancelled batch. */
  async room(owner: string, batchId: string): Promise<number> {
    const batch = await this.own(owner, batchId);
    if (batch.state === 'cancelled') throw paramsInvalid('the batch was cancelled; start a new one');
    return BATCH_MAX_ITEMS - (await this.repo.items(batchId)).length;
  }

  /**
   * Adds one photo (as `user_upload`, or `failed` with its reason). In a started batch it is queued at
   * once, paid by the payer who started the batch. Returns the new item; with `clientKey` (the page's key
   * for the photo) a photo whose key the batch already has is not added again: its item is returned.
   */
  async addPhoto(owner: string, batchId: string, photo: IncomingPhoto, clientKey: string | null = null): Promise<ItemRow> {
    if (clientKey) {
      const [known] = await this.repo.itemsByKeys(batchId, [clientKey]);
      if (known) {
        await this.own(owner, batchId);
        return known;
      }
    }
    const inputKey = 'path' in photo ? await this.storePhoto(owner, photo) : null;
    const itemId = newId();
    const added = await this.deps.db.transaction(async (tx) => {
      const locked = await this.repo.lock(batchId, tx);
      if (!locked || locked.owner !== owner) throw paramsInvalid(UNKNOWN_BATCH);
      const items = await this.repo.items(batchId, tx);
      // The same photo sent twice at once: the batch row lock orders them, and the second finds the first.
      const twin = clientKey ? items.find((i) => i.clientKey === clientKey) : undefined;
      if (twin) return { twin };
      if (items.length >= BATCH_MAX_ITEMS) throw paramsInvalid(`a batch holds at most ${BATCH_MAX_ITEMS} photos`);
      const taken = new Set(items.map((i) => i.outputStem.toLowerCase()));
      const name = baseName(photo.name).slice(0, 200) || 'photo';
      await this.repo.insertItem(
        {
          id: itemId,
          batchId,
          index: items.length === 0 ? 0 : items[items.length - 1].index + 1,
          name,
          outputStem: uniqueOutputStem(name, BATCH_TOOLS[locked.tool].suffix, taken),
          inputKey,
          rejectCode: 'reject' in photo ? photo.reject.code : undefined,
          rejectReason: 'reject' in photo ? photo.reject.reason : undefined,
          clientKey,
        },
        tx,
      );
      return { batch: locked };
    });
    if ('twin' in added) {
      if (inputKey) await this.deps.storage.delete(inputKey).catch(() => undefined);
      return added.twin!;
    }
    const { batch } = added;
    if (batch.state === 'running' && inputKey) {
      const item = (await this.repo.item(batchId, itemId))!;
      await this.queue(batch, item, batch.payer).catch((err: Error) => log.warn('batch item not queued', { batchId, itemId, error: err.message }));
    }
    return (await this.repo.item(batchId, itemId))!;
  }

  itemStatuses(batch: BatchRow, items: ItemRow[], absolute: Absolute) {
    return items.map((i) => itemStatus(batch, i, absolute));
  }

  /**
   * Queues one item as a task of its tool, with the batch settings and its override. The item is pointed at
   * the task in the transaction that records and charges it, and only if it still points where it did, so
   * two calls racing (a double click, two servers resuming) cannot queue or charge it twice.
   */
  private paramsOf(batch: BatchRow, item: ItemRow): Record<string, unknown> {
    return { ...(mergeOverride(batch.settings, item.override) as Record<string, unknown>), inputKey: item.inputKey };
  }

  private async queue(batch: BatchRow, item: ItemRow, payer: string | null): Promise<void> {
    if (!item.inputKey) return;
    const params = this.paramsOf(batch, item);
    await this.deps.tasks.submitChecked(BATCH_TOOLS[batch.tool].taskType, params, batch.owner, payer, async (taskId, q) => {
      const { rows } = await (q ?? this.deps.db).query(
        `update batch_items set task_id = $2, runs = runs + 1, result_key = null where id = $1 and task_id is not distinct from $3 returning id`,
        [item.id, taskId, item.taskId],
      );
      if (rows.length === 0) throw new ApiError(ResultCode.PARAMS_INVALID, 'the photo was queued meanwhile');
    });
  }

  /**
   * Queues `items` in order. Stops at the first photo the payer cannot afford (CREDITS_NOT_ENOUGH, naming
   * how many were queued); the rest stay as they are. A photo queued meanwhile by another call is skipped.
   */
  private async queueAll(batch: BatchRow, items: ItemRow[], payer: string | null): Promise<void> {
    if (await this.queueAllFree(batch, items)) return;
    let queued = 0;
    for (const item of items) {
      try {
        await this.queue(batch, item, payer);
        queued += 1;
      } catch (err) {
        if (err instanceof ApiError && err.code === ResultCode.CREDITS_NOT_ENOUGH) {
          throw new ApiError(ResultCode.CREDITS_NOT_ENOUGH, `${queued} of ${items.length} photos were queued; ${err.message}`);
        }
        if (err instanceof ApiError && err.message === 'the photo was queued meanwhile') continue;
        throw err;
      }
    }
  }

  /**
   * Free photos (the resizer costs 0 credits) are queued all at once: one transaction records their tasks
   * and points the items at them, one statement queues the jobs. False (nothing done) when a photo costs
   * credits, or when one was queued meanwhile by another call (then queueAll goes photo by photo, skipping it).
   */
  private async queueAllFree(batch: BatchRow, items: ItemRow[]): Promise<boolean> {
    const stored = items.filter((i) => i.inputKey);
    const type = BATCH_TOOLS[batch.tool].taskType;
    const params = stored.map((i) => this.paramsOf(batch, i));
    if (stored.length === 0 || params.some((p) => taskCost(type, p) > 0)) return stored.length === 0;
    const RACED = 'raced';
    try {
      await this.deps.tasks.submitManyFree(type, params, batch.owner, async (taskIds, q) => {
        const { rows } = await q.query(
          `update batch_items i set task_id = n.task_id, runs = i.runs + 1, result_key = null
           from unnest($1::text[], $2::text[], $3::text[]) as n(id, task_id, old_task)
           where i.id = n.id and i.task_id is not distinct from n.old_task returning i.id`,
          [stored.map((i) => i.id), taskIds, stored.map((i) => i.taskId)],
        );
        if (rows.length !== stored.length) throw new Error(RACED);
      });
      return true;
    } catch (err) {
      if (err instanceof Error && err.message === RACED) return false;
      throw err;
    }
  }

  /** Starts the batch: every `user_upload` photo is queued; photos added later are queued as they arrive. */
  async start(owner: string, batchId: string, payer: string | null, absolute: Absolute): Promise<BatchStatus> {
    const batch = await this.own(owner, batchId);
    await this.repo.markStarted(batchId, payer);
    const items = (await this.repo.items(batchId)).filter(waiting);
    await this.queueAll({ ...batch, state: 'running', payer }, items, payer);
    return this.status(owner, batchId, absolute);
  }

  /** Runs failed photos again (all, or the named ones, which may also be completed ones: a new override). */
  async retry(owner: string, batchId: string, body: unknown, payer: string | null, absolute: Absolute): Promise<BatchStatus> {
    const batch = await this.own(owner, batchId);
    const ids = isObject(body) ? body.itemIds : undefined;
    if (ids !== undefined && (!Array.isArray(ids) || ids.length > BATCH_MAX_ITEMS || ids.some((id) => typeof id !== 'string'))) {
      throw paramsInvalid('itemIds must be a list of item ids');
    }
    const items = await this.repo.items(batchId);
    const shown = new Map(items.map((i) => [i.id, itemStatus(batch, i, (p) => p)]));
    let chosen: ItemRow[];
    if (ids === undefined) {
      chosen = items.filter((i) => shown.get(i.id)!.status === 'failed' && i.inputKey !== null);
    } else {
      chosen = [];
      for (const id of ids as string[]) {
        const item = items.find((i) => i.id === id);
        if (!item) throw paramsInvalid('unknown item');
        const status = shown.get(id)!.status;
        if (status !== 'failed' && status !== 'completed') throw paramsInvalid(`${item.name} is ${status}: only failed or completed photos can run again`);
        if (!item.inputKey) throw paramsInvalid(`${item.name} could not be read when it was added; add it again`);
        chosen.push(item);
      }
    }
    // Reject codes are for good: a photo that was never stored cannot run again.
    await this.repo.markStarted(batchId, payer);
    await this.queueAll({ ...batch, state: 'running', payer }, chosen, payer);
    return this.status(owner, batchId, absolute);
  }

  /** Cancels every queued or running photo (refunded by the ledger); finished results stay downloadable. */
  async cancel(owner: string, batchId: string, absolute: Absolute): Promise<BatchStatus> {
    await this.own(owner, batchId);
    await this.repo.markCancelled(batchId);
    for (const item of await this.repo.items(batchId)) {
      if (item.taskId && (item.task?.status === 'queued' || item.task?.status === 'running')) {
        await this.deps.tasks.cancel(item.taskId, owner).catch((err: Error) => log.warn('batch cancel', { itemId: item.id, error: err.message }));
      }
    }
    return this.status(owner, batchId, absolute);
  }

  /** Sets or clears one photo's override (not while it is processing). */
  async setOverride(owner: string, batchId: string, itemId: string, body: unknown, absolute: Absolute) {
    const { batch, item } = await this.ownItem(owner, batchId, itemId);
    if (!isObject(body) || !('override' in body) || (body.override !== null && !isObject(body.override))) {
      throw paramsInvalid('send JSON { override: { …settings } } or { override: null }');
    }
    const status = itemStatus(batch, item, absolute).status;
    if (status === 'processing' || status === 'retry') throw paramsInvalid('the photo is being processed; change it when it has finished');
    const override = body.override as BatchSettingsOverride | null;
    if (override) await this.checkSettings(owner, batch.tool, mergeOverride(batch.settings, override));
    await this.repo.setOverride(itemId, override);
    return itemStatus(batch, (await this.repo.item(batchId, itemId))!, absolute);
  }

  /** Replaces one photo's result with the owner's upload (fine-tuned in the editor). */
  async replaceResult(owner: string, batchId: string, itemId: string, body: unknown, absolute: Absolute) {
    const { batch, item } = await this.ownItem(owner, batchId, itemId);
    if (!isObject(body) || typeof body.fileUrl !== 'string' || body.fileUrl === '') throw paramsInvalid('send JSON { fileUrl } of your upload');
    const key = await this.deps.access.keyFor(owner, body.fileUrl, 'fileUrl');
    if (!(await this.deps.storage.exists(key))) throw paramsInvalid('fileUrl points to a file that no longer exists');
    const status = itemStatus(batch, item, absolute).status;
    if (status === 'processing' || status === 'retry') throw paramsInvalid('the photo is being processed; replace its result when it has finished');
    await this.repo.setResultKey(itemId, key);
    return itemStatus(batch, (await this.repo.item(batchId, itemId))!, absolute);
  }

  /**
   * A short-lived link to the ZIP (no `itemId`) or to one completed result, for a plain link navigation
   * that carries no owner header (batch.ts). Expired links of any batch are deleted on the way.
   */
  async downloadLink(owner: string, batchId: string, body: unknown, absolute: Absolute): Promise<DownloadLinkReply> {
    const itemId = isObject(body) && body.itemId !== undefined ? body.itemId : null;
    if (itemId !== null && typeof itemId !== 'string') throw paramsInvalid('itemId must be an item id');
    if (itemId === null) {
      await this.own(owner, batchId);
      if ((await this.zipSources(owner, batchId)).sources.length === 0) throw paramsInvalid('no photo of this batch has a result yet');
    } else await this.resultFile(owner, batchId, itemId);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + BATCH_DOWNLOAD_LINK_SECONDS * 1000);
    await this.deps.db.query('delete from batch_download_links where expires_at < now()');
    await this.deps.db.query('insert into batch_download_links (token, batch_id, item_id, expires_at) values ($1, $2, $3, $4)', [
      token,
      batchId,
      itemId,
      expiresAt.toISOString(),
    ]);
    const route = itemId === null ? `/api/batch/${batchId}/download` : `/api/batch/${batchId}/items/${itemId}/download`;
    return { url: absolute(`${route}?token=${token}`), expiresAt: expiresAt.toISOString() };
  }

  /** The owner a download link stands for, when it is valid for this batch (and item); else PARAMS_INVALID. */
  async ownerOfLink(token: string, batchId: string, itemId: string | null): Promise<string> {
    const { rows } = /^[A-Za-z0-9_-]{16,64}$/.test(token)
      ? await this.deps.db.query<{ owner: string }>(
          `select b.owner from batch_download_links l join batches b on b.id = l.batch_id
         where l.token = $1 and l.batch_id = $2 and l.item_id is not distinct from $3 and l.expires_at > now()`,
          [token, batchId, itemId],
        )
      : { rows: [] };
    if (!rows[0]) throw paramsInvalid('this download link has expired or is not for this file; download again from the batch page');
    return rows[0].owner;
  }

  /** The completed results, in batch order, as ZIP sources read one at a time. */
  async zipSources(owner: string, batchId: string): Promise<{ batch: BatchRow; sources: ZipSource[] }> {
    const batch = await this.own(owner, batchId);
    const sources: ZipSource[] = [];
    for (const item of await this.repo.items(batchId)) {
      const key = resultKeyOf(item);
      if (!key) continue;
      sources.push({ name: outputNameOf(batch, item), read: async () => (await this.deps.storage.get(key))?.body ?? null });
    }
    return { batch, sources };
  }

  /** One completed result with its download name. */
  async resultFile(owner: string, batchId: string, itemId: string): Promise<{ name: string; key: string }> {
    const { batch, item } = await this.ownItem(owner, batchId, itemId);
    const key = resultKeyOf(item);
    if (!key) throw paramsInvalid('the photo has no result yet');
    return { name: outputNameOf(batch, item), key };
  }

  /**
   * After a restart: photos of started batches that were never queued (the server stopped in the middle of
   * a start, or they arrived just then) are queued now. Tasks already queued are recovered by the queue.
   */
  async resume(): Promise<number> {
    let queued = 0;
    for (const batch of await this.repo.listRunning()) {
      const items = (await this.repo.items(batch.id)).filter(waiting);
      if (items.length === 0) continue;
      await this.queueAll(batch, items, batch.payer)
        .then(() => (queued += items.length))
        .catch((err: Error) => log.warn('batch not resumed', { batchId: batch.id, error: err.message }));
    }
    return queued;
  }
}

/** A photo waiting to be queued: stored, not refused, never queued, no fine-tuned result. */
function waiting(i: ItemRow): boolean {
  return !i.taskId && i.rejectCode === null && !i.resultKey && i.inputKey !== null;
}
