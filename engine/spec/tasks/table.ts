/**
 * THE task table: one row per SPEC §9 task type (engine/spec/taskTypes.ts) with its params schema (zod),
 * defaults, limits, credit cost, result kind and where it runs. The server validates every submit against
 * it (server/src/tasks/taskService.ts) and its processors parse with it; the pages read defaults and limits
 * from it. Adding a task type = a name in taskTypes.ts, a row here, a processor in server/src/tasks.
 */
import type { z } from '../../util/zod';
import type { TaskType } from '../taskTypes';
import { TASK_CREDITS } from './credits';
import { IMAGE_TASKS } from './imageTasks';
import { OTHER_TASKS } from './otherTasks';
import type { TaskSpec } from './taskSpec';

const ROWS = { ...IMAGE_TASKS, ...OTHER_TASKS };
type Row<T extends TaskType> = (typeof ROWS)[T] & { readonly credits: number };

/**
 * Every task type has exactly one row: a type missing here (or a row for an unknown type) fails to compile.
 * A row's `credits` come from credits.ts (zod-free, so price-only pages need no schema).
 */
export const TASKS: { readonly [T in TaskType]: Row<T> } = Object.fromEntries(
  Object.entries(ROWS satisfies Record<TaskType, TaskSpec>).map(([type, row]) => [type, { ...row, credits: TASK_CREDITS[type as TaskType] }]),
) as { readonly [T in TaskType]: Row<T> };

/** The checked params of a task type, defaults filled in (only the keys its schema names). */
export type TaskParams<T extends TaskType> = z.output<(typeof TASKS)[T]['params']>;

export type ParamsResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Top-level nulls count as absent: JSON clients send `null` for "not set". */
function withoutNulls(raw: unknown): Record<string, unknown> {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return raw as Record<string, unknown>;
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
}

/**
 * Checks a submit's params against the table. `message` is the PARAMS_INVALID text (SPEC §8) of the first problem.
 * @example parseTaskParams('bgblur', { strength: 120 }) // { ok: false, message: 'strength must be 0..100' }
 */
export function parseTaskParams<T extends TaskType>(type: T, raw: unknown): ParamsResult<TaskParams<T>> {
  const input = withoutNulls(raw);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: 'the params must be a JSON object' };
  const parsed = (TASKS[type].params as z.ZodType).safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as TaskParams<T> };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'invalid params' };
}

/** The defaults a page starts with for a task type. */
export const taskDefaults = <T extends TaskType>(type: T): (typeof TASKS)[T]['defaults'] => TASKS[type].defaults;
