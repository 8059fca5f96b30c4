/** Reading Debian packages' GNU gettext catalogues into prompt-like strings, for the held-out language-detection sets. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Reads a GNU .mo catalogue: original → translation (context and plural forms dropped: first form only). */
export function readMo(file: string): Map<string, string> {
  const data = readFileSync(file);
  const little = data.readUInt32LE(0) === 0x950412de;
  const u32 = (offset: number) => (little ? data.readUInt32LE(offset) : data.readUInt32BE(offset));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const entry = (table: number, i: number) => data.subarray(u32(table + 8 * i + 4), u32(table + 8 * i + 4) + u32(table + 8 * i)).toString('utf8');
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const original = entry(originals, i).split('\0')[0];
    const translation = entry(translations, i).split('\0')[0];
    if (!original) continue;
    out.set(original.split('\u0004').pop() as string, translation);
  }
  return out;
}

/** A string usable as a prompt: mnemonics and trailing punctuation removed; no placeholders, markup or paths. */
export function clean(text: string): string | null {
  const plain = text
    .replace(/_(?=\p{L})|&(?=\p{L})/gu, '')
    .replace(/[.:…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (/[%{}<>\\/=@#$|[\]_"]|\d/u.test(plain)) return null;
  const words = plain.split(' ');
  // Two kanji make a word ("保存"); Latin needs three letters.
  const letters = (plain.match(/\p{L}/gu) ?? []).length;
  if (words.length > 12 || letters < (/\p{Script=Han}/u.test(plain) ? 2 : 3)) return null;
  // ALL-CAPS names (JPEG, EXIF tags) and camelCase identifiers are not prompts.
  if (/^[\p{Lu}\s-]+$/u.test(plain) || /\p{Ll}\p{Lu}/u.test(plain)) return null;
  return plain;
}

/** A deterministic pick of `count` items spread evenly over `items`. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]);
}

/** A held-out prompt: its ISO 639-3 label and its text. */
export type LabelledPrompt = [string, string];

/**
 * Writes a held-out set as the set builders do (`{source, heldOut}`, one prompt per line): a text that comes twice
 * (a Malay message that is also the Indonesian one, say) is kept once, with its first label. Prints only the counts
 * per language and the English prompts by word count (1/2/3/4+), never a prompt: the builder must not see what it
 * will be measured on. Returns the prompts written.
 */
export function writeHeldOutSet(file: string, source: string, set: readonly LabelledPrompt[], wordCount: (text: string) => number): LabelledPrompt[] {
  const unique = new Map<string, LabelledPrompt>();
  for (const entry of set) if (!unique.has(entry[1].toLowerCase())) unique.set(entry[1].toLowerCase(), entry);
  const final = [...unique.values()];
  const counts = new Map<string, number>();
  for (const [code] of final) counts.set(code, (counts.get(code) ?? 0) + 1);
  const english = final.filter(([code]) => code === 'eng');
  const byLength = [1, 2, 3, 4].map((n) => english.filter(([, t]) => (n < 4 ? wordCount(t) === n : wordCount(t) >= 4)).length);
  const name = path.basename(file, '.json');
  console.log(
    `${name}: ${final.length} prompts, English ${((100 * english.length) / final.length).toFixed(1)} % (1/2/3/4+ words: ${byLength.join('/')})`,
    Object.fromEntries(counts),
  );
  writeFileSync(file, `${JSON.stringify({ source, heldOut: final }, null, 0).replace(/\],\[/g, '],\n[')}\n`);
  return final;
}

/**
 * Downloads (`apt-get download`) and unpacks the Debian packages `debs` once into `cache`; returns the unpacked root and
 * each package's name and version ("tuxpaint-data_1%3a0.9.28-sdl2-1_all.deb" → "tuxpaint-data 1:0.9.28-sdl2-1").
 */
export function unpackDebs(cache: string, debs: readonly string[]): { root: string; versions: string[] } {
  const root = path.join(cache, 'root');
  const debDir = path.join(cache, 'debs');
  if (!existsSync(root)) {
    mkdirSync(debDir, { recursive: true });
    execFileSync('apt-get', ['download', ...debs], { cwd: debDir, stdio: 'inherit' });
    for (const deb of readdirSync(debDir).sort()) execFileSync('dpkg-deb', ['-x', path.join(debDir, deb), root]);
  }
  const versions = readdirSync(debDir)
    .sort()
    .map((deb) =>
      decodeURIComponent(deb)
        .replace(/_[^_]+\.deb$/u, '')
        .replace('_', ' '),
    );
  return { root, versions };
}

/**
 * Keeps a new set apart from the earlier ones: the returned function drops every text that the tuning and held-out
 * halves of languages.json or the held-out sets `earlierFiles` (in `setsDir`) hold, case-insensitively, and returns
 * the rest de-duplicated and sorted.
 */
export function unseenTexts(setsDir: string, earlierFiles: readonly string[]): (texts: Iterable<string | null>) => string[] {
  const seen = new Set<string>();
  const earlier = JSON.parse(readFileSync(path.join(setsDir, 'languages.json'), 'utf8')) as Record<string, LabelledPrompt[]>;
  const heldOut = (file: string) => (JSON.parse(readFileSync(path.join(setsDir, file), 'utf8')) as { heldOut: LabelledPrompt[] }).heldOut;
  for (const set of [earlier.tuning, earlier.heldOut, ...earlierFiles.map(heldOut)]) {
    for (const [, text] of set) seen.add(text.toLowerCase());
  }
  return (texts) => [...new Set([...texts].filter((t): t is string => t !== null))].filter((t) => !seen.has(t.toLowerCase())).sort();
}
