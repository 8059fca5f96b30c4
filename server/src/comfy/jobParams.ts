import { randomInt } from 'node:crypto';
import { ResultCode } from '../../../engine/spec/errors';
import {
  DEFAULT_STRENGTH, PROMPT_MAX_CHARS, SEED_MAX, STRENGTH_MAX, STRENGTH_MIN, styleById,
} from '../../../engine/spec/generation';
import { ApiError, paramsInvalid } from '../envelope';
import type { GenerationRuntime } from './runtime';

/**
 * Params shared by the generative task types (engine/spec/generation.ts): prompt, negativePrompt,
 * style, seed, strength. The page runs the text review and translation steps before submitting;
 * the server reviews the submitted (translated) prompt again with the same word lists, so a
 * client that skips its steps gets 1010202 all the same.
 */

export interface TextParams {
  prompt: string;
  negativePrompt: string;
  /** `, <style prompt>` or empty, appended to the prompt by the workflows' `{{prompt}}{{style}}`. */
  style: string;
  seed: number;
}

function text(value: unknown, name: string, required: boolean): string {
  if (value === undefined || value === null || value === '') {
    if (required) throw paramsInvalid(`${name} is required`);
    return '';
  }
  if (typeof value !== 'string') throw paramsInvalid(`${name} must be text`);
  const t = value.trim();
  if (required && t === '') throw paramsInvalid(`${name} is required`);
  if (t.length > PROMPT_MAX_CHARS) throw paramsInvalid(`${name} is longer than ${PROMPT_MAX_CHARS} characters`);
  return t;
}

export async function reviewText(rt: GenerationRuntime, ...texts: string[]): Promise<void> {
  const source = rt.wordLists();
  if (!source) return;
  const { reviewer } = await source.current();
  for (const t of texts) {
    if (t && !reviewer.review(t).compliant) throw new ApiError(ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE, 'the prompt did not pass the text review');
  }
}

export function parseSeed(value: unknown): number {
  if (value === undefined || value === null || value === '') return randomInt(0, 2 ** 32 - 1);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > SEED_MAX) throw paramsInvalid(`seed must be a whole number from 0 to ${SEED_MAX}`);
  return n;
}

/** Prompt (required unless `defaultPrompt`), negative prompt, style and seed, reviewed. */
export async function parseTextParams(params: Record<string, unknown>, rt: GenerationRuntime, defaultPrompt?: string, defaultStyle = 'none'): Promise<TextParams> {
  const prompt = text(params.prompt, 'prompt', defaultPrompt === undefined) || defaultPrompt || '';
  const negative = text(params.negativePrompt, 'negativePrompt', false);
  const styleId = params.style === undefined || params.style === null || params.style === '' ? defaultStyle : params.style;
  const style = typeof styleId === 'string' ? styleById(styleId) : undefined;
  if (!style) throw paramsInvalid('style must be one of the style presets');
  await reviewText(rt, prompt, negative);
  return {
    prompt,
    negativePrompt: [negative, style.negative].filter(Boolean).join(', '),
    style: style.prompt ? `, ${style.prompt}` : '',
    seed: parseSeed(params.seed),
  };
}

export function parseUnit(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw paramsInvalid(`${name} must be a number from ${min} to ${max}`);
  return n;
}

export const parseStrength = (value: unknown, fallback = DEFAULT_STRENGTH): number => parseUnit(value, 'strength', STRENGTH_MIN, STRENGTH_MAX, fallback);

/** A short free-text target for the detection step ("clothes", "shirt", "main subject"). */
export function parseTarget(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 100 || /[{}]/.test(value)) throw paramsInvalid(`${name} must be a short text`);
  return value.trim();
}
