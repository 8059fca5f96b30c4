/**
 * The content-safety actors the task-flow machine gets in the app (steps 1, 2, 3 and 7), built on the
 * text review, language and picture review clients. When the server's config turns a review off, that
 * review passes without a call (SPEC §5 "runs only when … is on").
 */
import { fromPromise } from 'xstate';
import type { ReviewOutcome } from '../../machines/taskFlow.machine';
import { runTranslationStep, type TranslationOutcome } from '../../machines/translationStep';
import { guessLanguage, translateToEnglish } from '../api/languageApi';
import { getAppConfig } from '../api/secureConfig';
import { reviewPicture } from './pictureReview';
import { reviewText } from './textReview';

const PASS: ReviewOutcome = { compliant: true };

/** The server calls the reviews make; tests pass their own (no module mocking, so test files can share modules). */
export interface SafetyClients {
  getAppConfig: typeof getAppConfig;
  reviewPicture: typeof reviewPicture;
  reviewText: typeof reviewText;
}
const SERVER: SafetyClients = { getAppConfig, reviewPicture, reviewText };

/** Step 1 (and the reviews inside step 2): the text review, when enableTextReview is on. */
export async function reviewPromptText(text: string, clients: SafetyClients = SERVER): Promise<ReviewOutcome> {
  const config = await clients.getAppConfig();
  if (!config.enableTextReview) return PASS;
  const { compliant } = await clients.reviewText(text);
  return { compliant };
}

/**
 * The language step 2 acts on: the server's detection, except that a prompt it is unsure about counts as
 * English, so it is sent as written rather than garbled by a wrong translation (issue 13).
 */
export async function detectForTranslation(text: string): Promise<string> {
  const { lanCode, sure } = await guessLanguage(text);
  return sure ? lanCode : 'eng';
}

/** Step 2: detect, review and translate (machines/translationStep.ts holds the rule). */
export function translatePrompt(text: string): Promise<TranslationOutcome> {
  return runTranslationStep(text, { detect: detectForTranslation, review: reviewPromptText, translate: translateToEnglish });
}

/** Step 3 and step 7: every picture through the picture review, when enablePicReview is on. */
export async function reviewPictures(files: Blob[], clients: SafetyClients = SERVER): Promise<ReviewOutcome> {
  const config = await clients.getAppConfig();
  if (!config.enablePicReview) return PASS;
  for (const file of files) {
    if (!(await clients.reviewPicture(file)).compliant) return { compliant: false };
  }
  return PASS;
}

/** The actors to `.provide()` to the task-flow machine. */
export const contentSafetyActors = {
  reviewText: fromPromise<ReviewOutcome, { text: string }>(({ input }) => reviewPromptText(input.text)),
  translatePrompt: fromPromise<TranslationOutcome, { text: string }>(({ input }) => translatePrompt(input.text)),
  reviewPicture: fromPromise<ReviewOutcome, { files: Blob[] }>(({ input }) => reviewPictures(input.files)),
  reviewResultPicture: fromPromise<ReviewOutcome, { file: Blob; taskId: string }>(({ input }) => reviewPictures([input.file])),
};
