import { createRequire } from 'node:module';
import type { Segmenter } from '../../../engine/textReview';

const require = createRequire(import.meta.url);
let shared: Segmenter | null | undefined;

/**
 * The Chinese word segmenter of the server's text review: jieba (@node-rs/jieba, prebuilt native binary, MIT)
 * with its default dictionary, HMM off (new words guessed by HMM split listed terms unpredictably).
 * Segmentation runs on the server only: the native binary and its 5 MB dictionary do not belong in the browser,
 * whose local check leaves word-dependent Chinese terms to this server's POST /api/text-review.
 * Loaded once, on first use.
 * @returns the segmenter, or null (logged) when the binary cannot load on this platform.
 */
export function jiebaSegmenter(): Segmenter | null {
  if (shared !== undefined) return shared;
  try {
    const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as typeof import('@node-rs/jieba/dict');
    const jieba = Jieba.withDict(dict);
    shared = (text) => jieba.cut(text, false);
  } catch (error) {
    console.error('[textReview] @node-rs/jieba cannot load: Chinese terms are matched as substrings', error);
    shared = null;
  }
  return shared;
}
