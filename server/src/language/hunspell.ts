import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packStems, readStemTable, type StemTable } from './stemTable';

/**
 * A small reader of Hunspell dictionaries (.aff + .dic, as Debian's `hunspell-*` packages install them), enough to
 * answer "is this a word of the language?" for language detection (issue 13). It knows stems, one prefix and one
 * suffix rule per word (with their conditions and the three flag formats), and optionally compounds of up to four
 * parts (German, Dutch); it ignores compound rules, NEEDAFFIX and FORBIDDENWORD, so it accepts a few more strings than
 * Hunspell would, which only matters for made-up words.
 */

interface Affix {
  flag: string;
  strip: string;
  add: string;
  condition: RegExp;
}

type FlagFormat = 'char' | 'long' | 'num';

export interface HunspellDictionary {
  /** True when `word` (any case) is a word of the dictionary: a stem, or a stem with one prefix and/or one suffix. */
  has(word: string): boolean;
}

function flagsOf(raw: string, format: FlagFormat): string[] {
  if (format === 'num') return raw.split(/[,\s]+/u).filter(Boolean);
  if (format === 'long') return raw.split(/\s+/u).flatMap((part) => part.match(/[^]{1,2}/gu) ?? []);
  return [...raw.replace(/\s+/gu, '')];
}

/** Hunspell conditions are regular-expression classes and dots: "[^aeiou]y", "[^c]er", "." */
function conditionRegExp(condition: string, suffix: boolean): RegExp {
  const body = condition === '.' ? '' : condition.replace(/[-\\^$*+?(){}|]/gu, (c) => (c === '^' || c === '-' ? c : `\\${c}`));
  try {
    return new RegExp(suffix ? `${body}$` : `^${body}`, 'u');
  } catch {
    return /$^/u; // An unreadable condition never matches: the rule is skipped.
  }
}

type LoadOptions = {
  compounds?: boolean;
  capitalised?: boolean;
  /**
   * A folder for the packed stems (see stemTable.ts): read from there when a file for this very .dic (size, date,
   * options) is present, else the .dic is parsed and the packed file written for the next process. A folder that
   * cannot be written only costs the parse next time.
   */
  cacheDir?: string;
};

/** Version of the packed file; a change of stemTable.ts's layout or of the .dic reading bumps it. */
const PACKED_VERSION = 1;

function cacheFileOf(dicPath: string, options: LoadOptions): string | null {
  if (!options.cacheDir) return null;
  const { size, mtimeMs } = statSync(dicPath);
  const name = `${path.basename(dicPath, '.dic')}-${size}-${Math.round(mtimeMs)}-${options.capitalised ? 'c' : 'l'}-v${PACKED_VERSION}.stems`;
  return path.join(options.cacheDir, name);
}

function readCached(file: string | null): StemTable | null {
  if (!file) return null;
  try {
    return readStemTable(readFileSync(file));
  } catch {
    return null; // Absent or unreadable: parsed again.
  }
}

function writeCached(file: string | null, data: () => Buffer): void {
  if (!file) return;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed, so that a process reading at the same time never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data());
    renameSync(temporary, file);
    // The packed copies of an older .dic of the same list are of no more use.
    const list = `${path.basename(file).split('-')[0]}-`;
    for (const old of readdirSync(path.dirname(file))) {
      if (old.startsWith(list) && old.endsWith('.stems') && old !== path.basename(file)) rmSync(path.join(path.dirname(file), old), { force: true });
    }
  } catch (err) {
    console.warn(`language detection: could not keep the packed word list ${file}; it is parsed again next time`, err);
  }
}

