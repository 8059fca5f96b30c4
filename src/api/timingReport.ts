/**
 * Timing report of SPEC §7: how long each phase of one task took in this browser, sent once to
 * POST /api/report/timing; plus the admin's read of the summary (GET /api/admin/stats/timings).
 */
import { ResultCode } from '../../engine/spec/errors';
import type { TaskType } from '../../engine/spec/taskTypes';
import { TIMING_PHASES, type TimingPhase, type TimingReport, type TimingStats } from '../../engine/util/timingPhases';

export const TIMING_REPORT_PATH = '/api/report/timing';
export const TIMING_STATS_PATH = '/api/admin/stats/timings';

/** Polls kept in the detail; a task polled longer keeps its first ones (the total still counts all). */
export const MAX_POLL_DETAIL = 200;

export interface TaskTimer {
  /**
   * Starts `phase` and ends the one running (its time is added to that phase's total; a phase
   * entered twice sums up). Marking 'polling' while polling starts a new poll: each poll's
   * duration goes to the detail.
   */
  mark(phase: TimingPhase): void;
  /**
   * Ends the running phase and posts the report (once; later calls do nothing and return null).
   * Fire-and-forget: never throws. Returns what was sent.
   */
  report(taskId: string, fileSizeKB: number, fmt: string): TimingReport | null;
}

export interface TaskTimerDeps {
  /** Milliseconds clock (default performance.now: monotonic, immune to clock changes). */
  now?: () => number;
  /** Delivery (default: fetch with keepalive, errors swallowed). */
  send?: (report: TimingReport) => void;
}

function postReport(report: TimingReport): void {
  try {
    void fetch(TIMING_REPORT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A report is never worth an error of its own.
  }
}

/**
 * A timer for one task of `funcType`, started now; the whole-task time runs from here to report().
 * @example const timer = createTaskTimer('removebg'); timer.mark('upload'); …; timer.mark('polling'); …; timer.report(taskId, 512, 'png');
 */
export function createTaskTimer(funcType: TaskType, deps: TaskTimerDeps = {}): TaskTimer {
  const now = deps.now ?? (() => performance.now());
  const send = deps.send ?? postReport;
  const started = now();
  const totals = new Map<TimingPhase, number>();
  const polls: number[] = [];
  let current: { phase: TimingPhase; since: number } | null = null;
  let sent = false;

  const close = (at: number) => {
    if (!current) return;
    const spent = Math.max(0, at - current.since);
    totals.set(current.phase, (totals.get(current.phase) ?? 0) + spent);
    if (current.phase === 'polling' && polls.length < MAX_POLL_DETAIL) polls.push(Math.round(spent));
    current = null;
  };

  return {
    mark(phase) {
      if (sent || !(TIMING_PHASES as readonly string[]).includes(phase)) return;
      const at = now();
      close(at);
      current = { phase, since: at };
    },
    report(taskId, fileSizeKB, fmt) {
      if (sent) return null;
      sent = true;
      const at = now();
      close(at);
      const timings: TimingReport['timings'] = { whole: Math.round(Math.max(0, at - started)) };
      for (const [phase, ms] of totals) timings[phase] = Math.round(ms);
      if (polls.length > 0) timings.pollingDetail = polls;
      const report: TimingReport = {
        taskId: String(taskId),
        funcType,
        fileSize: Number.isFinite(fileSizeKB) && fileSizeKB > 0 ? Math.round(fileSizeKB * 100) / 100 : 0,
        fmt: String(fmt || 'unknown')
          .toLowerCase()
          .slice(0, 16),
        timings,
      };
      try {
        send(report);
      } catch {
        // Fire-and-forget.
      }
      return report;
    },
  };
}

/** The answer of fetchTimingStats: the statistics, or 'forbidden' when a (right) admin token is needed. */
export type TimingStatsResult = { kind: 'ok'; stats: TimingStats } | { kind: 'forbidden' };

/**
 * Reads the per-task-type timing summary of the last `days` days (all kept reports when absent).
 * `token` goes in the `x-admin-token` header. Rejects on a network failure or an error answer
 * other than 403.
 */
export async function fetchTimingStats(token?: string | null, opts: { days?: number | null; signal?: AbortSignal } = {}): Promise<TimingStatsResult> {
  const headers: Record<string, string> = token ? { 'x-admin-token': token } : {};
  const url = opts.days ? `${TIMING_STATS_PATH}?days=${encodeURIComponent(opts.days)}` : TIMING_STATS_PATH;
  const response = await fetch(url, { headers, signal: opts.signal });
  if (response.status === 403) return { kind: 'forbidden' };
  let envelope: { resultCode?: number; msg?: string; data?: TimingStats | null };
  try {
    envelope = await response.json();
  } catch {
    throw new Error(`HTTP ${response.status} without a JSON body`);
  }
  if (envelope.resultCode !== ResultCode.SUCCESS || !envelope.data || !Array.isArray(envelope.data.types)) {
    throw new Error(envelope.msg || `HTTP ${response.status}`);
  }
  return { kind: 'ok', stats: envelope.data };
}
