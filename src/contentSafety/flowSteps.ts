/**
 * Which task-flow steps a job gets (SPEC §3 step ids, §5 "runs only when …"): text review only when the
 * server config flag enableTextReview is on, picture reviews only when enablePicReview is on, translation
 * whenever there is a prompt, upload only when there are files, query when the tool polls for a result.
 */
import { FlowStepId, type FlowStepIdValue } from '../../engine/spec/kinds';

export interface ReviewFlags {
  enableTextReview: boolean;
  enablePicReview: boolean;
}

export interface JobShape {
  /** The job carries a user prompt (prompt-taking tools). */
  prompt: boolean;
  /** The job uploads one or more pictures. */
  pictures: boolean;
  /** The tool polls for a result picture (false: the submit reply is the whole answer). */
  query: boolean;
}

/** The ordered step ids for a job of this shape under these flags. */
export function buildSteps(flags: ReviewFlags, job: JobShape): FlowStepIdValue[] {
  const steps: FlowStepIdValue[] = [];
  if (job.prompt && flags.enableTextReview) steps.push(FlowStepId.TEXT_REVIEW);
  if (job.prompt) steps.push(FlowStepId.TEXT_TRANSLATION);
  if (job.pictures && flags.enablePicReview) steps.push(FlowStepId.PICTURE_REVIEW);
  if (job.pictures) steps.push(FlowStepId.UPLOAD);
  steps.push(FlowStepId.SUBMIT);
  if (job.query) {
    steps.push(FlowStepId.QUERY);
    if (flags.enablePicReview) steps.push(FlowStepId.RESULT_PICTURE_REVIEW);
  }
  return steps;
}
