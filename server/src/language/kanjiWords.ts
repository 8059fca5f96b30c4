import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Kanji-only Japanese told from Chinese by its words (issue 13): "名前", "日付", "火曜日", "進捗率" are written with
 * characters Chinese also writes, but they are Japanese words and no Chinese ones. Each run of Han characters is cut
 * into the longest words of two word lists, and the list that covers more characters with words of two or more
 * characters wins:
 * - Japanese: the common-word files of IPAdic (Debian `mecab-ipadic`, read at run time from
 *   /usr/share/mecab/dic/ipadic; names of people, places and organisations left out);
 * - Chinese: jieba's dictionary (`@node-rs/jieba/dict.txt`, which the text review loads already), after converting
 *   the text to Simplified characters (so Traditional Chinese is read with the same list).
 * Japanese needs at least one more word's worth of characters than Chinese (two), so a tie ("水族館", "表示",
 * "一時停止": words of both languages) stays Chinese, and a Chinese sentence, which jieba covers, stays Chinese.
 * Without mecab-ipadic the check says "not Japanese" and detection works as before.
 */
const IPADIC = '/usr/share/mecab/dic/ipadic';
const IPADIC_FILES = [
  'Noun.csv',
  'Noun.verbal.csv',
  'Noun.adjv.csv',
  'Noun.adverbal.csv',
  'Noun.nai.csv',
  'Noun.others.csv',
  'Adverb.csv',
  'Adj.csv',
  'Verb.csv',
  'Noun.demonst.csv',
];
const HAN = /^\p{Script=Han}+$/u;
const MAX_WORD = 8;

let japanese: ReadonlySet<string> | null = null;
let chinese: { all: ReadonlySet<string>; common: ReadonlySet<string> } | null = null;
/**
 * jieba's dictionary also carries, at its lowest counts, words that Chinese text hardly uses and Japanese does
 * ("火曜日", "建物", "目次", "解像度": 2-3, where "星期二" has 137 and "目录" 2256). The common words are those
 * counted at least this often.
 */
const COMMON_CHINESE_COUNT = 5;
let warned = false;

function japaneseWords(): ReadonlySet<string> {
  if (japanese) return japanese;
  const words = new Set<string>();
  if (!existsSync(path.join(IPADIC, 'Noun.csv'))) {
    if (!warned) console.warn(`language detection: ${IPADIC} (Debian mecab-ipadic) is missing; kanji-only Japanese is told by its character forms only`);
    warned = true;
    return (japanese = words);
  }
  const decoder = new TextDecoder('euc-jp');
  for (const file of IPADIC_FILES) {
    const full = path.join(IPADIC, file);
    if (!existsSync(full)) continue;
    for (const line of decoder.decode(readFileSync(full)).split('\n')) {
      const surface = line.slice(0, line.indexOf(','));
      if (surface.length >= 2 && surface.length <= MAX_WORD && HAN.test(surface)) words.add(surface);
    }
  }
  return (japanese = words);
}

function chineseWords(): { all: ReadonlySet<string>; common: ReadonlySet<string> } {
  if (chinese) return chinese;
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('@node-rs/jieba/package.json')), 'dict.txt');
  const all = new Set<string>();
  const common = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [word, count] = line.split(' ');
    if (word.length < 2 || !HAN.test(word)) continue;
    all.add(word);
    if (Number(count) >= COMMON_CHINESE_COUNT) common.add(word);
  }
  return (chinese = { all, common });
}

/** Characters of `run` covered by words (2+ characters) of `lexicon`, the cut chosen to cover the most. */
export function coveredByWords(run: string, lexicon: ReadonlySet<string>): number {
  const chars = [...run];
  // best[i]: most characters covered in chars[i..].
  const best = new Array<number>(chars.length + 1).fill(0);
  for (let i = chars.length - 1; i >= 0; i--) {
    best[i] = best[i + 1];
    for (let length = 2; length <= Math.min(MAX_WORD, chars.length - i); length++) {
      if (lexicon.has(chars.slice(i, i + length).join(''))) best[i] = Math.max(best[i], length + best[i + length]);
    }
  }
  return best[0];
}

/**
 * True when the Han characters of `text` read as Japanese words better than as Chinese ones (see the file comment).
 * `toSimplified`: OpenCC's Traditional → Simplified conversion, for the Chinese reading. `commonChineseOnly`: a run
 * that is one Japanese word as a whole ("火曜日", "目次") is read on the Chinese side with jieba's common words only
 * (see {@link COMMON_CHINESE_COUNT}); the caller asks for it only for text that no Traditional-only character marks
 * as Traditional Chinese, whose words jieba's Simplified dictionary knows less well ("再試一次"). A Chinese phrase
 * that Japanese only covers with several words ("一男一女": 一男 + 一女) keeps all of jieba's words.
 * @example readsAsJapaneseWords('日付', toSimplified) // true
 * @example readsAsJapaneseWords('水族館', toSimplified) // false (a word of both)
 * @example readsAsJapaneseWords('火曜日', toSimplified, true) // true ("火曜日" is one of jieba's rarest words)
 */
export function readsAsJapaneseWords(text: string, toSimplified: (text: string) => string, commonChineseOnly = false): boolean {
  const ja = japaneseWords();
  if (ja.size === 0) return false;
  const zh = chineseWords();
  let japaneseCover = 0;
  let chineseCover = 0;
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    if ([...run].length < 2) continue;
    japaneseCover += coveredByWords(run, ja);
    chineseCover += coveredByWords(toSimplified(run), commonChineseOnly && ja.has(run) ? zh.common : zh.all);
  }
  return japaneseCover >= chineseCover + 2;
}
