/**
 * Light task types: work of a few milliseconds per photo (the bulk resizer, `batchEdit`), where the queue's
 * own bookkeeping (a job fetch, a claim, a result row, a finish, a job completion: each a database round
 * trip) used to cost more than the work. They get their own queue, whose loop claims LIGHT_BATCH_SIZE jobs
 * per fetch and claim, record and finish them with one statement each (tasks/runLightTasks.ts). Each task is
 * still its own durable job and task row, so several workers share a batch and a crash loses nothing.
 */
export const LIGHT_TASK_TYPES: ReadonlySet<string> = new Set(['batchEdit']);

/**
 * Jobs one light loop claims per fetch. Small enough that two workers share a 100-photo batch (7 groups)
 * and a crash leaves few photos to wait for the recovery sweep; large enough that the bookkeeping per photo
 * is a fraction of a round trip: each group costs 5 statements (fetch, claim, result rows, finish,
 * completion) on the thread that also serves HTTP and the embedded database, competing with sharp for the
 * cores. `npm run bench:batch-statements`, a whole 100-photo batch from start to done: 0.95 statements per
 * photo at 8, 0.63 at 16 (of which 0.15 are the idle polls of the other queue's workers).
 */
export const LIGHT_BATCH_SIZE = 16;
/**
 * Groups a process holds at once: the next group is claimed while the last one's photos run, so the
 * photo pipelines (WORKERS at once, tasks/runLightTasks.ts) never wait for a group's bookkeeping.
 */
export const LIGHT_GROUPS_IN_FLIGHT = 2;

export const isLightTaskType = (type: string): boolean => LIGHT_TASK_TYPES.has(type);
