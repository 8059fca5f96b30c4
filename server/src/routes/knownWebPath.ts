/**
 * Which browser paths are pages of the app, so an unknown one is answered with a real 404 status
 * (the app still renders its 404 page in the body). Uses the app's own route table and language
 * prefix rules, so server and client cannot disagree.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitLocalePath } from '../../../engine/site/localePath';
import { findRoute } from '../../../engine/site/routes';

const BLOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/blog');

/** The article slugs (folders of content/blog). */
export function blogSlugs(dir: string = BLOG_DIR): Set<string> {
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
}

/**
 * True when `pathname` (without query) is a page: a route of the table under any language prefix
 * (or none: the app redirects it), or a blog article. `/404` itself counts as unknown.
 * @example isKnownWebPath('/de/tools', new Set()) // true
 */
export function isKnownWebPath(pathname: string, slugs: ReadonlySet<string>): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const { rest } = splitLocalePath(decoded);
  if (rest === '/404') return false;
  if (findRoute(rest)) return true;
  const article = /^\/blog\/([^/]+)$/.exec(rest);
  return article !== null && slugs.has(article[1]);
}
