/**
 * Storage and request shapes of the client reports (SPEC §7): task timings and failed-call
 * events. The lead appends REPORT_MIGRATION to server/src/db/migrations.ts (version 3).
 */
import { z } from 'zod';
import { TASK_TYPES } from '../../../engine/spec/taskTypes';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../../engine/spec/limits';
import { TIMING_PHASES, type TimingPhase } from '../../../engine/util/timingPhases';

/** Column of each phase in task_timings. */
export const PHASE_COLUMNS: Record<TimingPhase, string> = {
  encoding: 'encoding_ms',
  upload: 'upload_ms',
  decoding: 'decoding_ms',
  submit: 'submit_ms',
  postHandle: 'post_handle_ms',
  download: 'download_ms',
  polling: 'polling_ms',
};

/**
 * Tables task_timings (one row per reported task, a null phase did not run) and client_events
 * (failed calls). Durations are milliseconds in double precision, the type percentile_cont takes.
 */
export const REPORT_MIGRATION = `
  create table task_timings (
    id bigserial primary key,
    task_id text not null,
    func_type text not null,
    file_size_kb double precision not null,
    fmt text not null,
    ${TIMING_PHASES.map((phase) => `${PHASE_COLUMNS[phase]} double precision`).join(',\n    ')},
    polling_detail jsonb not null default '[]'::jsonb,
    whole_ms double precision not null,
    created_at timestamptz not null default now()
  );
  create index task_timings_type_time_idx on task_timings (func_type, created_at);
  create table client_events (
    id bigserial primary key,
    url text not null,
    error_code integer not null,
    error_msg text not null,
    created_at timestamptz not null default now()
  );
  create index client_events_time_idx on client_events (created_at);
`;

/** No phase of a task in a browser tab lasts a day; anything longer is a broken clock or junk. */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000;
/** The largest upload there can be: a full batch of the largest files, in KB. */
export const MAX_FILE_SIZE_KB = (UPLOAD_MAX_BYTES * UPLOAD_MAX_FILES) / 1024;
/** Polls kept per task (the client sends at most 200). */
export const MAX_POLL_DETAIL = 1000;
/** Stored lengths of an event's text; longer values are cut, not refused (a report must not bounce). */
export const EVENT_URL_MAX_CHARS = 500;
export const EVENT_MSG_MAX_CHARS = 1000;

const duration = z.number().min(0).max(MAX_DURATION_MS);

const phaseFields = Object.fromEntries(TIMING_PHASES.map((phase) => [phase, duration.optional()])) as Record<TimingPhase, z.ZodOptional<typeof duration>>;

/** Body of POST /api/report/timing (engine/util/timingPhases.ts TimingReport). */
export const timingReportBody = z.object({
  taskId: z.string().trim().min(1).max(128),
  funcType: z.enum(TASK_TYPES),
  fileSize: z.number().min(0).max(MAX_FILE_SIZE_KB),
  fmt: z
    .string()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[a-z0-9.+-]+$/i, 'letters, digits, dot, plus or minus only'),
  timings: z.object({ ...phaseFields, pollingDetail: z.array(duration).max(MAX_POLL_DETAIL).optional(), whole: duration }).refine(
    // Phases are parts of the whole task; 1 ms slack for rounding on the client.
    (t) => TIMING_PHASES.every((phase) => (t[phase] ?? 0) <= t.whole + 1),
    { message: 'a phase cannot take longer than the whole task' },
  ),
});
export type TimingReportBody = z.infer<typeof timingReportBody>;

/** Body of POST /api/report/event. */
export const clientEventBody = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .transform((s) => s.slice(0, EVENT_URL_MAX_CHARS)),
  errorCode: z.number().int().min(-2_147_483_648).max(2_147_483_647),
  errorMsg: z
    .string()
    .max(16_384)
    .default('')
    .transform((s) => s.slice(0, EVENT_MSG_MAX_CHARS)),
});
export type ClientEventBody = z.infer<typeof clientEventBody>;

/** `?days=` of the statistics: how far back to look (absent = everything kept). */
export const statsQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).optional(),
});

/** The first problem of a failed parse, for the PARAMS_INVALID message. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}
