import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createTextReviewer, normalizeWordLists, type SensitiveWordLists, type TextReviewer } from '../../../engine/textReview';
import { processConfig } from '../config/processConfig';
import { englishLexicon } from '../language/englishLexicon';
import { toSimplifiedChinese } from '../language/hanScript';
import { jiebaSegmenter } from './jiebaSegmenter';
import { pinyinForms } from './pinyinForms';

// SENSITIVE_WORDS_FILE is read with the rest of the configuration (server/src/config).
export { DEFAULT_WORDS_FILE, wordListPath } from '../config/paths';

/** One successfully read version of the word-list file. */
export interface LoadedWordLists {
  lists: SensitiveWordLists;
  reviewer: TextReviewer;
  /** The cleaned lists as served by `GET /api/config/sensitive-words`. */
  body: string;
  etag: string;
}

/** The word lists, re-read when the file changes. */
export interface WordListSource {
  readonly file: string;
  /** The current lists: re-reads the file first when its mtime or size changed. */
  current(): Promise<LoadedWordLists>;
}

function build(file: string, text: string): LoadedWordLists {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const { lists, rejected } = normalizeWordLists(json);
  if (rejected.length > 0) console.warn(`[textReview] ${file}: left out ${rejected.length} entries: ${rejected.join('; ')}`);
  const body = JSON.stringify(lists);
  return { lists, reviewer: createServerTextReviewer(lists), body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
}

/**
 * The server's reviewer: the shared matcher with jieba for Chinese words, Traditional characters read as Simplified
 * (OpenCC), the English lexicon for listed words glued to others, and the pinyin of every Chinese term on the
 * English list. Should jieba fail to load, every Chinese term is matched as a substring (the whole text as one
 * word), which errs on the side of blocking.
 */
export function createServerTextReviewer(lists: SensitiveWordLists): TextReviewer {
  const lexicon = englishLexicon();
  const withPinyin = { ...lists, en: [...new Set([...lists.en, ...pinyinForms([...lists.zh, ...lists['zh-tw']])])] };
  return createTextReviewer(withPinyin, {
    segment: jiebaSegmenter() ?? ((text) => [text]),
    foldScript: toSimplifiedChinese,
    isWord: (word) => lexicon.has(word),
  });
}

interface Version {
  mtimeMs: number;
  size: number;
}

/**
 * Reads the word-list file now (a missing or malformed file stops the server at start with a clear error) and
 * again whenever its mtime or size changes, so moderators edit the JSON without a restart. A later edit that
 * breaks the file is logged once and the last good lists stay in use.
 * @throws Error naming the file when it cannot be read or is not a valid word-list object.
 */
export function openWordListFile(file: string = processConfig().wordListPath): WordListSource {
  let loaded: LoadedWordLists;
  let seen: Version;
  try {
    // Stat before reading: if the file changes in between, the next request sees a newer mtime and re-reads.
    const { mtimeMs, size } = statSync(file);
    seen = { mtimeMs, size };
    loaded = build(file, readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`sensitive-word lists: cannot load ${file}: ${(error as Error).message}`);
  }
  let pending: Promise<LoadedWordLists> | null = null;

  async function refresh(): Promise<LoadedWordLists> {
    const stats = await stat(file).catch(() => null);
    if (!stats || (stats.mtimeMs === seen.mtimeMs && stats.size === seen.size)) return loaded;
    // Remember the version first: a broken file is reported once, not on every request.
    seen = { mtimeMs: stats.mtimeMs, size: stats.size };
    try {
      loaded = build(file, await readFile(file, 'utf8'));
      console.info(`[textReview] reloaded ${file}`);
    } catch (error) {
      console.error(`[textReview] keeping the previous lists: ${file} cannot be used: ${(error as Error).message}`);
    }
    return loaded;
  }

  return {
    file,
    current() {
      pending ??= refresh().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
