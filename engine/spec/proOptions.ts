/**
 * Tool options that need a PRO plan (SPEC §6: "a tool option that is pro"), one rule per task type,
 * read by the server before it accepts a task and by the pages that show the PRO badge. Saving a
 * design is always free; what costs a subscription is running these options.
 */
import { findIdPhotoTemplate } from '../idphoto/templates';
import type { TaskType } from './taskTypes';

/** A PRO option: `<taskType>.<param>.<value>`, also the key of its label under `account.proOptions`. */
export type ProOption = string;

type Params = Record<string, unknown>;

const RULES: Partial<Record<TaskType, (params: Params) => ProOption[]>> = {
  // realesrgan-x4plus is about 8× the CPU of the default model: the high-quality enhancer is PRO.
  picenhance: (params) => (params.quality === 'high' ? ['picenhance.quality.high'] : []),
  // ID photo templates with isPro (SPEC §3/§6).
  idphoto: (params) => (findIdPhotoTemplate(params.templateId)?.isPro ? [`idphoto.templateId.${String(params.templateId)}`] : []),
};

/** The PRO options a submit of `taskType` with `params` uses; empty when everything is free. */
export function proOptionsOf(taskType: TaskType, params: unknown): ProOption[] {
  const rule = RULES[taskType];
  if (!rule || params === null || typeof params !== 'object' || Array.isArray(params)) return [];
  return rule(params as Params);
}
