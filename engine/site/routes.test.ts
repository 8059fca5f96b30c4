import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../locales';
import { flatten } from '../../locales/localeRules';
import { splitLocalePath } from './localePath';
import { BACKGROUND_REMOVER_PATH, ROUTES, TOOL_GROUPS, findRoute } from './routes';

/** Every path of SPEC §2 (the product-photography landings named by their backgrounds). */
const SPEC_PATHS = [
  '/', '/tools', '/pricing', '/order', '/account', '/log-in', '/sign-up', '/blog', '/template', '/help', '/about', '/404',
  '/privacy-policy', '/term-of-use', '/cookies-policy',
  '/create', '/create/edit', '/project', '/cutouts',
  '/tools/background-remover', '/tools/background-changer', '/tools/photo-enhancer',
  '/tools/magic-eraser-with-ai-detection', '/tools/ai-image-extender', '/tools/id-photo-maker',
  '/tools/id-photo-edit', '/tools/blur-background',
  '/product-photography/white-background', '/product-photography/green-background',
  '/product-photography/blue-background', '/ai-background',
  '/ai-image-generator', '/ai-image-generator/create', '/image-to-image-ai', '/image-to-image-ai/create',
  '/ai-replace', '/ai-replace/ai-clothes-changer', '/ai-replace/ai-virtual-try-on-product', '/ai-replace/background-replacer',
  '/batch', '/batch-edit', '/batch-edit/bulk-image-enhancer', '/batch-edit/bulk-background-remover',
  '/batch-edit/bulk-background-changer', '/batch-edit/bulk-image-resizer', '/batch-edit/edit',
];

/** Pages for whoever runs the server, not in SPEC §2. */
const OPERATOR_PATHS = ['/admin/stats'];
/**
 * Tools beyond SPEC §2's route list: old-photo colourising (SPEC §7 submit feature, issue 19) and text
 * and seal extraction (SPEC §1 names the tool without a §2 path).
 */
const EXTRA_TOOL_PATHS = ['/tools/photo-colorizer', '/tools/text-extractor'];

describe('route table', () => {
  it('has every SPEC path exactly once, the operator pages, the extra tools, and nothing else', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...OPERATOR_PATHS, ...EXTRA_TOOL_PATHS].sort());
  });

  it('reads pid on the three editor-step pages', () => {
    expect(ROUTES.filter((route) => route.query === 'pid').map((route) => route.path).sort())
      .toEqual(['/batch-edit/edit', '/create/edit', '/tools/id-photo-edit']);
  });

  it('has a title and a description in en.json for every route', () => {
    const keys = flatten(MESSAGES.en);
    for (const route of ROUTES) {
      expect(keys, route.path).toHaveProperty([route.titleKey]);
      expect(keys, route.path).toHaveProperty([route.descriptionKey]);
    }
    for (const group of TOOL_GROUPS) expect(keys).toHaveProperty([`toolGroups.${group}`]);
  });

  it('never starts a path with a locale-shaped segment (it would be taken for a language)', () => {
    for (const route of ROUTES) {
      expect(splitLocalePath(`/en${route.path}`).rest, route.path).toBe(route.path);
      expect(splitLocalePath(route.path).canonical, route.path).toBe(route.path === '/' ? '/en' : `/en${route.path}`);
    }
  });

  it('renders the real pages for home, tools, 404 and the background remover', () => {
    expect(findRoute('/')?.kind).toBe('home');
    expect(findRoute('/tools')?.kind).toBe('toolsIndex');
    expect(findRoute('/404')?.kind).toBe('notFound');
    expect(findRoute(BACKGROUND_REMOVER_PATH)?.kind).toBe('backgroundRemover');
    expect(findRoute('/no-such-page')).toBeUndefined();
  });

  it('lists tools only in known groups, and features only listed tools', () => {
    const listed = ROUTES.filter((route) => route.listed);
    expect(listed.length).toBeGreaterThanOrEqual(20);
    for (const route of listed) expect(TOOL_GROUPS).toContain(route.group);
    for (const route of ROUTES.filter((r) => r.featured)) expect(route.listed, route.path).toBe(true);
  });
});
