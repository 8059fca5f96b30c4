/**
 * Migrations of accounts, sign-in codes, sessions (10), the credit ledger (11) and
 * subscriptions and purchases (12). Listed in db/migrations.ts.
 */

export const ACCOUNTS_MIGRATION = `
  create table accounts (
    id text primary key,
    email text unique,
    provider text not null,
    provider_subject text,
    display_name text not null default '',
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  );
  create unique index accounts_provider_subject_idx on accounts (provider, provider_subject) where provider_subject is not null;
  -- Only a hash of each token is kept: a copy of the database signs nobody in.
  create table account_sessions (
    token_hash text primary key,
    account_id text not null references accounts (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  );
  create index account_sessions_account_idx on account_sessions (account_id);
  create table login_codes (
    id bigserial primary key,
    email text not null,
    code_hash text not null,
    requester text not null,
    attempts integer not null default 0,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  );
  create index login_codes_email_idx on login_codes (email, created_at desc);
  create index login_codes_requester_idx on login_codes (requester, created_at desc);
  create table login_failures (
    email text not null,
    requester text not null,
    created_at timestamptz not null default now()
  );
  create index login_failures_email_idx on login_failures (email, created_at);
  create index login_failures_requester_idx on login_failures (requester, created_at);
`;

/**
 * Every grant, spend and refund is a row; balances are sums. A spend row names the task it paid
 * for; the trigger below refunds a task's spends when the task fails or is cancelled, in the same
 * transaction as that status change, and the unique refund_of makes a second refund impossible.
 */
export const CREDITS_MIGRATION = `
  create table credit_ledger (
    id bigserial primary key,
    payer text not null,
    amount integer not null,
    kind text not null check (kind in ('grant', 'spend', 'refund')),
    bucket text not null check (bucket in ('free', 'plan', 'paid', 'unlimited')),
    day date,
    expires_at timestamptz,
    task_id text,
    refund_of bigint unique,
    ref text,
    note text not null default '',
    created_at timestamptz not null default now()
  );
  create index credit_ledger_payer_idx on credit_ledger (payer, bucket);
  create index credit_ledger_task_idx on credit_ledger (task_id) where task_id is not null;
  create unique index credit_ledger_grant_ref_idx on credit_ledger (ref) where kind = 'grant' and ref is not null;
  create function credits_refund_task() returns trigger language plpgsql as $fn$
  begin
    insert into credit_ledger (payer, amount, kind, bucket, day, expires_at, task_id, refund_of, note)
      select payer, -amount, 'refund', bucket, day, expires_at, task_id, id, 'task ' || new.status
      from credit_ledger where task_id = new.id and kind = 'spend'
      on conflict (refund_of) do nothing;
    return null;
  end $fn$;
  create trigger tasks_refund_credits after update of status on tasks for each row
    when (new.status in ('failed', 'cancelled') and old.status not in ('failed', 'cancelled'))
    execute function credits_refund_task();
`;

/** The network address a visitor's free spends came from (per-address cap of the free allowance). */
export const LEDGER_REQUESTER_MIGRATION = `
  alter table credit_ledger add column requester text;
  create index credit_ledger_requester_idx on credit_ledger (requester, day) where requester is not null;
  -- Refunds give the address its share back too.
  create or replace function credits_refund_task() returns trigger language plpgsql as $fn$
  begin
    insert into credit_ledger (payer, amount, kind, bucket, day, expires_at, task_id, refund_of, note, requester)
      select payer, -amount, 'refund', bucket, day, expires_at, task_id, id, 'task ' || new.status, requester
      from credit_ledger where task_id = new.id and kind = 'spend'
      on conflict (refund_of) do nothing;
    return null;
  end $fn$;
`;

/** OpenID Connect sign-ins in flight: state, nonce and PKCE verifier, used once, 10 minutes. */
export const OIDC_MIGRATION = `
  create table oidc_logins (
    state text primary key,
    provider text not null,
    nonce text not null,
    code_verifier text not null,
    return_to text not null,
    device_id text,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  );
`;

export const COMMERCE_MIGRATION = `
  create table subscriptions (
    id text primary key,
    account_id text not null references accounts (id) on delete cascade,
    plan_id text not null,
    status text not null check (status in ('Active', 'Canceled', 'Expired')),
    provider text not null,
    provider_ref text,
    current_period_start timestamptz not null,
    current_period_end timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index subscriptions_account_idx on subscriptions (account_id, status);
  create table purchases (
    id text primary key,
    account_id text not null references accounts (id) on delete cascade,
    product_kind text not null check (product_kind in ('Subscription', 'Credits')),
    product_id text not null,
    amount integer not null,
    currency text not null,
    status text not null check (status in ('pending', 'paid', 'refunded', 'failed', 'canceled')),
    provider text not null,
    provider_session_id text unique,
    provider_payment_ref text,
    created_at timestamptz not null default now(),
    paid_at timestamptz,
    refunded_at timestamptz
  );
  create index purchases_account_idx on purchases (account_id, created_at desc);
  -- A payment provider's event id is recorded once: a webhook delivered twice grants once.
  create table payment_events (
    provider text not null,
    event_id text not null,
    received_at timestamptz not null default now(),
    primary key (provider, event_id)
  );
`;

/**
 * Issue 30 items 1-2: an OpenID sign-in no longer puts the session token in a URL. The callback
 * leaves a one-time hand-off code (its hash here, two minutes, bound to the browser that started
 * the sign-in by the hash of its HttpOnly cookie) that the page exchanges over POST for a session.
 */
export const OIDC_HANDOFF_MIGRATION = `
  create table oidc_handoffs (
    code_hash text primary key,
    account_id text not null references accounts (id) on delete cascade,
    browser_hash text not null,
    is_new boolean not null,
    expires_at timestamptz not null
  );
`;

/**
 * Issue 30 items 3 and 9: wrong sign-in codes are counted per code (login_codes.attempts) and per
 * client in a counter row updated and read in one statement; the per-address lock is gone.
 */
export const LOGIN_GUESSES_MIGRATION = `
  create table login_guesses (
    requester text primary key,
    window_start timestamptz not null,
    guesses integer not null
  );
  drop table login_failures;
`;

/**
 * Issue 30 item 4: the person an account's address belongs to (accountLimits.personEmail, hashed),
 * so plus-addressed accounts of one inbox share one free allowance and one gift. Filled here for
 * existing accounts with the same rule in SQL; cleared when an account is deleted.
 */
export const PERSON_KEY_MIGRATION = `
  alter table accounts add column person_key text;
  update accounts set person_key = encode(sha256(convert_to(
    case when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com')
      then replace(regexp_replace(split_part(lower(email), '@', 1), '(.)\\+.*$', '\\1'), '.', '') || '@gmail.com'
      else regexp_replace(split_part(lower(email), '@', 1), '(.)\\+.*$', '\\1') || '@' || split_part(lower(email), '@', 2)
    end, 'UTF8')), 'hex')
  where email is not null;
  create index accounts_person_key_idx on accounts (person_key) where person_key is not null;
`;