/** Loads a dictionary from its two files (the encoding is read from the .aff's SET line), in one go. */
export function loadHunspell(affPath: string, dicPath: string, options: LoadOptions = {}): HunspellDictionary {
  const steps = build(affPath, dicPath, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link loadHunspell} that hands the event loop back every 20,000 entries: the large lists (Turkish, Polish,
 * Portuguese) take seconds to read, which a server must not spend in one block.
 */
export async function loadHunspellAsync(affPath: string, dicPath: string, options: LoadOptions = {}): Promise<HunspellDictionary> {
  // Also once before starting: a packed list is read in one block of ~0.1-0.3 s, so lists load one per turn.
  await new Promise((resolve) => setImmediate(resolve));
  const steps = build(affPath, dicPath, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function* build(affPath: string, dicPath: string, options: LoadOptions): Generator<void, HunspellDictionary> {
  const affBytes = readFileSync(affPath);
  const encoding = /^SET\s+(\S+)/mu.exec(affBytes.toString('latin1'))?.[1]?.toLowerCase() ?? 'utf-8';
  const decode = (bytes: Buffer) => new TextDecoder(encoding === 'iso8859-1' ? 'latin1' : encoding.replace(/^iso(\d)/u, 'iso-$1')).decode(bytes);
  const aff = decode(affBytes);
  const flagLine = /^FLAG\s+(\S+)/mu.exec(aff)?.[1];
  const format: FlagFormat = flagLine === 'long' ? 'long' : flagLine === 'num' ? 'num' : 'char';

  const suffixes = new Map<string, Affix[]>();
  const prefixes = new Map<string, Affix[]>();
  const conditions = new Map<string, RegExp>();
  let longestSuffix = 0;
  let longestPrefix = 0;
  for (const line of aff.split('\n')) {
    const parts = line.trim().split(/\s+/u);
    if ((parts[0] !== 'SFX' && parts[0] !== 'PFX') || parts.length < 5) continue;
    const suffix = parts[0] === 'SFX';
    const add = parts[3] === '0' ? '' : parts[3].split('/')[0].toLowerCase();
    // Thousands of rules share a few hundred conditions (Portuguese: 26,000 rules): one RegExp each.
    const conditionKey = `${parts[0]} ${parts[4].toLowerCase()}`;
    let condition = conditions.get(conditionKey);
    if (!condition) conditions.set(conditionKey, (condition = conditionRegExp(parts[4].toLowerCase(), suffix)));
    const affix: Affix = { flag: parts[1], strip: parts[2] === '0' ? '' : parts[2].toLowerCase(), add, condition };
    const table = suffix ? suffixes : prefixes;
    const same = table.get(add);
    if (same) same.push(affix);
    else table.set(add, [affix]);
    if (suffix) longestSuffix = Math.max(longestSuffix, add.length);
    else longestPrefix = Math.max(longestPrefix, add.length);
  }

  const cacheFile = cacheFileOf(dicPath, options);
  let stems = readCached(cacheFile);
  if (!stems) {
    const packed = packStems(yield* readStems(dicPath, decode, options));
    writeCached(cacheFile, packed.toBuffer);
    stems = packed.table;
  }
  const table = stems;

  // Flag strings repeat across stems (a few thousand distinct ones per list): each is split once.
  const flagSets = new Map<string, ReadonlySet<string>>();
  const hasFlag = (stem: string, flag: string) => {
    const raw = table.get(stem);
    if (raw === undefined) return false;
    let set = flagSets.get(raw);
    if (!set) flagSets.set(raw, (set = new Set(flagsOf(raw, format))));
    return set.has(flag);
  };

  /** `word` is a stem, or a stem with one suffix; `prefixFlag`: the stem must also take that prefix. */
  function withSuffix(word: string, prefixFlag?: string): boolean {
    const allows = (stem: string) => prefixFlag === undefined || hasFlag(stem, prefixFlag);
    if (table.get(word) !== undefined && allows(word)) return true;
    for (let length = 0; length <= Math.min(longestSuffix, word.length - 1); length++) {
      const rules = suffixes.get(length === 0 ? '' : word.slice(-length));
      if (!rules) continue;
      const base = word.slice(0, word.length - length);
      for (const rule of rules) {
        const stem = base + rule.strip;
        if (rule.condition.test(stem) && hasFlag(stem, rule.flag) && allows(stem)) return true;
      }
    }
    return false;
  }

  function known(word: string): boolean {
    if (withSuffix(word)) return true;
    for (let length = 1; length <= Math.min(longestPrefix, word.length - 2); length++) {
      for (const rule of prefixes.get(word.slice(0, length)) ?? []) {
        const rest = rule.strip + word.slice(length);
        if (!rule.condition.test(rest)) continue;
        if (withSuffix(rest, rule.flag)) return true;
      }
    }
    return false;
  }

  /**
   * Compounds of up to four known parts ("Sonnen|unter|gang", "breuk|streep"), with German/Dutch linking s. Four,
   * because a German word the list lacks and no other list has would otherwise count as no evidence of German
   * ("Befehls|zeilen|schnitt|stelle", see foreignEvidence.ts); every part must be a known word of 3+ letters, which
   * keeps made-up words out and the search short (a few ms for a 100-letter word).
   */
  function compound(word: string, depth: number): boolean {
    for (let cut = 3; cut <= word.length - 3; cut++) {
      const head = word.slice(0, cut);
      if (!(known(head) || (head.endsWith('s') && head.length > 3 && known(head.slice(0, -1))))) continue;
      const tail = word.slice(cut);
      if (known(tail) || (depth < 2 && compound(tail, depth + 1))) return true;
    }
    return false;
  }

  return {
    has(written: string) {
      const word = written.normalize('NFC').replace(/’/gu, "'").toLowerCase();
      if (known(word)) return true;
      return options.compounds === true && compound(word, 0);
    },
  };
}

/** Stem (lower case) → its flags (several homographs' flags joined by a space), yielding every 20,000 lines. */
function* readStems(dicPath: string, decode: (bytes: Buffer) => string, options: LoadOptions): Generator<void, Map<string, string>> {
  const stems = new Map<string, string>();
  const lines = decode(readFileSync(dicPath)).split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (i % 20_000 === 0) yield;
    const entry = lines[i]
      .replace(/^\uFEFF/u, '')
      .split(/\t|\s+\p{L}{2}:/u)[0]
      .trim();
    if (!entry) continue;
    const slash = entry.search(/(?<!\\)\//u);
    const written = (slash < 0 ? entry : entry.slice(0, slash)).replace(/\\\//gu, '/');
    // Capitalised entries are mostly names ("Sun", "The", "Amr"), which say nothing about the language; German
    // keeps them (its nouns are capitalised).
    if (!options.capitalised && /^\p{Lu}/u.test(written)) continue;
    const stem = written.toLowerCase();
    const flags = slash < 0 ? '' : entry.slice(slash + 1);
    const before = stems.get(stem);
    stems.set(stem, before === undefined ? flags : `${before} ${flags}`);
  }
  return stems;
}
