import type { Database, Queryable } from '../db/database';
import type { BatchSettings, BatchSettingsOverride, BatchToolId } from '../../../engine/spec/batch';

export interface BatchRow {
  id: string;
  owner: string;
  tool: BatchToolId;
  settings: BatchSettings;
  state: 'open' | 'running' | 'cancelled';
  payer: string | null;
  createdAt: string;
  startedAt: string | null;
  cancelledAt: string | null;
}

/** One item with the fields of its current task that its status is made of. */
export interface ItemRow {
  id: string;
  batchId: string;
  index: number;
  name: string;
  outputStem: string;
  inputKey: string | null;
  override: BatchSettingsOverride | null;
  taskId: string | null;
  runs: number;
  rejectCode: number | null;
  rejectReason: string | null;
  resultKey: string | null;
  /** The page's key for the photo (unique within the batch), or null (ZIP entries, older clients). */
  clientKey: string | null;
  task: {
    status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
    progress: number;
    resultUrl: string | null;
    resultCode: number | null;
    errorMsg: string | null;
    finishedAt: string | null;
  } | null;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function batchFrom(r: Record<string, unknown>): BatchRow {
  return {
    id: r.id as string,
    owner: r.owner as string,
    tool: r.tool as BatchToolId,
    settings: json<BatchSettings>(r.settings),
    state: r.state as BatchRow['state'],
    payer: (r.payer as string | null) ?? null,
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    cancelledAt: iso(r.cancelled_at),
  };
}

function itemFrom(r: Record<string, unknown>): ItemRow {
  return {
    id: r.id as string,
    batchId: r.batch_id as string,
    index: Number(r.idx),
    name: r.name as string,
    outputStem: r.output_stem as string,
    inputKey: (r.input_key as string | null) ?? null,
    override: r.override === null || r.override === undefined ? null : json<BatchSettingsOverride>(r.override),
    taskId: (r.task_id as string | null) ?? null,
    runs: Number(r.runs),
    rejectCode: (r.reject_code as number | null) ?? null,
    rejectReason: (r.reject_reason as string | null) ?? null,
    resultKey: (r.result_key as string | null) ?? null,
    clientKey: (r.client_key as string | null) ?? null,
    task: r.t_status
      ? {
          status: r.t_status as NonNullable<ItemRow['task']>['status'],
          progress: Number(r.t_progress),
          resultUrl: (r.t_result_url as string | null) ?? null,
          resultCode: r.t_result_code === null ? null : Number(r.t_result_code),
          errorMsg: (r.t_error_msg as string | null) ?? null,
          finishedAt: iso(r.t_finished_at),
        }
      : null,
  };
}

const ITEM_SELECT = `select i.*, t.status as t_status, t.progress as t_progress, t.result_url as t_result_url,
  t.result_code as t_result_code, t.error_msg as t_error_msg, t.finished_at as t_finished_at
  from batch_items i left join tasks t on t.id = i.task_id`;

/** Reads and writes `batches` and `batch_items` (schema.ts). */
export class BatchRepository {
  constructor(readonly db: Database) {}

  async create(b: { id: string; owner: string; tool: BatchToolId; settings: BatchSettings }): Promise<void> {
    await this.db.query(`insert into batches (id, owner, tool, settings, state) values ($1, $2, $3, $4, 'open')`, [
      b.id,
      b.owner,
      b.tool,
      JSON.stringify(b.settings),
    ]);
  }

  async get(id: string, q: Queryable = this.db): Promise<BatchRow | null> {
    const { rows } = await q.query<Record<string, unknown>>('select * from batches where id = $1', [id]);
    return rows[0] ? batchFrom(rows[0]) : null;
  }

  /** Locks the batch row for the rest of the transaction (adding items: indexes and names stay unique). */
  async lock(id: string, q: Queryable): Promise<BatchRow | null> {
    const { rows } = await q.query<Record<string, unknown>>('select * from batches where id = $1 for update', [id]);
    return rows[0] ? batchFrom(rows[0]) : null;
  }

