import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BATCH_TOOLS, BATCH_TOOL_IDS, type BatchToolId } from '../spec/batch';
import { MESSAGES } from '../../locales';
import { flatten } from '../../locales/localeRules';
import { splitLocalePath } from './localePath';
import { BACKGROUND_REMOVER_PATH, ROUTES, TOOL_GROUPS, findRoute } from './routes';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every path of SPEC §2 (the product-photography landings named by their backgrounds). */
const SPEC_PATHS = [
  '/',
  '/tools',
  '/pricing',
  '/order',
  '/account',
  '/log-in',
  '/sign-up',
  '/blog',
  '/template',
  '/help',
  '/about',
  '/404',
  '/privacy-policy',
  '/term-of-use',
  '/cookies-policy',
  '/create',
  '/create/edit',
  '/project',
  '/cutouts',
  '/tools/background-remover',
  '/tools/background-changer',
  '/tools/photo-enhancer',
  '/tools/magic-eraser-with-ai-detection',
  '/tools/ai-image-extender',
  '/tools/id-photo-maker',
  '/tools/id-photo-edit',
  '/tools/blur-background',
  '/product-photography/white-background',
  '/product-photography/green-background',
  '/product-photography/blue-background',
  '/ai-background',
  '/ai-image-generator',
  '/ai-image-generator/create',
  '/image-to-image-ai',
  '/image-to-image-ai/create',
  '/ai-replace',
  '/ai-replace/ai-clothes-changer',
  '/ai-replace/ai-virtual-try-on-product',
  '/ai-replace/background-replacer',
  '/batch',
  '/batch-edit',
  '/batch-edit/bulk-image-enhancer',
  '/batch-edit/bulk-background-remover',
  '/batch-edit/bulk-background-changer',
  '/batch-edit/bulk-image-resizer',
  '/batch-edit/edit',
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
    expect(
      ROUTES.filter((route) => route.query === 'pid')
        .map((route) => route.path)
        .sort(),
    ).toEqual(['/batch-edit/edit', '/create/edit', '/tools/id-photo-edit']);
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
    expect(findRoute('/')?.page).toBe('pages/HomePage');
    expect(findRoute('/tools')?.page).toBe('pages/ToolsPage');
    expect(findRoute('/404')?.page).toBe('site/pages/NotFoundPage');
    expect(findRoute(BACKGROUND_REMOVER_PATH)?.page).toBe('pages/BackgroundRemoverPage');
    expect(findRoute('/no-such-page')).toBeUndefined();
  });

  it('names for every route a page file that exports a component of its name', () => {
    for (const route of ROUTES) {
      const file = path.join(SRC, `${route.page}.tsx`);
      expect(existsSync(file), `${route.path}: src/${route.page}.tsx`).toBe(true);
      expect(route.page, route.path).toMatch(/Page$/);
      const name = route.page.slice(route.page.lastIndexOf('/') + 1);
      expect(readFileSync(file, 'utf8'), `${route.path}: export ${name}`).toMatch(new RegExp(`export (function|const) ${name}\\b`));
    }
  });

  it('gives each bulk tool page the tool whose path it is', () => {
    const bulk = ROUTES.filter((route) => route.page === 'pages/batch/BatchToolPage');
    expect(bulk.map((route) => route.pageProps?.tool).sort()).toEqual([...BATCH_TOOL_IDS].sort());
    for (const route of bulk) expect(BATCH_TOOLS[route.pageProps?.tool as BatchToolId].path).toBe(route.path);
  });

  it('lists tools only in known groups, and features only listed tools', () => {
    const listed = ROUTES.filter((route) => route.listed);
    expect(listed.length).toBeGreaterThanOrEqual(20);
    for (const route of listed) expect(TOOL_GROUPS).toContain(route.group);
    for (const route of ROUTES.filter((r) => r.featured)) expect(route.listed, route.path).toBe(true);
  });
});
