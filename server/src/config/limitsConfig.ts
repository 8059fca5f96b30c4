import os from 'node:os';
import v8 from 'node:v8';

/**
 * Quotas, rate limits and load shedding, read once from the environment (README "Configuration").
 * Every count is per window; 0 switches that limit off.
 */
export interface LimitSettings {
  /** Length of a rate-limit window (RATE_LIMIT_WINDOW_S, default 60 s). */
  windowMs: number;
  /** Any `/api/…` call (RATE_LIMIT_API per address, default 1200; RATE_LIMIT_API_DEVICE, default 600). */
  apiPerAddress: number;
  apiPerDevice: number;
  /** Task submits and the heavy detection/review calls (RATE_LIMIT_TASKS, default 240; RATE_LIMIT_TASKS_DEVICE, default 120). */
  tasksPerAddress: number;
  tasksPerDevice: number;
  /** Uploads (RATE_LIMIT_UPLOADS, default 120; RATE_LIMIT_UPLOADS_DEVICE, default 60). */
  uploadsPerAddress: number;
  uploadsPerDevice: number;
  /** Client reports per address (RATE_LIMIT_REPORTS, default 300: a 50-file batch reports 50 timings at once). */
  reportsPerAddress: number;
  /** Calls of the public API (`/v1.0/removebg`, `/api/remove`) per API key, or per address without a key (RATE_LIMIT_API_KEY, default 60). */
  apiKeyCalls: number;
  /** Unfinished tasks one client may have queued or running at once (TASK_QUEUE_MAX_PER_CLIENT, default 100). */
  maxActiveTasksPerClient: number;
  /** New work is refused with 503 above this V8 heap use (PRESSURE_MAX_HEAP_MB; default 90 % of the heap limit). */
  maxHeapUsedBytes: number;
  /** …or above this resident memory (PRESSURE_MAX_RSS_MB; default 85 % of the machine's or container's memory). */
  maxRssBytes: number;
  /** …or while the event loop lags more than this (PRESSURE_MAX_EVENT_LOOP_DELAY_MS; default 0 = off). */
  maxEventLoopDelayMs: number;
  /** How often memory and loop delay are sampled (ms). */
  pressureSampleMs: number;
}

/** No limit at all: for route tests that measure behaviour, not quotas. */
export const NO_LIMITS: LimitSettings = {
  windowMs: 60_000,
  apiPerAddress: 0,
  apiPerDevice: 0,
  tasksPerAddress: 0,
  tasksPerDevice: 0,
  uploadsPerAddress: 0,
  uploadsPerDevice: 0,
  reportsPerAddress: 0,
  apiKeyCalls: 0,
  maxActiveTasksPerClient: 0,
  maxHeapUsedBytes: 0,
  maxRssBytes: 0,
  maxEventLoopDelayMs: 0,
  pressureSampleMs: 1000,
};

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** The memory this process may use: the container's limit when there is one, else the machine's. */
function memoryLimit(): number {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  const total = os.totalmem();
  return constrained && constrained > 0 && constrained < total ? constrained : total;
}

/**
 * Reads the settings from `env`.
 * @throws Error naming the variable when a value is not a non-negative integer.
 */
export function loadLimitSettings(env: NodeJS.ProcessEnv): LimitSettings {
  const mb = 1024 * 1024;
  return {
    windowMs: count(env, 'RATE_LIMIT_WINDOW_S', 60) * 1000 || 60_000,
    apiPerAddress: count(env, 'RATE_LIMIT_API', 1200),
    apiPerDevice: count(env, 'RATE_LIMIT_API_DEVICE', 600),
    tasksPerAddress: count(env, 'RATE_LIMIT_TASKS', 240),
    tasksPerDevice: count(env, 'RATE_LIMIT_TASKS_DEVICE', 120),
    uploadsPerAddress: count(env, 'RATE_LIMIT_UPLOADS', 120),
    uploadsPerDevice: count(env, 'RATE_LIMIT_UPLOADS_DEVICE', 60),
    reportsPerAddress: count(env, 'RATE_LIMIT_REPORTS', 300),
    apiKeyCalls: count(env, 'RATE_LIMIT_API_KEY', 60),
    maxActiveTasksPerClient: count(env, 'TASK_QUEUE_MAX_PER_CLIENT', 100),
    maxHeapUsedBytes: count(env, 'PRESSURE_MAX_HEAP_MB', Math.floor((0.9 * v8.getHeapStatistics().heap_size_limit) / mb)) * mb,
    maxRssBytes: count(env, 'PRESSURE_MAX_RSS_MB', Math.floor((0.85 * memoryLimit()) / mb)) * mb,
    maxEventLoopDelayMs: count(env, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS', 0),
    pressureSampleMs: 1000,
  };
}
