import { randomInt } from 'node:crypto';
import { ResultCode } from '../../../engine/spec/errors';
import { DEFAULT_STRENGTH, SEED_MAX, styleById, type GenerativeTaskType } from '../../../engine/spec/generation';
import { GENERATIVE_FIELDS, parseTaskParams, type TaskParams } from '../../../engine/spec/tasks';
import { ApiError, paramsInvalid } from '../envelope';
import type { GenerationRuntime } from './runtime';

/**
 * The generative processors' params come from their rows of the task table (engine/spec/tasks/otherTasks.ts):
 * the same schema the submit was checked with, so the rules live once. What is left here is what the table
 * cannot say: which types need a prompt, each type's own defaults, the random seed, and the word-list review.
 * The page runs the text review and translation steps before submitting; the server reviews the submitted
 * (translated) prompt again with the same word lists, so a client that skips its steps gets 1010202 all the same.
 */

/** The checked params of a generative task, defaults of the table filled in; PARAMS_INVALID with the table's message. */
export function generativeParams<T extends GenerativeTaskType>(type: T, raw: Record<string, unknown>): TaskParams<T> {
  const parsed = parseTaskParams(type, raw);
  if (!parsed.ok) throw paramsInvalid(parsed.message);
  return parsed.value;
}

/** A generative row's params (every row shares these fields; aibg adds its own). */
export type GenerativeParams = TaskParams<'aiGeneratePic'>;

export interface TextParams {
  prompt: string;
  negativePrompt: string;
  /** `, <style prompt>` or empty, appended to the prompt by the workflows' `{{prompt}}{{style}}`. */
  style: string;
  seed: number;
}

/** The seed asked for, or a random one (the table has checked its range). */
export const seedOrRandom = (seed: number | undefined): number => seed ?? randomInt(0, SEED_MAX);

/** The strength asked for, else the type's own default, else the table's. */
export const strengthOr = (strength: number | undefined, fallback = DEFAULT_STRENGTH): number => strength ?? fallback;

/** A short detection target ("clothes", "main subject"), trimmed; empty is absent. */
export const targetOf = (value: string | undefined): string | undefined => value?.trim() || undefined;

export async function reviewText(rt: GenerationRuntime, ...texts: string[]): Promise<void> {
  const source = rt.wordLists();
  if (!source) return;
  const { reviewer } = await source.current();
  for (const t of texts) {
    if (t && !reviewer.review(t).compliant) throw new ApiError(ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE, 'the prompt did not pass the text review');
  }
}

/** Prompt (required unless `defaultPrompt`), negative prompt, style and seed of checked params, reviewed. */
export async function textParams(p: GenerativeParams, rt: GenerationRuntime, defaultPrompt?: string, defaultStyle = 'none'): Promise<TextParams> {
  const prompt = p.prompt?.trim() || defaultPrompt;
  if (prompt === undefined) throw paramsInvalid('prompt is required');
  const negative = p.negativePrompt?.trim() ?? '';
  // The table allows only preset ids; a type's default style is one too.
  const style = styleById(p.style ?? defaultStyle);
  if (!style) throw paramsInvalid('style must be one of the style presets');
  await reviewText(rt, prompt, negative);
  return {
    prompt,
    negativePrompt: [negative, style.negative].filter(Boolean).join(', '),
    style: style.prompt ? `, ${style.prompt}` : '',
    seed: seedOrRandom(p.seed),
  };
}

/**
 * Seed and prompt of a learned fill (lama, elimination, aiextend on ComfyUI), checked with the generative fields:
 * those rows do not name them, but a client may send them.
 */
export function fillTextParams(raw: Record<string, unknown>): { seed: number; prompt: string } {
  const parsed = GENERATIVE_FIELDS.pick({ seed: true, prompt: true }).safeParse({ seed: raw.seed ?? undefined, prompt: raw.prompt ?? undefined });
  if (!parsed.success) throw paramsInvalid(parsed.error.issues[0]?.message ?? 'invalid params');
  return { seed: seedOrRandom(parsed.data.seed), prompt: parsed.data.prompt?.trim() ?? '' };
}
