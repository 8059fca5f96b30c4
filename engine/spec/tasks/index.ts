/** The task contract: the table (one row per task type) and the shape of a row. See table.ts. */
export { TASKS, parseTaskParams, taskDefaults, taskLimits, type ParamsResult, type TaskParams } from './table';
export type { ResultKind, RunsOn, TaskSpec } from './taskSpec';
export {
  BGBLUR_DEFAULT_FEATHER, BGBLUR_DEFAULT_STRENGTH, BGBLUR_MAX_FEATHER, BGBLUR_MAX_STRENGTH, EXTEND_CUSTOM_MAX_SIDE,
  EXTEND_MAX_AREA_FACTOR, EXTEND_RATIOS, FILL_QUALITIES, type ExtendRatio, type FillQuality,
} from './imageTasks';
export { GENERATIVE_FIELDS } from './otherTasks';
