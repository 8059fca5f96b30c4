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

/**
 * Everything wrong with one locale compared with English. `sameAsEnglish` lists
 * keys allowed to read exactly like English (brand names, loanwords).
 */
export function localeProblems(
  lang: string,
  en: Messages,
  other: Messages,
  sameAsEnglish: readonly string[] = [],
): string[] {
  const source = flatten(en);
  const target = flatten(other);
  const problems: string[] = [];
  const allowed = new Set(sameAsEnglish);

  for (const key of Object.keys(source)) {
    if (!(key in target)) problems.push(`${lang}: missing ${key}`);
  }
  for (const [key, value] of Object.entries(target)) {
    if (!(key in source)) {
      problems.push(`${lang}: extra key ${key} (not in en.json)`);
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
    const english = source[key] as string;
    const expected = interpolationVars(english).join(',');
    const actual = interpolationVars(value).join(',');
    if (expected !== actual) problems.push(`${lang}: ${key} has variables {${actual}}, en has {${expected}}`);
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
