import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import { blogSlugs, isKnownWebPath } from './knownWebPath';

const API_PREFIXES = ['/api/', '/files/', '/raw/', '/img/', '/fonts/', '/stickers/'];

/**
 * Serves the built web app (vite build → dist/) and answers every other GET with index.html,
 * so client-side routes such as /de/tools/background-remover load directly; unknown paths answer 404.
 */
export async function registerWebAppRoutes(app: FastifyInstance, webDir: string): Promise<void> {
  const indexHtml = path.join(webDir, 'index.html');
  const built = existsSync(indexHtml);
  const slugs = blogSlugs();
  if (built) {
    // preCompressed: the build writes .br/.gz beside each asset (scripts/vitePrecompress.ts).
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, maxAge: '1h', preCompressed: true });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || API_PREFIXES.some((p) => request.url.startsWith(p))) {
      return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, `no route for ${request.method} ${request.url.split('?')[0]}`));
    }
    // A missing asset (an old hashed bundle name) must not come back as HTML.
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0])) return reply.code(404).send('not found');
    if (!built) {
      return reply
        .type('text/html')
        .send('<!doctype html><title>Lumacut</title><p>The web app is not built yet. Run <code>npm run build</code>, then reload.</p>');
    }
    // Unknown pages get a real 404 status; the app in index.html shows its 404 page.
    const status = isKnownWebPath(request.url.split('?')[0], slugs) ? 200 : 404;
    return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html');
  });
}
