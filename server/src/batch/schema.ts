/**
 * Batch editing tables (issue 17). A batch is one row; its photos are rows of `batch_items`, each pointing
 * at the task that runs it (`task_id`, a row of `tasks`), so the status, progress, failure, refund and
 * crash recovery of a photo are those of its task: nothing about the work is kept twice.
 */
export const BATCH_MIGRATION = `
  create table batches (
    id text primary key,
    owner text not null,
    tool text not null,
    settings jsonb not null,
    state text not null check (state in ('open', 'running', 'cancelled')),
    -- Who pays for the items queued later (added after start, or resumed after a restart).
    payer text,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    cancelled_at timestamptz
  );
  create index batches_owner_idx on batches (owner, created_at desc);
  create table batch_items (
    id text primary key,
    batch_id text not null references batches (id) on delete cascade,
    idx integer not null,
    name text not null,
    -- Unique within the batch (lower case): the download names never collide.
    output_stem text not null,
    input_key text,
    override jsonb,
    task_id text,
    runs integer not null default 0,
    -- A photo refused on arrival (not an image, unsafe ZIP name, too large…) fails with this code and reason.
    reject_code integer,
    reject_reason text,
    -- A result fine-tuned in the editor, replacing the task's.
    result_key text,
    created_at timestamptz not null default now(),
    unique (batch_id, idx)
  );
  create unique index batch_items_stem_idx on batch_items (batch_id, lower(output_stem));
  create index batch_items_task_idx on batch_items (task_id);
`;

/**
 * Download links (migration 61): a short-lived random token that stands for the owner on a plain link
 * navigation (`<a download>`, the browser's own download manager), which sends no device header. Kept in
 * the database so that every server process honours a link any of them handed out.
 */
export const BATCH_DOWNLOAD_LINKS_MIGRATION = `
  create table batch_download_links (
    token text primary key,
    batch_id text not null references batches (id) on delete cascade,
    -- null: the whole batch as a ZIP; else that item's result.
    item_id text,
    expires_at timestamptz not null
  );
  create index batch_download_links_expiry_idx on batch_download_links (expires_at);
`;

/**
 * Item keys (migration 62): the key the page gives each photo it uploads, unique within the batch, so an
 * upload sent again (a reload after the server got the photo but before its reply reached the page) is
 * answered with the item it already made instead of adding the photo twice.
 */
export const BATCH_ITEM_KEYS_MIGRATION = `
  alter table batch_items add column client_key text;
  create unique index batch_items_client_key_idx on batch_items (batch_id, client_key) where client_key is not null;
`;
