import { loadGenerationConfig, type GenerationConfig } from '../config';
import { sharedPictureReviewer, type PictureReviewer } from '../models/nsfw/pictureReviewer';
import { openWordListFile, type WordListSource } from '../textReview';
import { ComfyClient } from './comfyClient';
import { HostPool } from './hostPool';
import { WebUiClient } from './webuiClient';

/**
 * What a generative processor needs besides its task: the servers (with their health), the
 * result picture reviewer and the prompt word lists. Built from the environment once per
 * configuration and kept, so the host pools remember which servers are down.
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
  env?: NodeJS.ProcessEnv;
  reviewer?: PictureReviewer | null;
  words?: WordListSource | null;
}

/** A runtime from `env`; health checks of every server start now and repeat every 30 s while it lives (unref'd timer). */
export function createGenerationRuntime(options: RuntimeOptions = {}): GenerationRuntime & { close(): void } {
  const env = options.env ?? process.env;
  const config = loadGenerationConfig(env);
  const comfyPool = new HostPool(config.comfy, (url) => new ComfyClient(url, config.comfyHeaders).healthy());
  const webuiPool = new HostPool(config.webui, (url) => new WebUiClient(url, config.webuiHeaders).healthy());
  const check = () => { void comfyPool.checkAll(); void webuiPool.checkAll(); };
  let timer: NodeJS.Timeout | null = null;
  if (comfyPool.size + webuiPool.size > 0) {
    check();
    timer = setInterval(check, HEALTH_INTERVAL_MS);
    timer.unref();
  }
  const picOn = !['0', 'false', 'off', ''].includes((env.ENABLE_PIC_REVIEW ?? '0').toLowerCase());
  const textOn = !['0', 'false', 'off'].includes((env.ENABLE_TEXT_REVIEW ?? '1').toLowerCase());
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
    close: () => { if (timer) clearInterval(timer); },
  };
}

let shared: { key: string; rt: GenerationRuntime & { close(): void } } | null = null;

/** The process-wide runtime, rebuilt when the generation variables change (tests, operators' reloads). */
export function sharedGenerationRuntime(env: NodeJS.ProcessEnv = process.env): GenerationRuntime {
  const key = JSON.stringify([env.COMFYUI_URL, env.WEBUI_URL, env.COMFYUI_TOKEN, env.COMFYUI_TOKEN_HEADER, env.WEBUI_AUTH, env.GENERATION_TIMEOUT_S, env.COMFYUI_WORKFLOW_DIR, env.ENABLE_PIC_REVIEW, env.ENABLE_TEXT_REVIEW]);
  if (!shared || shared.key !== key) {
    shared?.rt.close();
    shared = { key, rt: createGenerationRuntime({ env }) };
  }
  return shared.rt;
}
