/**
 * The fair queue (issue 29, "a fair queue"): two lanes and a turn per owner.
 *
 * - **Lanes.** Light task types (option re-runs of a photo whose cut-out is cached, detections, resizes) have
 *   their own pg-boss queues, their own job slots and a reserved heavy-work thread (heavy/heavyPool.ts), so they
 *   never wait behind heavy ones (enhance, extend, inpainting, cut-outs, generation), whatever is queued there.
 * - **Turns.** Within a queue jobs start by pg-boss priority (higher first), then by age. A job's priority is
 *   minus its owner's rank: the number of that owner's unfinished tasks in the same lane when it was submitted
 *   (counted under the owner's lock, taskRepository.ts). One owner's 20 jobs get 0, -1, … -19, so another owner's
 *   first job (0) goes before the batch's second: round-robin between owners, first come first served among equals.
 * - **Retries first.** A task whose worker died (or that a shutdown gave back) is queued again with
 *   {@link RETRY_PRIORITY}: it already waited its turn once.
 */
import { isLightTaskType } from './lightTasks';

export type Lane = 'light' | 'heavy';

/**
 * Light-lane types run as single jobs: a few hundred milliseconds to a couple of seconds, and the ones a user
 * re-runs with other options (background colour, blur strength, ID photo country or layout, head position,
 * product detection). The grouped light types of lightTasks.ts (the bulk resizer) are light too.
 */
export const LIGHT_SINGLE_TASK_TYPES: ReadonlySet<string> = new Set(['changebg', 'bgblur', 'idphoto', 'headExtract', 'productIdentify', 'imageTagger']);

/** The lane of a task type: light (single or grouped) or heavy (everything else, generation included). */
export function laneOf(type: string): Lane {
  return LIGHT_SINGLE_TASK_TYPES.has(type) || isLightTaskType(type) ? 'light' : 'heavy';
}

/** Every type of the light lane, for the rank count in SQL. */
export const LIGHT_LANE_TYPES: readonly string[] = [...LIGHT_SINGLE_TASK_TYPES, 'batchEdit'];

/** Priority of a re-queued task (crash, shutdown, lost job): ahead of every first-time job. */
export const RETRY_PRIORITY = 1_000_000;

/** The lowest priority a rank maps to (pg-boss's priority is a 32-bit integer; a 10,000-photo batch stays far above). */
const LOWEST_PRIORITY = -100_000;

/** The pg-boss priority of an owner's job submitted with `rank` of its unfinished tasks ahead of it in its lane. */
export function priorityForRank(rank: number): number {
  const n = Math.floor(rank);
  return n > 0 ? Math.max(LOWEST_PRIORITY, -n) : 0;
}
