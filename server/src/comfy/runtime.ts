import { loadGenerationConfig, type GenerationConfig } from '../config';
import { processConfig } from '../config/processConfig';
import type { ServerSettings } from '../config/serverConfig';
import { sharedPictureReviewer, type PictureReviewer } from '../models/nsfw/pictureReviewer';
import { openWordListFile, type WordListSource } from '../textReview';
import { ComfyClient } from './comfyClient';
import { HostPool } from './hostPool';
import { WebUiClient } from './webuiClient';

/**
 * What a generative processor needs besides its task: the servers (with their health), the
 * result picture reviewer and the prompt word lists. Built from the process configuration once
 * and kept, so the host pools remember which servers are down.
 */
export interface GenerationRuntime {
  config: GenerationConfig;
  comfyPool: HostPool;
  webuiPool: HostPool;
  /** The result reviewer when ENABLE_PIC_REVIEW is on, else null. */
  pictureReviewer(): PictureReviewer | null;
  /** The prompt word lists when ENABLE_TEXT_REVIEW is on (default), else null. */
  wordLists(): WordListSource | null;
  log(message: string): void;
}

const HEALTH_INTERVAL_MS = 30_000;

export interface RuntimeOptions {
  reviewer?: PictureReviewer | null;
  words?: WordListSource | null;
}

/** Which reviews run on generated pictures and on prompts (ENABLE_PIC_REVIEW, ENABLE_TEXT_REVIEW). */
export interface GenerationReviews {
  picture: boolean;
  text: boolean;
}

/** A runtime from environment-like variables (tests point it at their fake servers). */
export function createGenerationRuntime(options: RuntimeOptions & { env: NodeJS.ProcessEnv }): GenerationRuntime & { close(): void } {
  const { env } = options;
  const reviews = {
    picture: !['0', 'false', 'off', ''].includes((env.ENABLE_PIC_REVIEW ?? '0').toLowerCase()),
    text: !['0', 'false', 'off'].includes((env.ENABLE_TEXT_REVIEW ?? '1').toLowerCase()),
  };
  return generationRuntimeFrom(loadGenerationConfig(env), reviews, options);
}

/** A runtime from a checked configuration; health checks of every server start now and repeat every 30 s while it lives (unref'd timer). */
export function generationRuntimeFrom(
  config: GenerationConfig,
  reviews: GenerationReviews,
  options: RuntimeOptions = {},
): GenerationRuntime & { close(): void } {
  const comfyPool = new HostPool(config.comfy, (url) => new ComfyClient(url, config.comfyHeaders).healthy());
  const webuiPool = new HostPool(config.webui, (url) => new WebUiClient(url, config.webuiHeaders).healthy());
  const check = () => {
    void comfyPool.checkAll();
    void webuiPool.checkAll();
  };
  let timer: NodeJS.Timeout | null = null;
  if (comfyPool.size + webuiPool.size > 0) {
    check();
    timer = setInterval(check, HEALTH_INTERVAL_MS);
    timer.unref();
  }
  const picOn = reviews.picture;
  const textOn = reviews.text;
  let words: WordListSource | null | undefined = options.words;
  return {
    config,
    comfyPool,
    webuiPool,
    pictureReviewer: () => (options.reviewer !== undefined ? options.reviewer : picOn ? sharedPictureReviewer() : null),
    wordLists: () => {
      if (words === undefined) words = textOn ? openWordListFile() : null;
      return words;
    },
    log: (message) => console.warn(`[generation] ${message}`),
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}

let shared: { settings: ServerSettings; rt: GenerationRuntime & { close(): void } } | null = null;

/** The process-wide runtime of `settings` (default: the process configuration), rebuilt when given another one (tests). */
export function sharedGenerationRuntime(settings: ServerSettings = processConfig()): GenerationRuntime {
  if (!shared || shared.settings !== settings) {
    shared?.rt.close();
    const { enablePicReview, enableTextReview } = settings.security.appConfig;
    shared = { settings, rt: generationRuntimeFrom(settings.generation, { picture: enablePicReview, text: enableTextReview }) };
  }
  return shared.rt;
}
