/**
 * Generated evasions of every listed word (issue 13 item 3): the disguises users type to slip a word past a
 * filter. The transformations are written here from the descriptions of the evasions (not from the matcher's
 * tables), and each evasion is generated for every entry of the project's lists.
 * - tuning: one disguise at a time, the word alone;
 * - held-out: two disguises combined, inside a sentence of the held-out innocent set.
 */
import type { SensitiveWordLists } from '../../../../engine/textReview';

export interface Evasion {
  lang: 'en' | 'zh';
  kind: string;
  text: string;
}

type Transform = (word: string) => string;
const mapLetters =
  (table: Record<string, string>): Transform =>
  (word) =>
    [...word].map((ch) => table[ch] ?? ch).join('');
const eachLetter =
  (join: string): Transform =>
  (word) =>
    word
      .split(' ')
      .map((w) => [...w].join(join))
      .join(' ');

/** English disguises, by name. */
export const ENGLISH_TRANSFORMS: Readonly<Record<string, Transform>> = {
  'upper case': (w) => w.toUpperCase(),
  'mixed case': (w) => [...w].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join(''),
  hashtag: (w) => `#${w.replace(/ /g, '')}`,
  'full-width': (w) => [...w].map((ch) => (ch >= '!' && ch <= '~' ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch)).join(''),
  spaced: eachLetter(' '),
  dotted: eachLetter('.'),
  dashed: (w) => (w.length > 3 ? `${w.slice(0, 2)}-${w.slice(2)}` : eachLetter('-')(w)),
  'l33t digits': mapLetters({ a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', g: '9', b: '8' }),
  'l33t symbols': mapLetters({ a: '@', s: '$', i: '!' }),
  'zero-width': eachLetter('\u200b'),
  cyrillic: mapLetters({ a: 'а', c: 'с', e: 'е', o: 'о', p: 'р', x: 'х', y: 'у', i: 'і', s: 'ѕ', h: 'һ', j: 'ј' }),
  greek: mapLetters({ o: 'ο', a: 'α', i: 'ι', p: 'ρ', k: 'κ', t: 'τ', u: 'υ', v: 'ν', n: 'η', x: 'χ' }),
  'repeated letters': (w) => [...w].map((ch, i) => (i === 1 ? ch.repeat(4) : ch)).join(''),
  plural: (w) => (w.endsWith('s') ? `${w}es` : `${w}s`),
  '-ing': (w) => (w.endsWith('e') ? `${w.slice(0, -1)}ing` : `${w}ing`),
  '-ed/-er': (w) => (w.endsWith('e') ? `${w}r` : `${w}er`),
  accents: mapLetters({ a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ' }),
};

/** Chinese disguises, by name. */
export const CHINESE_TRANSFORMS: Readonly<Record<string, Transform>> = {
  '，inside': (w) => [...w].join('，'),
  '。inside': (w) => [...w].join('。'),
  'space inside': (w) => [...w].join(' '),
  '* inside': (w) => [...w].join('*'),
  'zero-width inside': (w) => [...w].join('\u200b'),
  'Latin letter inside': (w) => [...w].join('x'),
  'emoji inside': (w) => [...w].join('😀'),
  'full-width space inside': (w) => [...w].join('\u3000'),
  'as a sentence': (w) => `这张图片${w}内容`,
};

const listedWords = (lists: SensitiveWordLists) => ({
  en: lists.en.filter((w) => /^[a-z ]+$/i.test(w)),
  zh: [...new Set([...lists.zh, ...lists['zh-tw']])],
});

/** One disguise at a time, every listed word alone. */
export function tuningEvasions(lists: SensitiveWordLists): Evasion[] {
  const { en, zh } = listedWords(lists);
  return [
    ...en.flatMap((word) => Object.entries(ENGLISH_TRANSFORMS).map(([kind, t]) => ({ lang: 'en' as const, kind, text: t(word) }))),
    ...zh.flatMap((word) => Object.entries(CHINESE_TRANSFORMS).map(([kind, t]) => ({ lang: 'zh' as const, kind, text: t(word) }))),
  ];
}

/** Two disguises combined (each with the next in the table), inside held-out sentences. */
export function heldOutEvasions(lists: SensitiveWordLists, carriers: { en: readonly string[]; zh: readonly string[] }): Evasion[] {
  const { en, zh } = listedWords(lists);
  const combine = (table: Readonly<Record<string, Transform>>) => {
    const entries = Object.entries(table);
    return entries.map(([kind, t], i) => {
      const [nextKind, next] = entries[(i + 3) % entries.length];
      return [`${kind} + ${nextKind}`, (w: string) => next(t(w))] as const;
    });
  };
  const out: Evasion[] = [];
  let n = 0;
  for (const word of en) {
    for (const [kind, t] of combine(ENGLISH_TRANSFORMS)) out.push({ lang: 'en', kind, text: `${carriers.en[n++ % carriers.en.length]} ${t(word)}` });
  }
  for (const word of zh) {
    for (const [kind, t] of combine(CHINESE_TRANSFORMS)) out.push({ lang: 'zh', kind, text: `${carriers.zh[n++ % carriers.zh.length]}${t(word)}` });
  }
  return out;
}
