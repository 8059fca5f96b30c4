/**
 * SPEC §2 analytics names derived from the route: the page-name key every page view carries and
 * the page-type record kept for the pages that have one. Pure, so the router, the sink and the
 * tests share it.
 */

/** SPEC §2 page-name keys. */
export const PAGE_NAME_KEYS = [
  'none',
  'main',
  'create',
  'sign-up',
  'log-in',
  'project',
  'cutouts',
  'pricing',
  'order',
  'photo-enhancer',
  'background-remover',
  'background-changer',
  'ai-image-extender',
  'ai-elimination',
  'id-photo-maker',
  'ai-image-generator',
  'image-to-image-ai',
] as const;
export type PageNameKey = (typeof PAGE_NAME_KEYS)[number];

/** SPEC §2 page types. */
export const PAGE_TYPES = ['pricing', 'order', 'photo-enhancer', 'background-changer', 'background-remover', 'create', 'project', 'cutouts'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Route path (after the language prefix) → page-name key; the first matching prefix wins. */
const NAME_BY_PREFIX: ReadonlyArray<readonly [string, PageNameKey]> = [
  ['/create', 'create'],
  ['/sign-up', 'sign-up'],
  ['/log-in', 'log-in'],
  ['/project', 'project'],
  ['/cutouts', 'cutouts'],
  ['/pricing', 'pricing'],
  ['/order', 'order'],
  ['/tools/photo-enhancer', 'photo-enhancer'],
  ['/tools/background-remover', 'background-remover'],
  ['/tools/background-changer', 'background-changer'],
  ['/tools/ai-image-extender', 'ai-image-extender'],
  ['/tools/magic-eraser-with-ai-detection', 'ai-elimination'],
  ['/tools/id-photo-maker', 'id-photo-maker'],
  ['/tools/id-photo-edit', 'id-photo-maker'],
  ['/ai-image-generator', 'ai-image-generator'],
  ['/image-to-image-ai', 'image-to-image-ai'],
];

function matches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/');
}

/**
 * The page-name key of a path after the language prefix: `main` for home, `none` for pages
 * without their own key.
 * @example pageNameOf('/tools/magic-eraser-with-ai-detection') // 'ai-elimination'
 */
export function pageNameOf(path: string): PageNameKey {
  if (path === '/' || path === '') return 'main';
  return NAME_BY_PREFIX.find(([prefix]) => matches(path, prefix))?.[1] ?? 'none';
}

/**
 * The page-type record of a path, or null when the page has none (SPEC §2 lists eight types).
 * @example pageTypeOf('/create/edit') // 'create'
 */
export function pageTypeOf(path: string): PageType | null {
  const name = pageNameOf(path);
  return (PAGE_TYPES as readonly string[]).includes(name) ? (name as PageType) : null;
}