  async listByOwner(owner: string, limit = 20): Promise<BatchRow[]> {
    const { rows } = await this.db.query<Record<string, unknown>>('select * from batches where owner = $1 order by created_at desc, id limit $2', [
      owner,
      limit,
    ]);
    return rows.map(batchFrom);
  }

  /** Batches that were started and not cancelled: the ones a restart resumes. */
  async listRunning(): Promise<BatchRow[]> {
    const { rows } = await this.db.query<Record<string, unknown>>(`select * from batches where state = 'running'`);
    return rows.map(batchFrom);
  }

  async items(batchId: string, q: Queryable = this.db): Promise<ItemRow[]> {
    const { rows } = await q.query<Record<string, unknown>>(`${ITEM_SELECT} where i.batch_id = $1 order by i.idx`, [batchId]);
    return rows.map(itemFrom);
  }

  /** Items of many batches (the list route): batch id → items. */
  async itemsOf(batchIds: string[]): Promise<Map<string, ItemRow[]>> {
    const out = new Map<string, ItemRow[]>(batchIds.map((id) => [id, []]));
    if (batchIds.length === 0) return out;
    const { rows } = await this.db.query<Record<string, unknown>>(`${ITEM_SELECT} where i.batch_id = any($1::text[]) order by i.idx`, [batchIds]);
    for (const r of rows.map(itemFrom)) out.get(r.batchId)?.push(r);
    return out;
  }

  async item(batchId: string, itemId: string): Promise<ItemRow | null> {
    const { rows } = await this.db.query<Record<string, unknown>>(`${ITEM_SELECT} where i.batch_id = $1 and i.id = $2`, [batchId, itemId]);
    return rows[0] ? itemFrom(rows[0]) : null;
  }

  async insertItem(
    item: {
      id: string;
      batchId: string;
      index: number;
      name: string;
      outputStem: string;
      inputKey: string | null;
      rejectCode?: number;
      rejectReason?: string;
      clientKey?: string | null;
    },
    q: Queryable,
  ): Promise<void> {
    await q.query(
      `insert into batch_items (id, batch_id, idx, name, output_stem, input_key, reject_code, reject_reason, client_key) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        item.id,
        item.batchId,
        item.index,
        item.name,
        item.outputStem,
        item.inputKey,
        item.rejectCode ?? null,
        item.rejectReason ?? null,
        item.clientKey ?? null,
      ],
    );
  }

  /** The items of `batchId` that carry these page keys. */
  async itemsByKeys(batchId: string, keys: string[]): Promise<ItemRow[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.db.query<Record<string, unknown>>(`${ITEM_SELECT} where i.batch_id = $1 and i.client_key = any($2::text[])`, [batchId, keys]);
    return rows.map(itemFrom);
  }

  async setOverride(itemId: string, override: BatchSettingsOverride | null): Promise<void> {
    await this.db.query('update batch_items set override = $2 where id = $1', [itemId, override === null ? null : JSON.stringify(override)]);
  }

  /** Points the item at its new task (one run more) and drops a replaced result. */
  async attachTask(itemId: string, taskId: string, q: Queryable = this.db): Promise<void> {
    await q.query('update batch_items set task_id = $2, runs = runs + 1, result_key = null where id = $1', [itemId, taskId]);
  }

  async setResultKey(itemId: string, key: string): Promise<void> {
    await this.db.query('update batch_items set result_key = $2 where id = $1', [itemId, key]);
  }

  async markStarted(id: string, payer: string | null): Promise<void> {
    await this.db.query(`update batches set state = 'running', payer = $2, started_at = coalesce(started_at, now()), cancelled_at = null where id = $1`, [
      id,
      payer,
    ]);
  }

  async markCancelled(id: string): Promise<void> {
    await this.db.query(`update batches set state = 'cancelled', cancelled_at = now() where id = $1`, [id]);
  }
}
