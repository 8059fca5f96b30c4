/**
 * Issue 27: API keys of accounts (only a SHA-256 of each key is stored; the key is shown once) and the
 * payment checks of issue 30 item 7 (amounts and currencies of provider events, partial refunds).
 * Listed in db/migrations.ts.
 */

export const API_KEYS_MIGRATION = `
  create table api_keys (
    id text primary key,
    account_id text not null references accounts (id) on delete cascade,
    name text not null,
    key_hash text not null unique,
    prefix text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  );
  create index api_keys_account_idx on api_keys (account_id, created_at desc);
`;

/**
 * A provider event whose amount or currency differs from the order, or a "no payment required" completion of a
 * priced order, leaves the purchase in 'review' (nothing granted, for the operator to look at); a partial refund
 * records the refunded amount and takes back a pro-rated share of a credit pack.
 */
export const PURCHASE_CHECKS_MIGRATION = `
  alter table purchases drop constraint if exists purchases_status_check;
  alter table purchases add constraint purchases_status_check
    check (status in ('pending', 'paid', 'refunded', 'partially_refunded', 'review', 'failed', 'canceled'));
  alter table purchases add column refunded_amount integer not null default 0;
  alter table purchases add column review_note text;
`;
