import { compactEntry } from './textView';
import { WORD_LIST_KEYS, type SensitiveWordLists } from './types';

const HAN = /\p{Script=Han}/gu;

/** The result of {@link normalizeWordLists}: clean lists plus the entries that were dropped, for a log line. */
export interface NormalizedWordLists {
  lists: SensitiveWordLists;
  /** `key: entry (reason)` for every entry left out. */
  rejected: string[];
}

/**
 * Checks and cleans word lists read from JSON: trims entries, drops blanks and repeats (case-insensitively) and
 * drops Chinese entries with fewer than two Han characters (a single character such as 逼 or 性 flags innocent
 * words like 逼真 and 性感), and English entries shorter than two characters.
 * A missing key counts as an empty list.
 * @throws TypeError when `value` is not an object, has an unknown key (a typo such as "zh_tw" would silently
 *   disable a list) or a list is not an array of strings.
 */
export function normalizeWordLists(value: unknown): NormalizedWordLists {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('sensitive-word lists must be a JSON object with the keys en, zh, zh-tw, allow');
  }
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(WORD_LIST_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new TypeError(`unknown sensitive-word list key(s): ${unknown.join(', ')}`);

  const rejected: string[] = [];
  const lists = { en: [], zh: [], 'zh-tw': [], allow: [] } as SensitiveWordLists;
  for (const key of WORD_LIST_KEYS) {
    const entries = record[key] ?? [];
    if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string')) {
      throw new TypeError(`sensitive-word list "${key}" must be an array of strings`);
    }
    const seen = new Set<string>();
    for (const raw of entries as string[]) {
      const entry = raw.trim();
      const folded = entry.toLowerCase();
      if (!entry || seen.has(folded)) continue;
      const reason = rejectionReason(key, entry);
      if (reason) {
        rejected.push(`${key}: ${entry} (${reason})`);
        continue;
      }
      seen.add(folded);
      lists[key].push(entry);
    }
  }
  return { lists, rejected };
}

function rejectionReason(key: (typeof WORD_LIST_KEYS)[number], entry: string): string | null {
  if (key === 'zh' || key === 'zh-tw') {
    return (compactEntry(entry).match(HAN)?.length ?? 0) < 2 ? 'fewer than 2 Han characters' : null;
  }
  if (key === 'en') return [...compactEntry(entry)].length < 2 ? 'shorter than 2 characters' : null;
  return null;
}
