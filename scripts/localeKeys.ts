/**
 * Finds interface strings that no code asks for: keys of the English locale files (the source every
 * other language copies) that appear nowhere in the app, the engine, the machines, the server or the
 * command line. Used by scripts/localeKeys.test.ts; run `npx tsx scripts/localeKeys.ts` to list them.
 *
 * A key counts as used when its full dotted name is written in a (non-test) source file, with or
 * without an i18next plural suffix (`_one`, `_other`…), or when a template literal builds it from
 * one of its parents (`editor.fills.${fill}` uses every `editor.fills.*`) or from a prefix and a suffix
 * (`home.step${step}Title` uses `home.step1Title`, `home.step2Title`…). A key looked up in any other
 * way is not seen: write it out, or build it in a template literal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, isSource } from './sourceFiles';

const SOURCE_DIRS = ['src', 'engine', 'machines', 'server/src', 'cli'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const WORD = /[\w.-]+\.\$\{|[\w.-]+/g;
/** A template literal piece that builds a key: text, one `${…}`, text (`home.step${step}Title`). */
const TEMPLATE = /([\w.-]+)\$\{[^}`]*\}([\w.-]*)/g;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Tree = { [key: string]: string | Tree };

function* leafKeys(tree: Tree, prefix: string): Generator<string> {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') yield key;
    else yield* leafKeys(value, key);
  }
}

/** Every key of the English strings: `locales/en.json` plus each `locales/sections/<area>/en.json` under `<area>`. */
export function englishKeys(root: string): string[] {
  const read = (file: string): Tree => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Tree;
  const keys = [...leafKeys(read('locales/en.json'), '')];
  for (const area of readdirSync(path.join(root, 'locales/sections')).sort()) {
    keys.push(...leafKeys(read(`locales/sections/${area}/en.json`), area));
  }
  return keys;
}

/** The English keys under `root` that no source file asks for, in file order. */
export function unusedLocaleKeys(root: string): string[] {
  // Every dotted word of the sources, and every `prefix.${` a template literal starts a key with.
  const words = new Set<string>();
  const templates: RegExp[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of filesUnder(path.join(root, dir), isSource)) {
      const text = readFileSync(file, 'utf8');
      for (const word of text.match(WORD) ?? []) words.add(word);
      for (const [, prefix, suffix] of text.matchAll(TEMPLATE)) {
        // Only a prefix with a dot names a key family; `${a}${b}` and plain words say nothing.
        if (prefix.includes('.') && !prefix.endsWith('.')) templates.push(new RegExp(`^${escapeRegExp(prefix)}[\\w-]+${escapeRegExp(suffix)}$`));
      }
    }
  }
  const used = (key: string): boolean => {
    if (words.has(key) || words.has(key.replace(PLURAL, ''))) return true;
    const parts = key.split('.');
    for (let i = 1; i < parts.length; i++) if (words.has(`${parts.slice(0, i).join('.')}.\${`)) return true;
    return templates.some((template) => template.test(key));
  };
  return englishKeys(root).filter((key) => !used(key));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const unused = unusedLocaleKeys(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'));
  console.log(unused.length ? unused.join('\n') : 'every locale key is used');
}
