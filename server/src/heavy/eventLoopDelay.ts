import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

let histogram: IntervalHistogram | null = null;

/**
 * How late the event loop has run since the process started (p50/p99/max in ms), as `/api/ready`
 * reports it: how long a request can wait before it is even looked at.
 */
export function eventLoopDelay(): { p50: number; p99: number; max: number } {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
  }
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
