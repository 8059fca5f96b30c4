/**
 * Light task types: work of a few milliseconds per photo (the bulk resizer, `batchEdit`), where the queue's
 * own bookkeeping (a job fetch, a claim, a result row, a finish, a job completion: each a database round
 * trip) used to cost more than the work. They get their own queue, whose loop claims LIGHT_BATCH_SIZE jobs
 * per fetch and claim, record and finish them with one statement each (tasks/runLightTasks.ts). Each task is
 * still its own durable job and task row, so several workers share a batch and a crash loses nothing.
 */
export const LIGHT_TASK_TYPES: ReadonlySet<string> = new Set(['batchEdit']);

/**
 * Jobs one light loop claims per fetch. Small enough that two workers share a 100-photo batch (7 groups) and a
 * crash leaves few photos to wait for the recovery sweep; large enough that the bookkeeping per photo is a
 * fraction of a round trip: each group costs 5 statements (fetch, claim, result rows, finish, completion),
 * 0.49 statements per photo at 16, 0.79 at 8, 1.25 at 4 (`npm run bench:batch-statements`, status polls included).
 * On the embedded database each statement is CPU on the server's event loop beside the photo pipelines: at 16 the
 * server spent 24.4 ms of CPU per photo against 25.8 ms at 8 (100 photos at their own size, 9 rounds each,
 * `bench:batch`'s CPU line; bare sharp 22.3-22.6 ms), where throughput alone moved within its noise.
 */
export const LIGHT_BATCH_SIZE = 16;
/**
 * Groups a process holds at once: the next group is claimed while the last one's photos run, so the
 * photo pipelines (WORKERS at once, tasks/runLightTasks.ts) never wait for a group's bookkeeping.
 */
export const LIGHT_GROUPS_IN_FLIGHT = 2;

export const isLightTaskType = (type: string): boolean => LIGHT_TASK_TYPES.has(type);
