/**
 * Connects the task-flow machine's stage callbacks to a timing report (SPEC §7): each stage starts
 * its phase on the task's timer, and the report goes out once when the job completes or fails.
 */
import type { TaskStage } from '../../engine/spec/kinds';
import type { TimingPhase } from '../../engine/util/timingPhases';
import type { TaskTimer } from '../api/timingReport';

const PHASE_OF_STAGE: Partial<Record<TaskStage, TimingPhase>> = {
  preprocess: 'encoding',
  upload: 'upload',
  submit: 'submit',
  pollingResult: 'polling',
  download: 'download',
  postProcess: 'postHandle',
};

export interface TimedJob {
  /** What the first task id, size and format of the source are when the job ends. */
  describe(): { taskId: string | null; fileSizeKB: number; fmt: string };
}

/** The `notifyStage` action body for one job: marks phases, reports at the end (only with a task id). */
export function stageTimer(timer: TaskTimer, job: TimedJob): (stage: TaskStage) => void {
  return (stage) => {
    const phase = PHASE_OF_STAGE[stage];
    if (phase) {
      timer.mark(phase);
      return;
    }
    if (stage === 'completed' || stage === 'failed') {
      const { taskId, fileSizeKB, fmt } = job.describe();
      if (taskId) timer.report(taskId, fileSizeKB, fmt);
    }
  };
}

/** The source's format for the report: the file extension of its MIME type ('image/png' → 'png'). */
export function formatOf(file: Blob | null): string {
  return file?.type.split('/')[1]?.replace('jpeg', 'jpg') || 'none';
}
