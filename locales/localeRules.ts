/**
 * The rules every translation must follow, as pure functions so the test can
 * run them on the real files and on deliberately broken samples.
 */
import type { Messages } from './index';

/** `{ nav: { tools: 'Tools' } }` → `{ 'nav.tools': 'Tools' }`; non-string leaves are kept to be reported. */
export function flatten(messages: Messages, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(out, flatten(value as Messages, `${prefix}${key}.`));
    } else {
      out[prefix + key] = value;
    }
  }
  return out;
}

/** The `{{name}}` variables of a message, sorted and de-duplicated. */
export function interpolationVars(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([\w.]+)(?:\s*,[^}]*)?\s*\}\}/g)].map((match) => match[1]);
  return [...new Set(names)].sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The plural forms a language needs (CLDR, as i18next picks them through Intl.PluralRules):
 * `en` one/other, `ru` one/few/many/other, `ja` only other.
 */
export function pluralCategories(lang: string): string[] {
  const locale = lang === 'zh-tw' ? 'zh-TW' : lang;
  return [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories];
}

/**
 * Keys of `flat` that are plural forms (`n_one`, `n_other`) of a base key whose English source has
 * an `_other` form; i18next picks the form from `count`, so each language has its own set.
 */
function pluralBases(source: Record<string, unknown>): Set<string> {
  const bases = new Set<string>();
  for (const key of Object.keys(source)) if (key.endsWith('_other')) bases.add(key.slice(0, -'_other'.length));
  return bases;
}

/**
 * Everything wrong with one locale compared with English. `sameAsEnglish` lists
 * keys allowed to read exactly like English (brand names, loanwords). Plural keys
 * (`x_one`, `x_other`, …) must carry exactly the forms the language's plural rules need.
 */
export function localeProblems(lang: string, en: Messages, other: Messages, sameAsEnglish: readonly string[] = []): string[] {
  const source = flatten(en);
  const target = flatten(other);
  const problems: string[] = [];
  const allowed = new Set(sameAsEnglish);
  const plurals = pluralBases(source);
  const needed = pluralCategories(lang);
  const baseOf = (key: string) => {
    const base = key.replace(PLURAL_SUFFIX, '');
    return base !== key && plurals.has(base) ? base : null;
  };
  /** The English text a target key is checked against: the same key, or the `_other` form for plural keys. */
  const englishFor = (key: string): string | undefined => {
    const base = baseOf(key);
    if (base) return (source[key] ?? source[`${base}_other`]) as string;
    return source[key] as string | undefined;
  };

  for (const key of Object.keys(source)) {
    if (baseOf(key)) continue;
    if (!(key in target)) problems.push(`${lang}: missing ${key}`);
  }
  for (const base of plurals) {
    for (const form of needed) if (!(`${base}_${form}` in target)) problems.push(`${lang}: missing ${base}_${form}`);
  }
  for (const [key, value] of Object.entries(target)) {
    const base = baseOf(key);
    if (base ? !needed.includes(key.slice(base.length + 1)) : !(key in source)) {
      problems.push(`${lang}: extra key ${key} (not in en.json${base ? ` nor a plural form of ${lang}` : ''})`);
      continue;
    }
    if (typeof value !== 'string') {
      problems.push(`${lang}: ${key} is not a string`);
      continue;
    }
    if (value.trim() === '') {
      problems.push(`${lang}: ${key} is empty`);
      continue;
    }
    const english = englishFor(key)!;
    const expected = interpolationVars(english).join(',');
    const actual = interpolationVars(value).join(',');
    // A plural form may leave the number out ("one credit" in some languages), never add another variable.
    const varsOk = base ? interpolationVars(value).every((v) => interpolationVars(english).includes(v)) : expected === actual;
    if (!varsOk) problems.push(`${lang}: ${key} has variables {${actual}}, en has {${expected}}`);
    if (lang !== 'en' && value === english && !allowed.has(key)) {
      problems.push(`${lang}: ${key} is identical to English ("${value}"); translate it or add it to sameAsEnglish.json`);
    }
  }
  // An allow-list entry that is no longer needed hides nothing today but would hide a regression tomorrow.
  for (const key of allowed) {
    if (!(key in source)) problems.push(`${lang}: sameAsEnglish lists unknown key ${key}`);
  }
  return problems;
}
