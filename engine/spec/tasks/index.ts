/** The task contract: the table (one row per task type) and what pages and processors read of it. See table.ts. */
export { TASKS, parseTaskParams, type TaskParams } from './table';
export {
  EXTEND_CUSTOM_MAX_SIDE,
  EXTEND_MAX_AREA_FACTOR,
  EXTEND_RATIOS,
  FILL_QUALITIES,
  type ExtendRatio,
  type FillQuality,
} from './imageTasks';
export { GENERATIVE_FIELDS } from './otherTasks';
