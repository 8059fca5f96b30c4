/**
 * The state a prompt-driven generative page keeps between its controls and its task: the prompt, the choices,
 * the seed used by the last run (drawn when the box is empty, so a result can be made again), and how the
 * prompt was sent.
 */
import { useState } from 'react';
import {
  DEFAULT_CHOICES,
  MAX_IMAGES_PER_RUN,
  MAX_SEED,
  generationParams,
  parseSeed,
  randomSeed,
  seedInvalid,
  type GenerationChoices,
} from '../../../engine/spec/generativeParams';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { useGenerativeTask, type GenerativeTaskView } from '../../tools/useGenerativeTask';
import type { SentAs } from './PromptBox';

export interface GenerationRun {
  task: GenerativeTaskView;
  prompt: string;
  setPrompt(text: string): void;
  choices: GenerationChoices;
  setChoices(next: GenerationChoices): void;
  seedUsed: number | null;
  sentAs: SentAs;
  choicesValid: boolean;
  /**
   * Starts the task with the checked prompt, the choices (unless `choices: false`: tools that keep the photo's
   * size send only the seed), an optional picture and extra params.
   */
  run(
    prompt: string,
    asWritten: boolean,
    sentAs: SentAs,
    extra?: { file?: File | null; params?: Record<string, unknown>; choices?: boolean; promptParam?: string },
  ): void;
}

export function useGenerationRun(taskType: TaskType, initial: Partial<GenerationChoices> = {}): GenerationRun {
  const task = useGenerativeTask(taskType);
  const [prompt, setPrompt] = useState('');
  const [choices, setChoices] = useState<GenerationChoices>({ ...DEFAULT_CHOICES, ...initial });
  const [seedUsed, setSeedUsed] = useState<number | null>(null);
  const [sentAs, setSentAs] = useState<SentAs>(null);
  return {
    task,
    prompt,
    setPrompt,
    choices,
    setChoices,
    seedUsed,
    sentAs,
    choicesValid: !seedInvalid(choices.seed),
    run(text, asWritten, how, extra = {}) {
      const seed = parseSeed(choices.seed) ?? randomSeed();
      setSeedUsed(seed);
      setSentAs(how);
      // One job per image, each with its own seed (seed, seed+1, …), so each picture can be made again alone.
      const count = extra.choices === false ? 1 : Math.min(MAX_IMAGES_PER_RUN, Math.max(1, choices.count));
      const jobs = Array.from({ length: count }, (_, i) => {
        const jobSeed = (seed + i) % (MAX_SEED + 1);
        const base = extra.choices === false ? { seed: jobSeed } : generationParams(choices, jobSeed);
        return { ...base, ...extra.params };
      });
      task.start({ prompt: text, asWritten, file: extra.file, jobs, promptParam: extra.promptParam });
    },
  };
}
