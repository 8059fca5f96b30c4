/**
 * The blog articles: Markdown files `content/blog/<slug>/<lang>.md`. Every article has an English
 * file; a language without its own file shows the English one with a note. Loaded on demand.
 */
import type { Language } from '../../../engine/spec/locales';
import { parseArticle, type Article } from './markdown';

const FILES = import.meta.glob<string>('../../../content/blog/*/*.md', { query: '?raw', import: 'default' });

/** Slug → languages it is written in. */
const INDEX = new Map<string, Set<string>>();
for (const file of Object.keys(FILES)) {
  const match = /\/content\/blog\/([^/]+)\/([^/]+)\.md$/.exec(file);
  if (!match) continue;
  if (!INDEX.has(match[1])) INDEX.set(match[1], new Set());
  INDEX.get(match[1])!.add(match[2]);
}

export interface LoadedArticle extends Article {
  slug: string;
  /** The language of the text shown (the visitor's, or English). */
  lang: string;
}

/** Every article slug, newest first by the `date` front matter once loaded; here in file order. */
export const ARTICLE_SLUGS: readonly string[] = [...INDEX.keys()];

export function hasArticle(slug: string): boolean {
  return INDEX.has(slug);
}

/** One article in `lang`, falling back to English; undefined for an unknown slug. */
export async function loadArticle(slug: string, lang: Language): Promise<LoadedArticle | undefined> {
  const langs = INDEX.get(slug);
  if (!langs) return undefined;
  const shown = langs.has(lang) ? lang : 'en';
  const source = await FILES[`../../../content/blog/${slug}/${shown}.md`]();
  return { slug, lang: shown, ...parseArticle(source) };
}

/** All articles in `lang` (with fallback), newest first. */
export async function loadAllArticles(lang: Language): Promise<LoadedArticle[]> {
  const all = await Promise.all(ARTICLE_SLUGS.map((slug) => loadArticle(slug, lang)));
  return all.filter((a): a is LoadedArticle => a !== undefined).sort((a, b) => (b.meta.date ?? '').localeCompare(a.meta.date ?? ''));
}
