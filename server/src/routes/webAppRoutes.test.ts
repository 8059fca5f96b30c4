import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../engine/spec/locales';
import { ROUTES } from '../../../engine/site/routes';
import { blogSlugs, isKnownWebPath } from './knownWebPath';
import { registerWebAppRoutes } from './webAppRoutes';

const webDir = mkdtempSync(path.join(tmpdir(), 'webapp-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
const app = Fastify();
await registerWebAppRoutes(app, webDir);
afterAll(() => app.close());

describe('web app pages', () => {
  it('answers a page of the route table with 200 and the app, in any language or without prefix', async () => {
    for (const url of ['/en', '/de/tools', '/zh-tw/help', '/tools/background-remover', '/ja/create/edit?pid=PROJ_x']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an unknown page with a real 404 status, still with the app so it can show its 404 page', async () => {
    for (const url of ['/en/no-such-page', '/de/tools/nothing', '/blog/not-an-article', '/404']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('knows every route of the table in every language, and the articles of content/blog', () => {
    const slugs = blogSlugs();
    expect(slugs.size).toBeGreaterThanOrEqual(5);
    for (const lang of LANGUAGES) {
      for (const route of ROUTES.filter((r) => r.path !== '/404'))
        expect(isKnownWebPath(`/${lang}${route.path === '/' ? '' : route.path}`, slugs), `${lang} ${route.path}`).toBe(true);
      for (const slug of slugs) expect(isKnownWebPath(`/${lang}/blog/${slug}`, slugs)).toBe(true);
    }
  });

  it('tells an article slug from an unknown one', () => {
    expect(isKnownWebPath('/fr/blog/remove-background', new Set(['remove-background']))).toBe(true);
    expect(isKnownWebPath('/fr/blog/other', new Set(['remove-background']))).toBe(false);
  });
});
