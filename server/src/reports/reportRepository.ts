/**
 * SQL of the client reports. The statistics use percentile_cont, an ordered-set aggregate of
 * PostgreSQL that PGlite (PostgreSQL compiled to WebAssembly) has too, so both stores give the
 * same, interpolated medians and 95th percentiles; it skips nulls, so a phase that did not run
 * in a task does not pull its median towards zero.
 */
import type { Database } from '../db/database';
import { TIMING_PHASES } from '../../../engine/util/timingPhases';
import type { TimingStat, TimingStatKey, TimingStats } from '../../../engine/util/timingPhases';
import { PHASE_COLUMNS, type ClientEventBody, type TimingReportBody } from './reportSchema';

/** Rows older than this are deleted now and then: reports are for spotting trends, not archives. */
export const TIMING_RETENTION_DAYS = 365;
export const EVENT_RETENTION_DAYS = 90;

/** Column expression per statistics key (fixed names only: nothing from a request reaches the SQL text). */
const STAT_COLUMNS: Record<Exclude<TimingStatKey, 'perPoll'>, string> = { ...PHASE_COLUMNS, whole: 'whole_ms' };

const round1 = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

function stat(row: Record<string, unknown>, prefix: string): TimingStat {
  return { count: Number(row[`${prefix}_n`] ?? 0), median: round1(row[`${prefix}_median`]), p95: round1(row[`${prefix}_p95`]) };
}

export class ReportRepository {
  constructor(private readonly db: Database) {}

  async insertTiming(report: TimingReportBody): Promise<void> {
    const columns = TIMING_PHASES.map((phase) => PHASE_COLUMNS[phase]);
    const values = TIMING_PHASES.map((phase) => report.timings[phase] ?? null);
    const placeholders = columns.map((_, i) => `$${i + 7}`).join(', ');
    await this.db.query(
      `insert into task_timings (task_id, func_type, file_size_kb, fmt, whole_ms, polling_detail, ${columns.join(', ')})
       values ($1, $2, $3, $4, $5, $6::jsonb, ${placeholders})`,
      [
        report.taskId,
        report.funcType,
        report.fileSize,
        report.fmt.toLowerCase(),
        report.timings.whole,
        JSON.stringify(report.timings.pollingDetail ?? []),
        ...values,
      ],
    );
  }

  async insertEvent(event: ClientEventBody): Promise<void> {
    await this.db.query('insert into client_events (url, error_code, error_msg) values ($1, $2, $3)', [event.url, event.errorCode, event.errorMsg]);
  }

  /** Per task type: how many tasks, and count, median and p95 of each phase, each poll and the whole task. */
  async timingStats(days: number | null): Promise<TimingStats> {
    const aggregates = Object.entries(STAT_COLUMNS).map(([key, column]) =>
      [
        `count(${column})::int as "${key}_n"`,
        `percentile_cont(0.5) within group (order by ${column}) as "${key}_median"`,
        `percentile_cont(0.95) within group (order by ${column}) as "${key}_p95"`,
      ].join(', '),
    );
    const since = `($1::int is null or created_at >= now() - make_interval(days => $1::int))`;
    const { rows } = await this.db.query<Record<string, unknown>>(
      `select func_type, count(*)::int as total, ${aggregates.join(', ')}
       from task_timings where ${since} group by func_type order by func_type`,
      [days],
    );
    // Each poll is one row here, so the percentiles are over polls, not over tasks.
    const polls = await this.db.query<Record<string, unknown>>(
      `select t.func_type, count(*)::int as "perPoll_n",
         percentile_cont(0.5) within group (order by p.ms) as "perPoll_median",
         percentile_cont(0.95) within group (order by p.ms) as "perPoll_p95"
       from task_timings t
       cross join lateral (select value::double precision as ms from jsonb_array_elements_text(t.polling_detail)) p
       where ${since.replace('created_at', 't.created_at')} group by t.func_type`,
      [days],
    );
    const pollsByType = new Map(polls.rows.map((row) => [String(row.func_type), row]));
    return {
      types: rows.map((row) => {
        const stats = Object.fromEntries(Object.keys(STAT_COLUMNS).map((key) => [key, stat(row, key)])) as Record<TimingStatKey, TimingStat>;
        stats.perPoll = stat(pollsByType.get(String(row.func_type)) ?? {}, 'perPoll');
        return { funcType: String(row.func_type), count: Number(row.total), stats };
      }),
    };
  }

  /** Deletes reports past their retention. */
  async prune(): Promise<void> {
    await this.db.query(`delete from client_events where created_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);
    await this.db.query(`delete from task_timings where created_at < now() - make_interval(days => ${TIMING_RETENTION_DAYS})`);
  }
}
