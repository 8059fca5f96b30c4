/**
 * Builds `server/src/language/wordnetWords.txt`, the English words of WordNet 3.0 (Princeton; Debian
 * `wordnet-base`, WordNet 3.0 licence) that SCOWL 70 lacks, for "is this prompt plausibly English?" (issue 13):
 * loanwords of English dishes, plants, animals, things and people ("sashimi", "bourguignon", "tempeh", "geisha")
 * and the word pairs of WordNet's multi-word entries ("con carne" of "chili con carne", "dim sum"), which make
 * both words English only where they stand together in a prompt.
 *
 * Kept to the lexicographer files of concrete nouns (food, plants, animals, artifacts, people, substances, acts,
 * communication, body, objects) and lower-case lemmas: WordNet's names in capitals ("Luna", "Sol") and its rare
 * adjectives and verbs are left out, since foreign words spelled like them would be taken for English.
 *
 * Run: `node --import tsx scripts/buildWordnetWords.ts` (fetches wordnet-base with `apt-get download` into a
 * temporary folder on first use). The output is committed; the server reads no WordNet file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { englishLexiconWithoutWordnet } from '../server/src/language/englishLexicon';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-wordnet');
/** WordNet lexicographer files kept (noun.<name>): see wninput(5WN). */
const NOUN_FILES = new Map([
  [4, 'act'],
  [5, 'animal'],
  [6, 'artifact'],
  [8, 'body'],
  [10, 'communication'],
  [13, 'food'],
  [17, 'object'],
  [18, 'person'],
  [20, 'plant'],
  [27, 'substance'],
]);

function dataNoun(): string {
  const file = path.join(CACHE, 'root', 'usr', 'share', 'wordnet', 'data.noun');
  if (!existsSync(file)) {
    mkdirSync(path.join(CACHE, 'debs'), { recursive: true });
    execFileSync('apt-get', ['download', 'wordnet-base'], { cwd: path.join(CACHE, 'debs'), stdio: 'inherit' });
    for (const deb of readdirSync(path.join(CACHE, 'debs'))) execFileSync('dpkg-deb', ['-x', path.join(CACHE, 'debs', deb), path.join(CACHE, 'root')]);
  }
  return readFileSync(file, 'latin1');
}

const known = englishLexiconWithoutWordnet();
const words = new Set<string>();
const pairs = new Set<string>();
for (const line of dataNoun().split('\n')) {
  // "offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] …" (w_cnt in hexadecimal).
  if (!line || line.startsWith(' ')) continue;
  const fields = line.split(' ');
  if (!NOUN_FILES.has(Number(fields[1]))) continue;
  const count = parseInt(fields[3], 16);
  for (let i = 0; i < count; i++) {
    const lemma = fields[4 + 2 * i].replace(/\([a-z]+\)$/u, '');
    if (lemma !== lemma.toLowerCase() || !/^[a-z](?:[a-z_'-]*[a-z])?$/u.test(lemma)) continue;
    const parts = lemma.split('_');
    if (parts.length === 1) {
      if (!known.has(lemma) && lemma.length >= 3) words.add(lemma);
      continue;
    }
    // Only pairs with a word English lists lack matter ("con carne"; not "ice cream").
    for (let j = 0; j + 1 < parts.length; j++) {
      const [a, b] = [parts[j], parts[j + 1]];
      if (a && b && (!known.has(a) || !known.has(b))) pairs.add(`${a} ${b}`);
    }
  }
}
const out = [...[...words].sort(), ...[...pairs].sort()];
/** The licence asks for its notice and disclaimer on every copy: taken from the package's copyright file. */
function licence(): string {
  const copyright = readFileSync(path.join(CACHE, 'root', 'usr', 'share', 'doc', 'wordnet-base', 'copyright'), 'utf8');
  const text = copyright.slice(copyright.indexOf('License: WordNet3.0'), copyright.indexOf('\nFiles: debian/'));
  return text
    .split('\n')
    .map((line) => `# ${line.trim() === '.' ? '' : line.trim()}`.trimEnd())
    .join('\n');
}
writeFileSync(
  path.join(ROOT, 'server/src/language/wordnetWords.txt'),
  `# English nouns of WordNet 3.0 that SCOWL 70 lacks, then word pairs of its multi-word nouns (Debian wordnet-base;\n# built by scripts/buildWordnetWords.ts). WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.\n${licence()}\n${out.join('\n')}\n`,
);
console.log(`wordnetWords.txt: ${words.size} words, ${pairs.size} pairs`);
