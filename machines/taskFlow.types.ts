import type { JobError } from '../engine/spec/errors';
import type { FlowStepIdValue, PostFlowStageValue, TaskStage } from '../engine/spec/kinds';
import type { TaskType } from '../engine/spec/taskTypes';
import type { TaskStatusEntry, UploadReply } from '../engine/spec/api';

export type { Envelope } from '../engine/spec/api';

/** One step of a job (SPEC §3): id, params, result and end flag. */
export interface FlowStep {
  id: FlowStepIdValue;
  params?: Record<string, unknown>;
  result?: unknown;
  end: boolean;
}

/** The per-task result of a job (SPEC §3). */
export interface TaskResult {
  taskId: string;
  resultFileUrl: string | null;
  /** Plain-text result when the server's result string is not a URL. */
  result: string | null;
  isGpuFinish: boolean;
  err: JobError | null;
  /** The raw server code when the GPU side failed. */
  gpuErr: number | null;
  resultFile: Blob | null;
  needReviewResultPic: boolean;
  end: boolean;
  /** Server-reported progress 0..1 while unfinished. */
  progress: number;
  /** While the task waits in the server's queue: how many jobs start before it (the page's "N ahead of you"); else null. */
  queueAhead: number | null;
  /** Post-flow sub-stage once a result URL arrived (SPEC §4): 1 download, 2 pornography check, 3 finish; 0 before. */
  postStage: 0 | PostFlowStageValue;
}

export type UploadMode = 'single' | 'zip' | 'batch';

export interface UploadInput {
  mode: UploadMode;
  files: Blob[];
  func: TaskType;
  fileType: string;
  onProgress(fraction: number): void;
}
/** The upload reply (engine/spec/api.ts). */
export type UploadOutput = UploadReply;
export interface SubmitInput {
  funcType: TaskType;
  fileUrls: string[];
  params: Record<string, unknown>;
}
export interface QueryInput {
  funcType: TaskType;
  taskIds: string[];
  /**
   * How long the server may hold the reply while every task is unfinished (a long poll, engine/spec/api.ts):
   * one poll interval, so the page still asks once per interval but hears of a result the moment it exists.
   */
  waitMs: number;
}
/** One task's entry of a status reply (engine/spec/api.ts). */
export type QueryEntry = TaskStatusEntry;

/** What a view gives to start a job. */
export interface TaskFlowInput {
  jobId: string;
  funcType: TaskType;
  sourceFile?: Blob | null;
  sourceFiles?: Blob[];
  /** Ordered step ids. */
  steps: FlowStepIdValue[];
  /** 'zip' uploads one archive; anything else with several files uploads a batch. */
  fileType?: string;
  /** Extra submit payload (efMode, colours…). */
  submitParams?: Record<string, unknown>;
  /** The user's prompt for prompt-taking tools: reviewed (step 1), translated (step 2), sent as `prompt`. */
  prompt?: string;
  /** Files already uploaded by an earlier job (a free re-composite of the same photo): steps without an upload submit these. */
  fileUrls?: string[];
}

export interface TaskFlowContext {
  jobId: string;
  funcType: TaskType;
  sourceFile: Blob | null;
  sourceFiles: Blob[];
  fileType: string;
  submitParams: Record<string, unknown>;
  steps: FlowStep[];
  /** Index of the step being run. */
  currentStep: number;
  end: boolean;
  error: JobError | null;
  fileUrls: string[];
  taskIds: string[];
  taskResults: Record<string, TaskResult>;
  stage: TaskStage;
  uploadProgress: number;
  /** The prompt as it will be submitted (English after step 2); null for tools without one. */
  prompt: string | null;
  /** The prompt as the user typed it. */
  originalPrompt: string | null;
  /** ISO 639-3 language of the original prompt, once step 2 detected it. */
  lanCode: string | null;
  /** When the last status query started (Date.now()); the next one starts POLL_INTERVAL_MS after it. */
  lastQueryAt: number | null;
}
