/**
 * Sums up the jobs of one generative run (one job per image) into what the page shows: a progress figure
 * (0..1) from each job's stage and the server's own progress, the stage of the slowest job, the first error,
 * and every result. Plain functions, so the rules are tested without React or a server.
 */
import type { JobError } from '../../engine/spec/errors';
import type { TaskStage } from '../../engine/spec/kinds';

export interface JobView {
  state: 'running' | 'completed' | 'failed' | 'cancelled';
  stage: TaskStage;
  /** Server progress 0..1 of the job's tasks. */
  taskProgress: readonly number[];
  translation: { text: string; lanCode: string } | null;
  error: JobError | null;
  blobs: Array<{ taskId: string; blob: Blob }>;
}

export interface RunSummary {
  stage: TaskStage;
  busy: boolean;
  progress: number;
  translation: { text: string; lanCode: string } | null;
  error: JobError | null;
  blobs: Array<{ taskId: string; blob: Blob }>;
}

/**
 * Progress of one job: the checks and the upload take the first tenth, generation (the server's progress,
 * averaged over the tasks) up to 90 %, the download and result check the rest.
 */
export function progressOfSnapshot(stage: TaskStage, taskProgress: readonly number[]): number {
  switch (stage) {
    case 'preprocess':
      return 0.02;
    case 'upload':
      return 0.06;
    case 'submit':
      return 0.08;
    case 'pollingResult': {
      const mean = taskProgress.length ? taskProgress.reduce((a, b) => a + b, 0) / taskProgress.length : 0;
      return 0.1 + 0.8 * Math.min(1, Math.max(0, mean));
    }
    case 'download':
      return 0.93;
    case 'postProcess':
      return 0.97;
    case 'completed':
      return 1;
    default:
      return 0;
  }
}

const ORDER: readonly TaskStage[] = ['preprocess', 'upload', 'submit', 'pollingResult', 'download', 'postProcess', 'completed'];

/**
 * The run as one: failed when every job ended and one failed (the results of the others stay), completed when
 * all completed, otherwise running at the earliest stage among the running jobs. Null when there are no jobs or
 * all were cancelled.
 */
export function combineJobs(jobs: readonly JobView[]): RunSummary | null {
  const live = jobs.filter((job) => job.state !== 'cancelled');
  if (live.length === 0) return null;
  const blobs = live.flatMap((job) => job.blobs);
  const translation = live.find((job) => job.translation)?.translation ?? null;
  const running = live.filter((job) => job.state === 'running');
  const progress = live.reduce((sum, job) => sum + (job.state === 'running' ? progressOfSnapshot(job.stage, job.taskProgress) : 1), 0) / live.length;
  if (running.length > 0) {
    const stage = ORDER[Math.min(...running.map((job) => ORDER.indexOf(job.stage)).filter((i) => i >= 0))] ?? 'pollingResult';
    return { stage, busy: true, progress, translation, error: null, blobs };
  }
  const failed = live.find((job) => job.state === 'failed');
  if (failed) return { stage: 'failed', busy: false, progress: 1, translation, error: failed.error, blobs };
  return { stage: 'completed', busy: false, progress: 1, translation, error: null, blobs };
}
