/**
 * Migration 40: worker leases. Every process that runs jobs keeps one row here and renews
 * `heartbeat_at` every few seconds; a task records the worker that runs it, so a task whose
 * worker stopped renewing (killed, frozen, machine gone) is found in seconds and run again.
 */
export const WORKER_LEASE_MIGRATION = `
  create table worker_leases (
    worker_id text primary key,
    pid integer,
    host text,
    started_at timestamptz not null default now(),
    heartbeat_at timestamptz not null default now()
  );
  alter table tasks add column worker_id text;
  create index tasks_running_worker_idx on tasks (worker_id) where status = 'running';
`;
