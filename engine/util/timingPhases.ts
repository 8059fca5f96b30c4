/**
 * The phases of the timing report (SPEC §7: "timings for encoding, upload, decoding, submit,
 * post-handle, download, polling (plus detail), whole task"), shared by the browser that
 * measures them and the server that stores and summarises them.
 */
export const TIMING_PHASES = ['encoding', 'upload', 'decoding', 'submit', 'postHandle', 'download', 'polling'] as const;
export type TimingPhase = (typeof TIMING_PHASES)[number];

/** What the admin statistics list per phase: `perPoll` is each single poll, `whole` the whole task. */
export const TIMING_STAT_KEYS = [...TIMING_PHASES, 'perPoll', 'whole'] as const;
export type TimingStatKey = (typeof TIMING_STAT_KEYS)[number];

/** The body of POST /api/report/timing; every duration in milliseconds. */
export interface TimingReport {
  taskId: string;
  funcType: string;
  /** Source size in KB. */
  fileSize: number;
  /** Source format, e.g. 'png'. */
  fmt: string;
  /** Only the phases that ran; `pollingDetail` holds each poll's duration in order. */
  timings: Partial<Record<TimingPhase, number>> & { pollingDetail?: number[]; whole: number };
}

/** Median and 95th percentile of one phase over `count` measurements (null when none). */
export interface TimingStat {
  count: number;
  median: number | null;
  p95: number | null;
}

/** The data of GET /api/admin/stats/timings. */
export interface TimingStats {
  types: Array<{ funcType: string; count: number; stats: Record<TimingStatKey, TimingStat> }>;
}
